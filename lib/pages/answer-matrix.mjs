// The answer at the top of a page of results: every group × server against a baseline the reader picks, in each
// measure the suite ran (instructions per transaction, which decide at a small margin, and timed throughput beside
// them), and one sentence per pair made from the verdicts. Every baseline's comparisons are those the run decided
// (lib/model/comparisons.mjs, memoized: with the first server as the baseline, the tables' own), so the browser
// only picks; its words arrive written.
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {compareRun, controlsOf} from '../model/comparisons.mjs';
import {parseGroupKey} from '../model/keys.mjs';
import {MEASURE_ORDER, MEASURES, marginOf} from '../model/measures.mjs';
import {byTargetOrder, comparableBuilds, majorOf, optimizationOf, withTargetsOf} from '../model/targets.mjs';
import {listOf} from '../i18n/list.mjs';
import {measureConditions} from './measure-conditions.mjs';
import {verdictParts} from './verdict-parts.mjs';
import {verdictShort, worded} from './verdict-words.mjs';

/** The answer's words: of versions (the versions page), or of any servers. */
const WORDS = {
  versions: {
    label: 'versions.answer.label',
    target: 'versions.answer.version',
    baseline: 'versions.answer.baseline',
    rows: 'versions.answer.workload',
    caption: 'versions.answer.caption',
    // Throughput taken round by round (round-pairs.mjs, roundsApart).
    captionRounds: 'versions.answer.captionRounds',
  },
  servers: {
    label: 'suite.answer.label',
    target: 'suite.answer.target',
    baseline: 'suite.answer.baseline',
    rows: 'suite.answer.rows',
    caption: 'suite.answer.caption',
    captionRounds: 'suite.answer.captionRounds',
    // Without an instructions run, its margin is not named.
    captionTime: 'suite.answer.captionTime',
    captionTimeRounds: 'suite.answer.captionTimeRounds',
    // Too few runs for any interval against this baseline: the caption promises none.
    captionTimeNoInterval: 'suite.answer.captionTimeNoInterval',
  },
};

/** What the matrix shows of one comparison: the change, its interval and verdict, as numbers and text. */
function cellOf(t, w, measure, as) {
  if (!w) return null;
  // Numbers for drawing only (their text is `text`): three significant digits are finer than a pixel of a bar.
  const round = (x) => (x === null ? null : Number(x.toPrecision(3)));
  const short = verdictShort(t, w, measure);
  const text = as === 'ratio' ? t('common.times', {ratio: w.ratioText}) : w.changeText;
  return {verdict: w.verdict, change: round(w.change), low: round(w.low), high: round(w.high), text, short};
}

/**
 * @param {{time: object, instructions: object|null}} runs  the suite's timed run and its instructions run
 * @param {object[]} groups  the page's groups (result-groups.mjs), in order
 * @param {{locale: string, t: Function, name: Function, words: 'versions'|'servers', first: 'newest'|'second',
 *   as?: 'percent'|'ratio'}} options  first: the reader's first view, the newest version at the settings the others
 *   share against the one before it, or the second server against the first
 * @returns {object|null}  null when the runs have fewer than two servers to compare
 */
