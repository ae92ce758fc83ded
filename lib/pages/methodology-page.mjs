// The data of the methodology page: each suite's design (margin, A/A control,
// warm-up) and the command that reruns it, what the runner did in each
// published run (from its result), the A/A controls' intervals (the noise
// floor), the machines, and the rounding rule shown on real figures.
import {formatFigure} from '../numbers/format.mjs';
import {bracketed, listOf, listSeparator} from '../i18n/list.mjs';
import {unsignedPercent, WANTED_CHANGE} from '../numbers/comparison-text.mjs';
import {majorOf} from '../model/targets.mjs';
import {compareRun} from '../model/comparisons.mjs';
import {MIN_ROUND_PAIRS} from '../model/round-pairs.mjs';
import {FIGURES, marginOf, MIN_INSTRUCTION_MARGIN, MIN_MARGIN} from '../model/measures.mjs';
import {LEVEL} from '../stats/level.mjs';
import {PUBLISHED_MIN_REPEAT} from '../suites/suite.mjs';
import {runInfo} from './run-info.mjs';
import {runMethod} from './run-facts.mjs';
import {sentences, verdictSentence, worded} from './verdict-words.mjs';
import {METHOD_SCENARIO, METHOD_SUITE, PLANNER_CASE, VERSIONS_WORKLOAD, messageKey} from '../i18n/message-keys.mjs';
import {suiteWord} from '../i18n/suite-words.mjs';

/**
 * @param {object[]} suites  loaded suites (lib/suites/suite.mjs)
 * @param {object[]} published  the results the pages are made from
 */
/** The latency percentile the rounding example shows. */
const PERCENTILE = 99;

/**
 * The catalog key that names a suite's workload where the suite's own page names it
 * (the versions page's workloads, the planner page's cases); other suites show the id.
 */
const WORKLOAD_NAME_KEYS = {
  'pg-versions': (id) => messageKey(VERSIONS_WORKLOAD, id, 'VERSIONS_WORKLOAD'),
  'pg17-planner': (id) => messageKey(PLANNER_CASE, id, 'PLANNER_CASE').short,
};

export function methodologyPage(suites, published, {locale, t, instructionRuns = [], words = () => null}) {
  // A scenario of the site's own suites is named in the reader's language (METHOD_SCENARIO); any other suite's
  // by its id, as its page names it. The id stays beside the name, because --only scenario=<id> takes it.
  const scenarioName = (suite, id) =>
    Object.hasOwn(METHOD_SCENARIO, `${suite}/${id}`)
      ? {text: t(METHOD_SCENARIO[`${suite}/${id}`])}
      : (words(suite, 'scenarios', id) ?? {text: id});
  const workloadName = (suite, id) =>
    Object.hasOwn(WORKLOAD_NAME_KEYS, suite) ? t(WORKLOAD_NAME_KEYS[suite](id)) : id;
  const n = (v) => (v === null || v === undefined ? null : formatFigure(v, 'integer', locale));
  // A cell whose log pgbench timed throughout, for a latency the pages would show; else any measured one.
  const timed = (c) => c.status === 'ok' && latencyOf(c) !== null;
  const ok = (c) => c.status === 'ok' && c.summary?.tps > 0;
  const first = published.find((r) => r.cells.some(timed)) ?? published.find((r) => r.cells.some(ok));
  const cell = first?.cells.find(timed) ?? first?.cells.find(ok);
  const examples = roundingExamples(cell, locale);
  const margins = suites.filter((s) => s.published).map((s) => marginsOf(s, {published, instructionRuns, locale}));
  return {
    locale,
    suites: suites.map((s) =>
      suiteDesign(s, {n, t, locale, scenarioName, workloadName, words, ran: ranFor(published, s.id, locale, t)}),
    ),
    runs: published.map((r) => {
      const run = runInfo(
        r,
        locale,
        suites.find((s) => s.id === r.run.suite),
      );
      return {...run, method: sentences(runMethod(t, run), locale)};
    }),
    noiseFloor: published
      .flatMap((r) => noiseFloorOf(r, {locale, t}))
      .map(({sentence, ...c}) => {
        const names = {scenario: scenarioName(c.suite, c.scenario).text, workload: workloadName(c.suite, c.workload)};
        return {...c, text: sentences([t('method.noiseFloor.item', {run: c.run, ...names}), sentence], locale)};
      }),
    examples,
    exampleRun: first?.run.id ?? null,
    // The rule every comparison follows (lib/stats/compare.mjs), in the page's words, with each published
    // suite's margins as the suites set them (never a figure written into the text).
    margins,
    // The same, as the rule's sentence lists them: joined here, so that the reader's browser makes no list
    // formatter while the page hydrates (its first cost a phone tens of milliseconds).
    marginsText: listOf(
      margins.map((m) => t(m.instructions ? 'method.numbers.suiteMargin' : 'method.numbers.suiteMarginTime', m)),
      locale,
      {clauses: true},
    ),
    minInstructionMargin: unsignedPercent(MIN_INSTRUCTION_MARGIN, locale),
    minMargin: unsignedPercent(MIN_MARGIN, locale),
    minRepeats: n(PUBLISHED_MIN_REPEAT),
    // The fewest rounds a timed group is compared round by round with.
    roundPairs: n(MIN_ROUND_PAIRS),
    level: unsignedPercent(LEVEL, locale),
    // The change a timed comparison's "would need about N rounds" sentence is about.
    wanted: unsignedPercent(WANTED_CHANGE, locale),
  };
}

