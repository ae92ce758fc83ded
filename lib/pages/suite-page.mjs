// The page of a published suite, made from its newest run with no code of its own: the answer (each group's
// statement, generated from its verdicts, and every target against any other in a matrix), a chart of every
// group, each group's figures (result-groups.mjs), the servers (what each is, its build, the settings they
// share and those declared to differ), the commands, the run's files and its history. Its words are the
// suite's own (suites.<id>.* in the catalogs, lib/i18n/suite-words.mjs), English where a language lacks them.
import {barChart} from '../charts/chart-spec.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {marginOf} from '../model/measures.mjs';
import {byTargetOrder, optimizationOf, withTargetsOf} from '../model/targets.mjs';
import {suiteWord, suiteWordKey} from '../i18n/suite-words.mjs';
import {point} from './chart-point.mjs';
import {foldActivityRows, foldFunctionRows} from './on-demand.mjs';
import {resultGroups, TABLE} from './result-groups.mjs';
import {functionsAgainst} from './function-figures.mjs';
import {chartCredit, runInfo} from './run-info.mjs';
import {suiteDoc} from './suite-page-ids.mjs';
import {KEY_SETTINGS} from '../suites/like-for-like.mjs';
import {targetName} from './target-name.mjs';
import {versionsMatrix} from './versions-matrix.mjs';
import {leanGroup} from './versions-lean.mjs';

// Settings each server has of its own, never compared: where it listens, its folders.
const OWN_SETTINGS = new Set(['port', 'listen_addresses', 'unix_socket_directories', 'data_directory']);

/**
 * @param {object|null} result  the suite's newest timed run, or null
 * @param {{locale: string, t: Function, suite: object, messages: object, inEnglish: Set<string>,
 *   instructions?: object, profiles?: Map}} options  messages: the locale's catalog; inEnglish: the keys of
 *   suite words it has not translated (shown in English, marked)
 */
export function suitePage(result, {locale, t, suite, messages, inEnglish, instructions = null, profiles}) {
  // One of the suite's words, {text, lang} ('en' where the language has no translation of it yet), or null.
  const shown = new Set();
  const word = (...parts) => {
    const found = suiteWord(messages, inEnglish, suite.id, ...parts);
    if (found?.lang) shown.add(found.key);
    return found && {text: found.text, ...(found.lang && {lang: found.lang})};
  };
  const head = {
    locale,
    id: suite.id,
    title: word('title') ?? {text: suite.id},
    description: word('description'),
    rerun: `npm run bench -- run ${suite.id}\nnpm run build`,
  };
  if (!result) return {...head, run: null, inEnglish: shown.size};
  // Every server of both runs named alike: a build counted only for instructions still names the others' builds.
  const both = withTargetsOf(result, instructions);
  const name = (target) => targetName(t, both, target);
  const clientCounts = new Set(result.cells.map((c) => c.parameters.clients)).size;
  const names = (cell) => {
    const clients = formatFigure(cell.parameters.clients, 'integer', locale);
    const values = {scenario: cell.scenario, workload: cell.workload, clients};
    const workload = clientCounts > 1 ? t('suite.workloadClients', values) : cell.workload;
    return {scenario: cell.scenario, workload, title: t('suite.group', values)};
  };
  const page = `suite-${suite.id}`;
  const groups = resultGroups(result, {
    locale,
    t,
    name,
    names,
    page,
    words: 'suite',
    // Exact latencies come from per-transaction logs (scenario log: true); without them, pgbench's mean.
    figures: result.cells.some((c) => c.log) ? TABLE : ['count', 'tps', 'latencyAvg'],
    suite,
    instructions,
    instructionName: name,
    profiles,
  }).map((g) => ({...g, about: {workload: word('workloads', g.workload), scenario: word('scenarios', g.scenario)}}));
  const answer = versionsMatrix(result, instructions, groups, {locale, t, name, words: 'suite'});
  return {
    ...head,
    run: runInfo(result, locale, suite),
    instructionsRun: instructions && runInfo(instructions, locale, suite),
    margin: unsignedPercent(marginOf(result), locale),
    // A suite that fixed no margin of its own (from an A/A control) says so: its verdicts weigh the default.
    marginDefault: !suite.marginSet,
    answer,
    // The answer in words: each group's comparisons as verdict sentences, naming both servers.
    statements: groups.map((g) => ({id: g.id, title: g.title, findings: g.findings.map(sentenceOf)})),
    charts: [overviewChart(result, groups, {locale, t, name, page})],
    // The functions that changed, first against the answer's baseline: the reader's first view is that pair.
    groups: answer ? functionsAgainst(groups, answer.initial.baseline) : groups,
    servers: serversOf(result, {name, word}),
    settings: {...settingsOf(result, name), keys: KEY_SETTINGS.join(', ')},
    scripts: (result.scripts ?? []).map((s) => ({workload: s.workload, file: s.file, sql: s.sql})),
    setupFiles: setupFilesOf(suite, result),
    history: `/history/#${suite.id}`,
    inEnglish: shown.size,
  };
}

