// How `bench compare` reports: a plain table on the terminal (as benchstat
// prints), or Markdown for a CI job's summary; both say when the runs come
// from different machines, since a change between them may be the machine's.
import {FIGURES} from '../lib/model/measures.mjs';
import {comparisonText} from '../lib/numbers/comparison-text.mjs';
import {formatFigure} from '../lib/numbers/format.mjs';
import {hostOf, machineFingerprint} from '../lib/results/machine.mjs';

// Written as the pages write them (lib/numbers): a median in its figure's kind, a change to the digits its
// interval supports, so that the terminal and the page never show one comparison two ways.
const figure = (v, metric) => formatFigure(v, FIGURES[metric]?.kind ?? 'tps', 'en');

const HEADINGS = [
  'scenario',
  'workload',
  'clients',
  'metric',
  'baseline',
  'candidate',
  'change',
  'interval',
  'p',
  'verdict',
];

function row(c) {
  const text = comparisonText(c, 'en');
  return [
    c.scenario,
    c.workload,
    String(c.clients),
    c.metric,
    `${c.baseline.target} ${figure(c.baseline.median, c.metric)} (${c.baseline.n})`,
    `${c.candidate.target} ${figure(c.candidate.median, c.metric)} (${c.candidate.n})`,
    text.changeText,
    c.low === null ? 'too few runs' : `${text.lowText} … ${text.highText}`,
    c.pAdjusted.toFixed(3),
    c.control ? `${c.verdict} (A/A)` : c.verdict,
  ];
}

/**
 * A comparison as `bench compare --json` prints it: the one place its changes
 * are percentages (changePct, ciLowPct, ciHighPct; +12.3 is +12.3%), as the
 * JSON has always given them; pAdjusted only where Holm's correction applied;
 * level, the interval's confidence (0.95, or more under Holm's correction).
 */
export function inPercent(c) {
  const pct = (fraction) => (fraction === null ? null : fraction * 100);
  return {
    scenario: c.scenario,
    workload: c.workload,
    clients: c.clients,
    metric: c.metric,
    ...(c.margin !== undefined && {marginPct: pct(c.margin)}),
    baseline: c.baseline,
    candidate: c.candidate,
    changePct: pct(c.change),
    ciLowPct: pct(c.low),
    ciHighPct: pct(c.high),
    p: c.p,
    ...(c.corrected && {pAdjusted: c.pAdjusted}),
    level: c.level,
    verdict: c.verdict,
    ...(c.paired && {paired: true}),
    ...(c.control && {control: true}),
  };
}