/** A suite's design as the page lists it: versions, repeats, margin, controls, workloads, scenarios, settings. */
function suiteDesign(s, {n, t, locale, scenarioName, workloadName, words, ran}) {
  return {
    id: s.id,
    // Named in the reader's language: the site's own suites by METHOD_SUITE, any other by its own title.
    name: Object.hasOwn(METHOD_SUITE, s.id) ? {text: t(METHOD_SUITE[s.id])} : (words(s.id, 'title') ?? {text: s.id}),
    command: `npm run bench -- run ${s.id}`,
    versions: versionsOf(s, locale),
    repeat: n(s.repeat),
    // A suite that fixed no margin from an A/A of its own is shown with none: the default is no measurement.
    margin: s.marginSet ? unsignedPercent(s.margin, locale) : null,
    ran,
    published: s.published,
    controls: s.targets
      .filter((t) => t.control)
      .map((t) => ({
        id: t.id,
        of: t.control,
        version: String(t.major),
        scenarios: t.scenarios?.map((id) => scenarioName(s.id, id).text),
        workloads: t.workloads?.map((id) => workloadName(s.id, id)),
      })),
    workloads: s.workloads.map((w) => workloadName(s.id, w.id)),
    scenarios: s.scenarios.map((sc) => ({
      id: sc.id,
      name: scenarioName(s.id, sc.id),
      scale: n(sc.scale),
      clients: sc.clients.map(n).join(listSeparator(locale)),
      threads: n(sc.threads),
      durationS: n(sc.durationS),
      warmupS: sc.warmupS > 0 ? n(sc.warmupS) : null,
      log: sc.log,
    })),
    // The settings every target of the suite runs with (a target's own are its own, not the suite's).
    settings: Object.entries(s.targets[0]?.settings ?? {})
      .filter(([k, v]) => s.targets.every((x) => x.settings[k] === v))
      .map(([k, v]) => `${k} = ${v}`),
  };
}

/**
 * How long each measured run of a suite's newest published timed run lasted, and that run: a run may be made
 * shorter than its suite says (--duration); null when none is published or its runs were counted in transactions.
 */
function ranFor(published, suiteId, locale, t) {
  const run = published.find((r) => r?.run.suite === suiteId);
  const durations = [...new Set((run?.cells ?? []).map((c) => c.parameters.durationS).filter((d) => d > 0))];
  if (durations.length === 0) return null;
  return {
    run: run.run.id,
    durations: durations.sort((a, b) => a - b).map((d) => formatFigure(d, 'integer', locale)),
    // As the suite's sentence lists them (joined here: see marginsText).
    durationsText: listOf(
      durations.map((d) => t('common.seconds', {value: formatFigure(d, 'integer', locale)})),
      locale,
    ),
    ...loadsOf(run.preparations ?? [], locale),
  };
}

/**
 * How many times each server's data was loaded (pgbench -i): a run made in parts loads it in each part, and a
 * server that runs two sizes loads each. `loads`: the same count for every server; else `loadsPerScale`: at each
 * scale, the same count for every server that ran it ("-s 50: 3"); else `unevenLoads`, each server's.
 */