export function answerMatrix(runs, groups, {locale, t, name, words, first, as}) {
  const both = withTargetsOf(runs.time, runs.instructions);
  const controls = controlsOf(both);
  const measured = (id) => MEASURE_ORDER.some((m) => runs[m]?.cells.some((c) => c.target === id));
  const targets = both.environment.targets
    .filter((x) => x.serverVersion && !controls.has(x.id) && measured(x.id))
    .sort((a, b) => byTargetOrder(both)(a.id, b.id));
  if (targets.length < 2) return null;
  const measures = MEASURE_ORDER.filter((m) => runs[m]);
  const margins = Object.fromEntries(measures.map((m) => [m, marginOf(runs[m])]));
  const cellsOf = (base, target) =>
    Object.fromEntries(
      groups.map((g) => [g.id, Object.fromEntries(measures.map((m) => [m, decided(runs[m], g, base, target, m)]))]),
    );
  const decided = (run, g, base, target, m) => {
    const key = g.keys[m];
    if (!key || !run.cells.some((c) => c.target === base)) return null;
    return worded(compareRun(run, {baseline: base}).of(key, target, MEASURES[m].headline), {
      locale,
      margin: margins[m],
    });
  };
  const pairs = targets.flatMap((base) =>
    targets
      .filter((x) => x.id !== base.id)
      .map((x) => {
        const cells = cellsOf(base.id, x.id);
        const who = {name: name(x.id), base: name(base.id)};
        const parts = Object.fromEntries(
          measures.map((m) => {
            const met = groups.map((g) => cells[g.id][m]).filter(Boolean);
            const options = {t, locale, margin: margins[m], measure: m, as: m === 'time' ? as : 'percent'};
            return [m, met.length > 0 ? verdictParts(met, options) : null];
          }),
        );
        return {
          target: x.id,
          baseline: base.id,
          sentence: comparableBuilds(both, x.id, base.id)
            ? pairSentence(t, who, parts)
            : t('versions.answer.otherBuild', who),
          groups: Object.fromEntries(
            groups.map((g) => [
              g.id,
              Object.fromEntries(measures.map((m) => [m, cellOf(t, cells[g.id][m], m, m === 'time' ? as : 'percent')])),
            ]),
          ),
        };
      }),
  );
  const initial = firstView(targets, first);
  const named = (ids) => ids.map((id) => ({id, name: name(id)}));
  const w = WORDS[words];
  return {
    targets: targets.map((x) => ({id: x.id, name: name(x.id), version: x.serverVersion})),
    scenarios: scenariosOf(groups, {t, locale}),
    measures: measures.map((m) => ({id: m, label: t(MEASURES[m].column), margin: margins[m]})),
    words: {
      label: t(w.label),
      target: t(w.target),
      baseline: t(w.baseline),
      rows: t(w.rows),
      // Per baseline: the column headers' "against" and the caption name it.
      against: Object.fromEntries(named(targets.map((x) => x.id)).map((x) => [x.id, againstOf(t, x.name)])),
      caption: captionsOf(targets, runs, {t, w, margins, locale, name, pairs}),
    },
    // What each measure counted, with how many clients, for how long, on which builds and machine.
    conditions: measureConditions(runs, {t, locale}),
    initial,
    // A version also run at its own defaults: which server is which, said under the answer.
    defaults: words === 'versions' ? defaultsNote(targets, {t, name}) : null,
    notes: groupNotes(groups, {t, locale, margin: margins.time}),
    pairs: withBuildGap(pairs, targets, {t, both}),
  };
}

/** The answer's caption per baseline, naming it. */
function captionsOf(targets, runs, {t, w, margins, locale, name, pairs}) {
  const oldest = name(targets[0].id);
  // Against this baseline, no timed comparison had runs enough for an interval.
  const noInterval = (id) =>
    pairs
      .filter((p) => p.baseline === id)
      .every((p) => Object.values(p.groups).every((g) => !g.time || g.time.low === null));
  return Object.fromEntries(
    targets.map(({id}) => [
      id,
      captionOf(t, w, {
        base: name(id),
        margins,
        locale,
        oldest,
        rounds: byRounds(runs.time, id),
        noInterval: noInterval(id),
      }),
    ]),
  );
}

/** Whether throughput was taken round by round against a baseline: every one of its timed comparisons paired. */
function byRounds(timed, base) {
  if (!timed?.cells.some((c) => c.target === base)) return false;
  const tps = compareRun(timed, {baseline: base}).list.filter((e) => e.metric === 'tps');
  return tps.length > 0 && tps.every((e) => e.paired);
}

const againstOf = (t, base) => t('versions.answer.against', {base});

function captionOf(t, w, {base, margins, locale, oldest, rounds, noInterval}) {
  const timeOnly = margins.instructions === undefined && w.captionTime;
  const timed = noInterval ? w.captionTimeNoInterval : rounds ? w.captionTimeRounds : w.captionTime;
  const key = timeOnly ? timed : rounds ? w.captionRounds : w.caption;
  return t(key, {
    base,
    instructionsMargin: margins.instructions === undefined ? '—' : unsignedPercent(margins.instructions, locale),
    timeMargin: unsignedPercent(margins.time, locale),
    oldest,
  });
}

/**
 * Beside a pair of servers built otherwise than the first (-O2 against the embedded servers' -Os), the sentence
 * of the same versions built as the first: how the build moves the gap, said with the figures of both. The pairs,
 * each given its own.
 */
