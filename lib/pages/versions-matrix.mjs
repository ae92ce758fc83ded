// The answer at the top of the versions page: every workload × version against
// a baseline the reader picks, in both measures (instructions per transaction,
// which decide at a small margin, and timed throughput beside them), and one
// sentence per pair generated from the verdicts. Every baseline is computed
// here, at build time, with the same statistics as the tables below (each
// baseline's comparisons Holm-corrected as one family per workload), so the
// browser only picks; with the oldest version as the baseline the figures are
// the tables'.
import {byTargetOrder, comparableBuilds, optimizationOf, withTargetsOf} from '../model/targets.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {groupFigures, versusBaseline} from '../numbers/repeat-stats.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {marginOf} from '../model/measures.mjs';
import {ANSWER_TIME_PART, SUMMARY_PART} from '../i18n/message-keys.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {verdictParts} from './verdict-parts.mjs';
import {listOf} from '../i18n/list.mjs';
import {cellKey} from '../model/keys.mjs';
import {measureConditions} from './measure-conditions.mjs';

const PART = {instructions: SUMMARY_PART, time: ANSWER_TIME_PART};
const MEASURES = {
  time: {figure: 'tps'},
  instructions: {figure: 'instructions'},
};

/**
 * Per group and target: the figure's stat of a run, or an empty map without the run, by the cell's key; an
 * instructions count also by scenario and workload alone: a page's group joins a timed run and an instructions
 * run whose clients may differ (an instructions count may run with fewer, suite.md:
 * scenarios[].instructions.clients).
 */
function figuresOf(result, figure, locale) {
  const byKey = new Map();
  if (!result) return byKey;
  for (const g of groupFigures(result.cells, [figure], locale).values()) {
    byKey.set(cellKey(g), g.figures[figure]);
    if (figure === 'instructions') byKey.set(`${g.scenario}\u0000${g.workload}\u0000${g.target}`, g.figures[figure]);
  }
  return byKey;
}

/** A target's stat in a page's group: of the same clients, else (instructions) of its one count. */
const statOf = (figures, g, target) =>
  figures.get(cellKey({...g, target})) ?? figures.get(`${g.scenario}\u0000${g.workload}\u0000${target}`);

/** What the page shows of one comparison: the change, its interval and verdict, as numbers and text. */
function cellOf(v) {
  if (!v) return null;
  // Numbers for drawing only (their text is `text`): three significant digits are finer than a pixel of a bar.
  const round = (x) => (x === null ? null : Number(x.toPrecision(3)));
  return {
    verdict: v.low === null ? 'inconclusive' : v.verdict,
    change: round(v.change),
    low: round(v.low),
    high: round(v.high),
    text: v.changeText,
  };
}

/**
 * When a version runs both at the settings the others share and at its own defaults (a target that declares
 * `differs`), one sentence naming both, so that a reader of the first view knows which 18 it shows; else null.
 */
function defaultsNote(targets, {t, name}) {
  const own = targets.find((x) => x.differs?.length > 0);
  const like = own && targets.find((x) => x !== own && !(x.differs?.length > 0) && major(x) === major(own));
  return like ? t('versions.answer.defaults', {like: name(like.id), defaults: name(own.id)}) : null;
}
const major = (target) => target.serverVersion?.split('.')[0];

/** What a row says when its two measures ran with different clients (a count runs fewer: suite.md), else null. */
function clientsNote(runs, g, {t, locale}) {
  const [time, instructions] = [runs.time, runs.instructions].map(
    (run) => run?.cells.find((c) => c.scenario === g.scenario && c.workload === g.workload)?.parameters.clients,
  );
  if (!time || !instructions || time === instructions) return null;
  const n = (v) => formatFigure(v, 'integer', locale);
  return t('versions.answer.clients', {clients: n(instructions), timedClients: n(time)});
}

/**
 * @param {object} timed  the suite's timed run
 * @param {object|null} instructions  its instructions run
 * @param {{id: string, scenario: string, workload: string, names: {scenario: string, workload: string}}[]} groups
 *   the page's groups, in order
 * @param {{locale: string, t: Function, name: Function, words?: string}} options  name: a target's name;
 *   words: 'suite' for servers that are not versions (and no note on one version at its own defaults)
 * @returns {{targets, groups, pairs, initial, margins}|null}  null when the run has fewer than two versions
 */
