// The page of results of a suite, made from its newest runs with no code of its own: the answer (every server
// against any other, in a matrix, one sentence per pair), a chart of every group, each group's figures
// (result-groups.mjs) with what the suite adds to them (the published study beside our run, the plans it captured),
// the servers (what each is, its build, the settings they share and those declared to differ), the commands, the
// run's files and its history. A page written for a suite (result-pages.mjs) gives only its words and first view;
// any other is in the suite's own words (suites.<id>.* in the catalogs, English from its suite.yaml).
import {barChart} from '../charts/chart-spec.mjs';
import {LEVEL} from '../stats/level.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {groupFigures} from '../numbers/repeat-stats.mjs';
import {compareRun, controlsOf} from '../model/comparisons.mjs';
import {marginOf} from '../model/measures.mjs';
import {byTargetOrder, optimizationOf, withTargetsOf} from '../model/targets.mjs';
import {suiteWord} from '../i18n/suite-words.mjs';
import {answerMatrix} from './answer-matrix.mjs';
import {decideMore} from './decide-more.mjs';
import {settingsOf} from './server-settings.mjs';
import {functionsAgainst} from './function-figures.mjs';
import {point, serverStyles} from './group-charts.mjs';
import {plansOf} from './plans.mjs';
import {resultGroups} from './result-groups.mjs';
import {runFacts} from './run-facts.mjs';
import {chartCredit, formatDate, runInfo} from './run-info.mjs';
import {studyNote} from './study-figures.mjs';
import {studyGroup} from './study-group.mjs';
import {targetName} from './target-name.mjs';

/**
 * @param {object|null} result  the suite's newest timed run, or null
 * @param {{locale: string, t: Function, suite: object, page: object, messages: object, inEnglish: Set<string>,
 *   instructions?: object, profiles?: Map, study?: object}} options  page: its declaration (result-pages.mjs);
 *   messages: the locale's catalog; inEnglish: the keys of suite words it has not translated (shown in English)
 */
export function suitePage(
  result,
  {locale, t, suite, page, messages, inEnglish, instructions = null, profiles, study, lastRunOf},
) {
  // One of the suite's words, {text, lang} ('en' where the language has no translation of it yet), or null.
  const shown = new Set();
  const word = (...parts) => {
    const found = suiteWord(messages, inEnglish, suite.id, ...parts);
    if (found?.lang) shown.add(found.key);
    return found && {text: found.text, ...(found.lang && {lang: found.lang})};
  };
  const rerun = `npm run bench -- run ${suite.id}\nnpm run build`;
  if (!result) {
    const noRun = page.noRun?.(t) ?? {text: t('suite.none'), commands: rerun};
    return {locale, id: suite.id, ...ownHead(page, word, t), run: null, noRun, inEnglish: english(t, shown)};
  }
  // Every server of both runs named alike: a build counted only for instructions still names the others' builds.
  const both = withTargetsOf(result, instructions);
  const name = (target) => targetName(t, both, target);
  const head = page.own
    ? ownHead(page, word, t)
    : {details: t('suite.details'), ...page.head(t, result, {base: name(compareRun(result).baseline), locale})};
  const groups = pageGroups(result, {locale, t, suite, page, name, word, instructions, profiles, study});
  const answer = answerMatrix({time: result, instructions}, groups, {
    locale,
    t,
    name,
    words: page.words,
    first: page.first,
    as: page.as,
  });
  return {
    locale,
    id: suite.id,
    ...head,
    ...runOf(result, instructions, {t, locale, suite}),
    caveat: page.caveat?.(t, result, {locale}) ?? null,
    // A suite that fixed no margin of its own (from an A/A control) says so: its verdicts weigh the default.
    marginDefault: suite.marginSet
      ? null
      : t('suite.marginDefault', {margin: unsignedPercent(marginOf(result), locale)}),
    unmeasured: unmeasuredOf(suite, [result, instructions], {t, page, word, locale, lastRunOf}),
    answer,
    more: decideMore(result, answer, {t, locale, suite, command: page.more}),
    // On a suite's own page (and the quick run's), the answer in words: each group's statement, linked to its figures.
    statements:
      page.own || page.statements
        ? groups.filter((g) => g.statement).map((g) => ({id: g.id, title: g.title, text: g.statement}))
        : null,
    study: study ? studyNote(study, locale, t) : null,
    // Changes shown as times the throughput, the overview too: one axis of 10 to 16,000 TPS flattened the slower.
    charts: [(page.as === 'ratio' ? ratioChart : overviewChart)(result, groups, {locale, t, name, id: page.id})],
    // The functions that changed, first against the answer's baseline: the reader's first view is that pair.
    groups: answer ? functionsAgainst(groups, answer.initial.baseline) : groups,
    // Every server either run measured: a server only the instructions run counted is described too.
    servers: serversOf(both, {name, word}),
    settings: settingsOf(result),
    scripts: (result.scripts ?? []).map((s) => ({workload: s.workload, file: s.file, sql: s.sql})),
    setupFiles: setupFilesOf(suite, result),
    rerun: `# ${t('suite.rerun')}\n${rerun}`,
    history: `/history/#${suite.id}`,
    inEnglish: english(t, shown),
  };
}