function withBuildGap(pairs, targets, {t, both}) {
  const build = optimizationOf(targets[0]);
  const asFirst = (id) => {
    const x = targets.find((y) => y.id === id);
    if (optimizationOf(x) === build) return null;
    const major = majorOf(both, id);
    return targets.find(
      (y) => optimizationOf(y) === build && !(y.differs?.length > 0) && majorOf(both, y.id) === major,
    );
  };
  for (const pair of pairs) {
    const [target, baseline] = [asFirst(pair.target), asFirst(pair.baseline)];
    const other = target && baseline && pairs.find((p) => p.target === target.id && p.baseline === baseline.id);
    if (other) pair.build = t('versions.answer.buildGap', {sentence: other.sentence});
  }
  return pairs;
}

/**
 * The reader's first view: of versions, the newest at the settings the others share against the one before it,
 * both -O2 builds where two versions were built so, else both built as the first (another build is a column, not
 * the first view); of other servers, the second against the first.
 */
function firstView(targets, first) {
  // -O2, as distributions compile PostgreSQL: the builds people run.
  const like = (o) => targets.filter((x) => !(x.differs?.length > 0) && optimizationOf(x) === o);
  const o2 = like('-O2');
  const alike = o2.length > 1 ? o2 : like(optimizationOf(targets[0]));
  const newest = first === 'newest' ? (alike.at(-1) ?? targets.at(-1)) : targets[1];
  const before =
    first === 'newest' && alike.length > 1
      ? alike.at(-2)
      : (targets[targets.indexOf(newest) - 1] ?? targets.find((x) => x !== newest));
  return {target: newest.id, baseline: before.id};
}

/** The groups by scenario, each named once above its workloads, with a note where its measures' clients differ. */
function scenariosOf(groups, {t, locale}) {
  return [...new Set(groups.map((g) => g.scenario))].map((scenario) => {
    const these = groups.filter((g) => g.scenario === scenario);
    return {
      id: scenario,
      name: these[0].names.scenario,
      groups: these.map((g) => ({id: g.id, name: g.names.workload, clients: clientsNote(g, {t, locale})})),
    };
  });
}

/** What a row says when its two measures ran with different clients (a count runs fewer: suite.md), else null. */
function clientsNote(g, {t, locale}) {
  const [time, instructions] = ['time', 'instructions'].map((m) => g.keys[m] && parseGroupKey(g.keys[m]).clients);
  if (!time || !instructions || time === instructions) return null;
  const n = (v) => formatFigure(v, 'integer', locale);
  return t('versions.answer.clients', {clients: n(instructions), timedClients: n(time)});
}

/**
 * When a version runs both at the settings the others share and at its own defaults (a target that declares
 * `differs`), one sentence naming both, so that a reader of the first view knows which 18 it shows; else null.
 */
function defaultsNote(targets, {t, name}) {
  const major = (x) => x.serverVersion?.split('.')[0];
  const own = targets.find((x) => x.differs?.length > 0);
  const like = own && targets.find((x) => x !== own && !(x.differs?.length > 0) && major(x) === major(own));
  return like ? t('versions.answer.defaults', {like: name(like.id), defaults: name(own.id)}) : null;
}

/**
 * What the answer says of groups, not only the groups themselves: those whose A/A control did not come out the
 * same within the margin (a throughput verdict there is less firm than the margin suggests), and those whose runs
 * drifted through the run (result-groups.mjs: their verdicts are not of steady states).
 */
function groupNotes(groups, {t, locale, margin}) {
  const titles = (these) =>
    these.length > 0
      ? listOf(
          these.map((g) => g.title),
          locale,
        )
      : null;
  // An A/A within the margin (the same, or apart by less than it) is not noise to warn of.
  const withinMargin = new Set(['equivalent', 'below-margin']);
  const noisy = titles(groups.filter((g) => g.control?.verdict && !withinMargin.has(g.control.verdict)));
  const drifted = titles(groups.filter((g) => g.drift && g.drift.way !== 'held'));
  return [
    noisy && {
      kind: 'noisy-controls',
      text: t('versions.answer.noisyControl', {groups: noisy, margin: unsignedPercent(margin, locale)}),
    },
    drifted && {kind: 'drifted', text: t('versions.answer.drifted', {groups: drifted})},
  ].filter(Boolean);
}

/** A pair's sentence: both measures, or the one measured (a build counted only in instructions has no time). */
function pairSentence(t, who, {instructions, time}) {
  if (instructions && time) return t('versions.answer.sentence', {...who, instructions, time});
  if (instructions) return t('versions.answer.instructionsOnly', {...who, instructions});
  if (time) return t('versions.answer.timeOnly', {...who, time});
  return t('versions.answer.noneTogether', who);
}