export function versionsMatrix(timed, instructions, groups, {locale, t, name, words = 'versions'}) {
  // The servers of both runs: a build counted for instructions only is a row of its own, with no timed figure.
  const both = withTargetsOf(timed, instructions);
  const controls = controlsOf(both);
  const order = byTargetOrder(both);
  const measured = (id) => [timed, instructions].some((run) => run?.cells.some((c) => c.target === id));
  const targets = both.environment.targets
    .filter((x) => x.serverVersion && !controls.has(x.id) && measured(x.id))
    .sort((a, b) => order(a.id, b.id));
  if (targets.length < 2) return null;
  const runs = {time: timed, instructions};
  const margins = {time: marginOf(timed), instructions: instructions ? marginOf(instructions) : null};
  const figures = Object.fromEntries(
    Object.entries(MEASURES).map(([m, {figure}]) => [m, figuresOf(runs[m], figure, locale)]),
  );
  const list = (items) => listOf(items, locale, {clauses: true});

  const comparable = (a, b) => comparableBuilds(both, a, b);
  const {cells, detectable} = decideCells(targets, groups, {figures, margins, locale, comparable});
  const pairs = targets.flatMap((base) =>
    targets
      .filter((x) => x.id !== base.id)
      .map((x) => {
        const row = cells[base.id][x.id];
        const [instructionParts, timeParts] = ['instructions', 'time'].map((measure) => {
          const met = groups.map((g) => row[g.id]?.[measure]).filter(Boolean);
          const margin = margins[measure] && unsignedPercent(margins[measure], locale);
          return met.length > 0
            ? list(verdictParts(met, PART[measure], {t, locale, margin, detectable: (c) => detectable.get(c)}))
            : null;
        });
        const who = {name: name(x.id), base: name(base.id)};
        return {
          target: x.id,
          baseline: base.id,
          sentence: comparable(x.id, base.id)
            ? pairSentence(t, who, {instructions: instructionParts, time: timeParts})
            : t('versions.answer.otherBuild', who),
          groups: Object.fromEntries(groups.map((g) => [g.id, row[g.id] ?? {}])),
        };
      }),
  );

  // The reader's first view: the newest version at the settings the others share, against the one before it; of
  // servers that are not versions, the second against the first (the suite's first is its baseline).
  // Of the versions, those at the settings and the build the first shares (a build of its own is a column, not
  // the first view): the newest against the one before it.
  const alike = targets.filter((x) => !(x.differs?.length > 0) && optimizationOf(x) === optimizationOf(targets[0]));
  const newest = words === 'versions' ? (alike.at(-1) ?? targets.at(-1)) : targets[1];
  const before =
    words === 'versions' && alike.length > 1
      ? alike.at(-2)
      : (targets[targets.indexOf(newest) - 1] ?? targets.find((x) => x !== newest));
  return {
    targets: targets.map((x) => ({id: x.id, name: name(x.id), version: x.serverVersion})),
    // Grouped by scenario, each named once above its workloads.
    scenarios: [...new Set(groups.map((g) => g.scenario))].map((scenario) => {
      const these = groups.filter((g) => g.scenario === scenario);
      return {
        id: scenario,
        name: these[0].names.scenario,
        groups: these.map((g) => ({id: g.id, name: g.names.workload, clients: clientsNote(runs, g, {t, locale})})),
      };
    }),
    margins: {
      time: unsignedPercent(margins.time, locale),
      instructions: margins.instructions === null ? null : unsignedPercent(margins.instructions, locale),
    },
    marginValues: margins,
    // What each measure counted, with how many clients, for how long, on which builds and machine.
    conditions: measureConditions(runs, {t, locale}),
    initial: {target: newest.id, baseline: before.id},
    // A version also run at its own defaults: which server is which, said under the answer.
    defaults: words === 'versions' ? defaultsNote(targets, {t, name}) : null,
    ...groupNotes(groups, {locale, margin: margins.time}),
    pairs,
  };
}

/**
 * What the answer says of groups, not only the groups themselves: those whose A/A control did not come out the
 * same within the margin (a throughput verdict there is less firm than the margin suggests), and those whose runs
 * drifted through the run (result-groups.mjs, driftOf: their verdicts are not of steady states). Null for none.
 */
function groupNotes(groups, {locale, margin}) {
  const titles = (these) =>
    these.length > 0
      ? listOf(
          these.map((g) => g.title),
          locale,
        )
      : null;
  const noisy = titles(groups.filter((g) => g.control && g.control.verdict !== 'equivalent'));
  const drifted = titles(groups.filter((g) => g.drift));
  return {
    noisyControls: noisy && {groups: noisy, margin: unsignedPercent(margin, locale)},
    drifted: drifted && {groups: drifted},
  };
}

/** A pair's sentence: both measures, or the one measured (a build counted only in instructions has no time). */
function pairSentence(t, who, {instructions, time}) {
  if (instructions && time) return t('versions.answer.sentence', {...who, instructions, time});
  if (instructions) return t('versions.answer.instructionsOnly', {...who, instructions});
  return t('versions.answer.timeOnly', {...who, time: time ?? t('versions.answer.noneTogether')});
}

/**
 * Every ordered pair of versions built alike (or of one version) in every group and measure, decided:
 * cells[baseline][target][group][measure];
 * and what an undecided one could have seen (detectable), for the sentence only.
 */
function decideCells(targets, groups, {figures, margins, locale, comparable}) {
  const cells = {};
  const detectable = new Map();
  for (const base of targets) {
    cells[base.id] = Object.fromEntries(targets.map((x) => [x.id, {}]));
    // A server built otherwise than the baseline, and not of its version, is not compared with it.
    const others = targets.filter((x) => x.id !== base.id && comparable(x.id, base.id));
    for (const g of groups) {
      const stat = (measure, target) => statOf(figures[measure], g, target);
      for (const [measure, {figure}] of Object.entries(MEASURES)) {
        if (!margins[measure]) continue;
        const versus = versusBaseline(
          stat(measure, base.id),
          others.map((x) => stat(measure, x.id)),
          {locale, margin: margins[measure], figure},
        );
        others.forEach((x, i) => {
          cells[base.id][x.id][g.id] ??= {};
          cells[base.id][x.id][g.id][measure] = cellOf(versus[i]);
          detectable.set(cells[base.id][x.id][g.id][measure], versus[i]?.detectable ?? null);
        });
      }
    }
  }
  return {cells, detectable};
}