/** The head of a suite's own page: its title and description, in its words. */
function ownHead(page, word, t) {
  if (!page.own) return {details: t('suite.details'), ...page.head(t)};
  return {
    title: word('title') ?? {text: page.suite},
    description: word('description'),
    lead: null,
    details: t('suite.details'),
  };
}

/** How many of the suite's words the page shows in English, said once above it; null for none. */
const english = (t, shown) =>
  shown.size === 0 ? null : {count: shown.size, text: t('suite.english', {count: String(shown.size)})};

/**
 * The suite's scenarios that neither newest run measured (a run of part of a suite), each named with the newest run
 * that did (shown on History, as it was measured), so that a reader does not take the page for the whole suite.
 * Null when the runs cover every scenario.
 */
function unmeasuredOf(suite, runs, {t, page, word, locale, lastRunOf}) {
  const measured = new Set(runs.filter(Boolean).flatMap((r) => r.cells.map((c) => c.scenario)));
  const left = suite.scenarios.filter((s) => !measured.has(s.id));
  if (left.length === 0) return null;
  const nameOf = (s) =>
    page.group?.(t, {scenario: s.id, workload: suite.workloads[0].id, parameters: {}}).scenario ??
    word('scenarios', s.id)?.text ??
    s.id;
  return {
    scenarios: left.map((s) => {
      const last = lastRunOf?.(s.id) ?? null;
      const values = {
        scenario: nameOf(s),
        ...(last && {run: last.run.id, date: formatDate(last.run.startedAt, locale)}),
      };
      return {id: s.id, text: t(last ? 'suite.unmeasured' : 'suite.neverMeasured', values), history: last !== null};
    }),
    link: t('suite.history.link'),
  };
}

/** The page's groups, with what its suite adds to each: the page's names and intro, the study, the plans. */
function pageGroups(result, {locale, t, suite, page, name, word, instructions, profiles, study}) {
  const clientCounts = new Set(result.cells.map((c) => c.parameters.clients)).size;
  const names = (cell) => {
    if (page.group) return page.group(t, cell, {locale, clientCounts});
    const clients = formatFigure(cell.parameters.clients, 'integer', locale);
    const values = {scenario: cell.scenario, workload: cell.workload, clients};
    const workload = clientCounts > 1 ? t('suite.workloadClients', values) : cell.workload;
    return {scenario: cell.scenario, workload, title: t('suite.group', values)};
  };
  const controls = controlsOf(result);
  return resultGroups(result, {
    locale,
    t,
    name,
    names: (cell) => {
      const {intro, look, ...rest} = names(cell);
      return rest;
    },
    page: page.id,
    suite,
    words: page.words,
    as: page.as,
    charts: page.charts ?? true,
    anchor: page.anchor,
    instructions,
    profiles,
    slots: (g, findings) => {
      const own = page.group?.(
        t,
        {...g, parameters: result.cells.find((c) => c.workload === g.workload)?.parameters ?? {}},
        {locale, clientCounts},
      );
      const about = page.own && {workload: word('workloads', g.workload), scenario: word('scenarios', g.scenario)};
      const plans = plansOf(result, {workload: g.workload, study, controls, t, name, words: page.words});
      return {
        intro: own?.intro?.filter(Boolean) ?? [],
        about: about && (about.workload || about.scenario) ? aboutOf(t, g, about) : null,
        study: studyGroup(study, {scenario: g.scenario, workload: g.workload, findings, locale, t, name}),
        plans: plans && {...plans, look: own?.look ?? null},
      };
    },
  });
}

/** What the suite says its workload and scenario are, each under its id. */
const aboutOf = (t, g, about) =>
  [
    about.workload && {term: t('suite.about.workload', {id: g.workload}), text: about.workload},
    about.scenario && {term: t('suite.about.scenario', {id: g.scenario}), text: about.scenario},
  ].filter(Boolean);