/** What a verdict's sentence says of a comparison (src/components/RunFigures verdictSentence). */
const sentenceOf = (f) => ({
  target: f.target,
  name: f.name,
  base: f.base,
  runs: f.runs,
  verdict: f.verdict,
  low: f.low,
  high: f.high,
  changeText: f.changeText,
  lowText: f.lowText,
  highText: f.highText,
  margin: f.margin,
  level: f.level,
  detectableText: f.detectableText,
  roundsForWanted: f.roundsForWanted,
  wantedText: f.wantedText,
});

/**
 * Each workload's setup SQL, as the suite holds it: its text where the suite is the one the run ran (a result
 * keeps the scripts pgbench ran, not the setup), else only where it is, said to have changed since.
 */
function setupFilesOf(suite, result) {
  const same = result.run.suiteHash === suite.hash;
  return suite.workloads
    .filter((w) => w.setup)
    .map((w) => {
      const file = `benchmarks/${suite.id}/${w.setup.slice(suite.file.lastIndexOf('/') + 1)}`;
      const sql = suite.sqlFiles.find((f) => f.workload === w.id && f.dialect === 'psql' && !f.includedBy)?.text;
      return {workload: w.id, file, sql: same ? (sql ?? null) : null, changed: !same};
    });
}

/** Every group's median TPS per target, in one bar chart: the page's first picture. */
function overviewChart(result, groups, {locale, t, name, page}) {
  const targets = groups[0].rows.map((r) => r.target);
  const figure = (g, target) => g.rows.find((r) => r.target === target)?.figures.tps;
  return barChart({
    id: `${page}-tps`,
    locale,
    image: `/charts/${page}-tps.png`,
    credit: chartCredit(t, result, locale),
    title: t('suite.chart'),
    xTitle: t('suite.chartGroups'),
    yTitle: t('common.tpsAxis'),
    kind: 'tps',
    // Short labels where they say enough: the scenario only when the run has several.
    categories: groups.map((g) => (new Set(groups.map((x) => x.scenario)).size > 1 ? g.title : g.names.workload)),
    series: targets.map((target) => ({
      label: name(target),
      points: groups.map((g) => point(figure(g, target) ?? null, t)),
    })),
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

/** The settings every server ran with, and those that differed (declared or not), with each server's value. */
function settingsOf(result, name) {
  const servers = result.environment.targets.filter((x) => x.settings && x.serverVersion).sort(byTargetOrder(result));
  const names = [...new Set(servers.flatMap((x) => Object.keys(x.settings)))]
    .filter((n) => !OWN_SETTINGS.has(n))
    .sort();
  const valuesOf = (n) => servers.map((x) => x.settings[n] ?? x.keySettings?.[n] ?? null);
  const alike = (n) => new Set(valuesOf(n)).size === 1;
  return {
    shared: names.filter(alike).map((n) => ({name: n, value: valuesOf(n)[0]})),
    differing: names
      .filter((n) => !alike(n))
      .map((n) => ({
        name: n,
        declared: servers.some((x) => (x.differs ?? []).includes(n)),
        values: servers.map((x, i) => ({target: x.id, name: name(x.id), value: valuesOf(n)[i] ?? '—'})),
      })),
  };
}

/** The page of one published suite (lib/pages/suite-page-ids.mjs says which get one). */
export function suitePageModule(suite) {
  const id = `suite-${suite.id}`;
  return {
    id,
    doc: suiteDoc(suite.id),
    label: suiteWordKey(suite.id, 'title'),
    suite: suite.id,
    messages: ['common', 'suite', suiteWordKey(suite.id)],
    build: ({locale, t, messages, inEnglish, newestRun, instructionsOf}) =>
      suitePage(newestRun(suite.id), {locale, t, suite, messages, inEnglish, ...instructionsOf(suite.id)}),
    split: (data) => {
      if (!data.groups) return data;
      const {items: folded, functions, versus} = foldFunctionRows(data.groups, {versus: true});
      const {items, activity, statements} = foldActivityRows(folded);
      return {...data, groups: items.map(leanGroup), onDemand: {functions, versus, activity, statements}};
    },
  };
}