function loadsOf(preparations, locale) {
  const inits = preparations.filter((x) => x.kind === 'init');
  const perTarget = (list) => {
    const m = new Map();
    for (const p of list) m.set(p.target, (m.get(p.target) ?? 0) + 1);
    return m;
  };
  const even = (m) => new Set(m.values()).size === 1;
  const n = (value) => formatFigure(value, 'integer', locale);
  const totals = perTarget(inits);
  if (totals.size === 0) return {loads: null, loadsPerScale: null, unevenLoads: null};
  if (even(totals)) return {loads: n(totals.values().next().value), loadsPerScale: null, unevenLoads: null};
  const scales = [...new Set(inits.map((p) => p.scale))].sort((a, b) => a - b);
  const perScale = scales.map((scale) => perTarget(inits.filter((p) => p.scale === scale)));
  if (perScale.every(even)) {
    const list = scales.map((scale, i) => `-s ${scale}: ${n(perScale[i].values().next().value)}`);
    return {loads: null, loadsPerScale: listOf(list, locale), unevenLoads: null};
  }
  const each = [...totals].map(([target, v]) => `${target} ${n(v)}`);
  return {loads: null, loadsPerScale: null, unevenLoads: listOf(each, locale)};
}

/**
 * A suite's servers as its design names them: each version once (18 like for like and 18 at its own defaults are
 * one version); where every server is of one version, the version with the servers' ids ("17 (sb16mb, sb1gb)").
 */
function versionsOf(s, locale) {
  const servers = s.targets.filter((t) => !t.control);
  const versions = [...new Set(servers.map((t) => (t.kind === 'embedded' ? String(t.major) : t.id)))];
  return versions.length === 1 && servers.length > 1
    ? bracketed(versions[0], servers.map((t) => t.id).join(listSeparator(locale)), locale)
    : versions.join(listSeparator(locale));
}

/**
 * The margins that decided the runs the pages show (each fixed before its run, recorded in it), and a
 * suite's own where it has set another for its next run.
 */
function marginsOf(s, {published, instructionRuns, locale}) {
  const timed = published.find((r) => r?.run.suite === s.id);
  const counted = instructionRuns.find((r) => r?.run.suite === s.id);
  const time = timed ? marginOf(timed) : s.margin;
  const instructions = s.measures.includes('instructions')
    ? counted
      ? marginOf(counted)
      : s.instructions.margin
    : null;
  const pct = (m) => (m === null ? null : unsignedPercent(m, locale));
  return {
    suite: s.id,
    time: pct(time),
    instructions: pct(instructions),
    nextTime: time === s.margin ? null : pct(s.margin),
    nextInstructions:
      instructions === null || instructions === s.instructions.margin ? null : pct(s.instructions.margin),
  };
}

/** The latency the rounding rule is shown on, in ms, as every page reads it (null: untimed or no log). */
const latencyOf = (cell) => FIGURES[`p${PERCENTILE}`].read(cell) ?? null;

/** The rounding rule on a real cell: the number as measured, and as every page writes it. */
function roundingExamples(cell, locale) {
  return cell
    ? [
        ['tps', cell.summary.tps],
        ['ms', latencyOf(cell)],
        ['count', cell.summary.processed],
      ]
        .filter(([, value]) => value !== null)
        .map(([kind, value]) => ({
          kind,
          raw: String(value),
          text: formatFigure(value, kind, locale),
          p: formatFigure(PERCENTILE, 'integer', locale),
        }))
    : [];
}

/** Each A/A control of a run against its twin, in TPS: the noise this machine makes with nothing to find. */
function noiseFloorOf(result, {locale, t}) {
  const margin = marginOf(result);
  return compareRun(result)
    .list.filter((c) => c.control && c.metric === 'tps')
    .map((c) => {
      const base = t('common.postgresVersion', {version: majorOf(result, c.baseline.target)});
      const name = t('common.controlName', {name: base});
      return {
        run: result.run.id,
        suite: result.run.suite,
        scenario: c.scenario,
        workload: c.workload,
        verdict: c.verdict,
        sentence: verdictSentence(t, worded(c, {locale, margin}), {name, base, locale}),
      };
    });
}

/** The Methodology page: every suite, and the runs of the published ones. */
export const page = {
  id: 'methodology',
  doc: 'methodology',
  label: 'site.nav.method',
  navbar: true,
  messages: ['common', 'method', 'suite.englishMark'],
  build: ({content, locale, t, messages, inEnglish, newestRun}) => {
    // The runs the pages are made from: the versions and planner pages' (which need theirs), and the newest of
    // every other published suite that has one.
    const published = content.suites.filter((s) => s.published).map((s) => s.id);
    const runs = published.map((id) => newestRun(id, {required: ['pg-versions', 'pg17-planner'].includes(id)}));
    return methodologyPage(content.suites, runs.filter(Boolean), {
      locale,
      t,
      instructionRuns: published.map((id) => newestRun(id, {measure: 'instructions'})),
      words: (...parts) => suiteWord(messages, inEnglish, ...parts),
    });
  },
};