/** Every group's median TPS per server, in one bar chart: the page's first picture. */
function overviewChart(result, groups, {locale, t, name, id}) {
  const timed = groups.filter((g) => g.keys.time);
  const stats = groupFigures(result.cells, ['tps'], locale);
  const targets = [...new Set(result.cells.map((c) => c.target))]
    .filter((x) => !controlsOf(result).has(x))
    .sort(byTargetOrder(result));
  const several = new Set(timed.map((g) => g.scenario)).size > 1;
  return barChart({
    id: `${id}-tps`,
    locale,
    image: `/charts/${id}-tps.png`,
    credit: chartCredit(t, result, locale),
    title: t('suite.chart'),
    xTitle: t('suite.chartGroups'),
    yTitle: t('common.tpsAxis'),
    kind: 'tps',
    // Short labels where they say enough: the scenario only when the run has several.
    categories: timed.map((g) => (several ? g.title : g.names.workload)),
    series: targets.map((target) => ({
      label: name(target),
      style: serverStyles(result).get(target),
      points: timed.map((g) => point(stats.get(`${target} ${g.keys.time}`)?.figures.tps ?? null, t)),
    })),
  });
}

/** Each server against the baseline, group by group, in times the throughput (the estimate, its interval). */
function ratioChart(result, groups, {locale, t, name, id}) {
  const timed = groups.filter((g) => g.keys.time);
  const decided = compareRun(result);
  const base = name(decided.baseline);
  const targets = [...new Set(result.cells.map((c) => c.target))]
    .filter((x) => !controlsOf(result).has(x) && x !== decided.baseline)
    .sort(byTargetOrder(result));
  const times = (value) => t('common.times', {ratio: formatFigure(value, 'ratio', locale)});
  const pointOf = (c) => {
    if (!c || c.change === null) return {y: 0, text: '—', tooltip: '—'};
    const [y, low, high] = [c.change, c.low, c.high].map((v) => 1 + v);
    const text = times(y);
    return {y, low, high, text, spread: `${times(low)}–${times(high)}`, tooltip: text};
  };
  // The bars drawn: a group a server did not run has none.
  const bars = targets.flatMap((target) => timed.map((g) => decided.of(g.keys.time, target, 'tps'))).filter(Boolean);
  return barChart({
    id: `${id}-ratio`,
    locale,
    image: `/charts/${id}-ratio.png`,
    credit: chartCredit(t, result, locale),
    title: t('suite.chartRatio', {base}),
    xTitle: t('suite.chartGroups'),
    yTitle: t('suite.chartRatioAxis', {base}),
    kind: 'ratio',
    tickLabel: (text) => t('common.times', {ratio: text}),
    // Every bar's estimate taken round by round, or none (round-pairs.mjs, roundsApart).
    note: t(bars.length > 0 && bars.every((c) => c.paired) ? 'suite.chartRatioNoteRounds' : 'suite.chartRatioNote', {
      level: unsignedPercent(LEVEL, locale),
    }),
    categories: timed.map((g) => g.names.workload),
    series: targets.map((target) => ({
      label: name(target),
      style: serverStyles(result).get(target),
      points: timed.map((g) => pointOf(decided.of(g.keys.time, target, 'tps'))),
    })),
  });
}

/**
 * Each workload's setup SQL, as the suite holds it: its text where the suite is the one the run ran (a result
 * keeps the scripts pgbench ran, not the setup), else only where it is, said to have changed since.
 */
function setupFilesOf(suite, result) {
  // A run recorded before the hash covered the SQL files holds suite.yaml's alone: the same suite.yaml is taken
  // as the same suite (its SQL files are in git beside it; a changed one is a commit to see).
  const same = result.run.suiteHash === suite.hash || result.run.suiteHash === suite.yamlHash;
  return suite.workloads
    .filter((w) => w.setup)
    .map((w) => {
      const file = `benchmarks/${suite.id}/${w.setup.slice(suite.file.lastIndexOf('/') + 1)}`;
      const sql = suite.sqlFiles.find((f) => f.workload === w.id && f.dialect === 'psql' && !f.includedBy)?.text;
      return {workload: w.id, file, sql: same ? (sql ?? null) : null, changed: !same};
    });
}

/** Each server: its name, what the suite says it is, its version and build. */
function serversOf(result, {name, word}) {
  const controls = controlsOf(result);
  return result.environment.targets
    .filter((x) => x.serverVersion)
    .sort(byTargetOrder(result))
    .map((x) => ({
      id: x.id,
      name: name(x.id),
      about: word('targets', x.id),
      control: controls.get(x.id) ?? null,
      version: x.serverVersionFull ?? x.serverVersion,
      build: x.build ? [x.build.cc, optimizationOf(x), x.build.jit ? 'JIT' : null].filter(Boolean) : null,
      origin: x.origin?.source ?? null,
      differs: x.differs ?? [],
    }));
}

/** The runs the page shows, and what it says of them (run-facts.mjs). */
function runOf(result, instructions, {t, locale, suite}) {
  const run = runInfo(result, locale, suite);
  const instructionsRun = instructions && runInfo(instructions, locale, suite);
  return {run, instructionsRun, facts: runFacts(t, {run, instructionsRun, locale})};
}