/** Rows as columns padded to their widest cell. */
function columns(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The comparisons as a table, one line each. */
const comparisonTable = (comparisons) => columns([HEADINGS, ...comparisons.map(row)]);

const SKIPPED_HEADINGS = ['not compared', 'workload', 'clients', 'metric', 'target', 'why'];
const skippedRow = (s) => [s.scenario, s.workload, String(s.clients), s.metric, s.target, s.why];

/** What could not be compared, and why: never left out in silence. */
const skippedTable = (skipped) => columns([SKIPPED_HEADINGS, ...skipped.map(skippedRow)]);

const describe = (host) => `${host.cpuModel ?? '?'}, ${host.cpuCount ?? '?'} CPUs, ${host.os ?? '?'}`;

/**
 * The machines two runs ran on: the same when every cell of both ran on one
 * machine (by fingerprint), else a sentence naming them.
 * @returns {{same: boolean, note: string|null}}
 */
export function machinesOf(older, newer) {
  const prints = (result) =>
    new Map(result.cells.map((c) => [machineFingerprint(hostOf(result, c)), hostOf(result, c)]));
  const [a, b] = [prints(older), prints(newer)];
  const same = a.size === 1 && b.size === 1 && [...a.keys()][0] === [...b.keys()][0] && [...a.keys()][0] !== null;
  if (same) return {same, note: null};
  const list = (m) => [...m.values()].map(describe).join('; ');
  return {
    same,
    note:
      `${older.run.id} ran on ${list(a)}; ${newer.run.id} on ${list(b)}. Different or unknown machines: a change ` +
      'between them may be the machine, not the code.',
  };
}

/** What `bench compare` prints on a terminal: the table, what it could not compare, the margin, the machines. */
export function terminalReport(comparisons, {margin, machines, skipped, undecided = []}) {
  const parts = [];
  if (comparisons.length > 0) parts.push(comparisonTable(comparisons));
  if (skipped.length > 0) parts.push(`${comparisons.length > 0 ? '\n' : ''}${skippedTable(skipped)}`);
  for (const u of undecided) parts.push(`\n${u.figure}: counted, not decided: ${u.why}.`);
  if (comparisons.length > 0) {
    const paired = comparisons.filter((c) => c.paired).length;
    const change = [
      paired < comparisons.length &&
        "the Hodges–Lehmann estimate (the median of every pair of runs' ratios, not the ratio of the medians)",
      paired > 0 &&
        `${paired < comparisons.length ? 'for runs that come in twins, ' : ''}the geometric mean of the twins' ` +
          "ratios (an instructions repeat's runs on the same rows, or a timed round that every target ran in: a " +
          'paired t interval)',
    ].filter(Boolean);
    parts.push(
      `\nMargin ${marginsText(comparisons, margin)}. Figures: medians (runs); change: ${change.join('; or, ')}, ` +
        'with its 95% interval; where several targets meet one baseline, p is Holm-corrected and the interval ' +
        'widened to match. (A/A) marks a control: the same version twice, the noise floor.',
    );
  }
  if (machines?.note) parts.push(`\n${machines.note}`);
  return parts.join('\n');
}

const percentOf = (fraction) => `${+(fraction * 100).toFixed(2)}%`;

/** The margins of the comparisons: one, or each figure's where they differ (±0.3%; instructions ±0.3%, cycles ±1%). */
function marginsText(comparisons, margin) {
  const byFigure = new Map(comparisons.map((c) => [c.metric, c.margin ?? margin]));
  const all = new Set(byFigure.values());
  if (all.size <= 1) return `±${+((all.size ? [...all][0] : margin) * 100).toFixed(2)}%`;
  return [...byFigure].map(([figure, m]) => `${figure} ±${+(m * 100).toFixed(2)}%`).join(', ');
}

const markdownTable = (headings, rows) => [
  `| ${headings.join(' | ')} |`,
  `|${headings.map(() => '---').join('|')}|`,
  ...rows.map((cells) => `| ${cells.map((x) => x.replace(/\|/g, '\\|')).join(' | ')} |`),
];

const VERDICT_MARK = {worse: '❌ worse', better: '✅ better'};

/** The comparisons as Markdown, for a CI job's summary. */
export function comparisonMarkdown(comparisons, {title, margin, machines, skipped = [], differences = []}) {
  const lines = [`### ${title}`, ''];
  if (machines?.note) lines.push(`> ${machines.note}`, '');
  // What else the runs differ in (lib/results/run-differences.mjs), before the figures.
  if (differences.length > 0) lines.push('> **The two runs differ:**', ...differences.map((d) => `> - ${d.text}`), '');
  const notCompared =
    skipped.length === 0
      ? []
      : ['', `**Not compared (${skipped.length}):**`, '', ...markdownTable(SKIPPED_HEADINGS, skipped.map(skippedRow))];
  if (comparisons.length === 0) {
    lines.push('**Nothing to compare**: no comparison group has figures on both sides.', ...notCompared);
    return `${lines.join('\n')}\n`;
  }
  const worse = comparisons.filter((c) => c.verdict === 'worse' && !c.control);
  lines.push(
    worse.length > 0
      ? `**${worse.length} of ${comparisons.length} comparisons are worse** beyond the ±${percentOf(margin)} margin.`
      : `None of the ${comparisons.length} comparisons is worse beyond the ±${percentOf(margin)} margin ` +
          '(inconclusive means the runs cannot tell, not that nothing changed).',
    '',
    ...markdownTable(
      HEADINGS,
      comparisons.map((c) => {
        const cells = row(c);
        cells[9] = VERDICT_MARK[c.verdict] ? cells[9].replace(c.verdict, VERDICT_MARK[c.verdict]) : cells[9];
        return cells;
      }),
    ),
    ...notCompared,
  );
  return `${lines.join('\n')}\n`;
}
