// The data of the PostgreSQL 15–18 page, for one locale, from a pg-versions
// run: per comparison group (scenario × workload) and version the median of
// the repeats (with their spread) of count, tps and latency, each version
// compared with the oldest (lib/stats decides), the A/A control against its
// twin, the published study's figures beside ours with a sentence on whether
// the verdicts agree, and the charts (throughput, latency percentiles,
// throughput over time).
import {byVersion, majorOf, withTargetsOf} from '../model/targets.mjs';
import {targetName} from './target-name.mjs';
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {controlsOf} from '../model/comparisons.mjs';
import {marginOf} from '../model/measures.mjs';
import {agreementOf, publishedRows, studyInfo} from './study-figures.mjs';
import {leanGroup} from './versions-lean.mjs';
import {versionsMatrix} from './versions-matrix.mjs';
import {runInfo} from './run-info.mjs';
import {VERSIONS_SCENARIO, VERSIONS_WORKLOAD, messageKey} from '../i18n/message-keys.mjs';
import {foldActivityRows, foldFunctionRows} from './on-demand.mjs';
import {resultGroups} from './result-groups.mjs';
import {functionsAgainst} from './function-figures.mjs';

/**
 * @param {object} result  a valid pg-versions result
 * @param {{locale: string, t: Function, suite?: object, study?: object, instructions?: object, profiles?: Map}}
 *   options  t: the locale's translator; study: the published study of the same suite
 *   (datasets/<id>/study.json); instructions: the suite's newest instructions run, profiles its Cachegrind
 *   profiles (readRunProfiles)
 */
export function versionsPage(
  result,
  {locale, t, suite = null, study = null, instructions = null, profiles = new Map()},
) {
  const controls = controlsOf(result);
  // Every server of both runs named alike: a build counted only for instructions still names the others' builds.
  const both = withTargetsOf(result, instructions);
  const name = (target) => targetName(t, both, target);
  const names = ({scenario, workload}) => {
    const words = {
      scenario: t(messageKey(VERSIONS_SCENARIO, scenario, 'VERSIONS_SCENARIO')),
      workload: t(messageKey(VERSIONS_WORKLOAD, workload, 'VERSIONS_WORKLOAD')),
    };
    return {...words, title: t('versions.group', words)};
  };
  const groups = resultGroups(result, {
    locale,
    t,
    name,
    names,
    page: 'versions',
    suite,
    instructions,
    instructionName: name,
    profiles,
  }).map((g) => ({
    ...g,
    // The published study's own figures beside ours, and whether their verdicts agree.
    published: study && publishedRows(study, {scenario: g.scenario, workload: g.workload, locale, t}),
    agreement: study && agreementOf(study, {scenario: g.scenario, workload: g.workload, findings: g.findings, locale}),
  }));
  const majors = [
    ...new Set(result.cells.filter((c) => !controls.has(c.target)).map((c) => majorOf(result, c.target))),
  ].sort(byVersion);
  const versions = majors.length > 1 ? `${majors[0]}–${majors.at(-1)}` : String(majors[0]);
  const answer = versionsMatrix(result, instructions, groups, {locale, t, name});
  return {
    locale,
    versions,
    margin: unsignedPercent(marginOf(result), locale),
    run: runInfo(result, locale, suite),
    instructionsRun: instructions && runInfo(instructions, locale, suite),
    answer,
    // The functions that changed, first against the answer's baseline: the reader's first view is that pair.
    groups: answer ? functionsAgainst(groups, answer.initial.baseline) : groups,
    study: study && studyInfo(study, locale, t),
  };
}

// The messages the versions page's data is written with at build time, which its components never ask for.
const BUILD_ONLY = [
  'common.summary',
  'common.postgresVersionDiffers',
  'common.tpsAxis',
  'common.msAxis',
  'common.secondsAxis',
  'common.percentileAxis',
  'common.medianTps',
  'common.tpsValue',
  'common.msValue',
  'common.secondsSpan',
  'common.tooltipRange',
  'common.tooltipInterval',
  'common.instructions.chart',
  'common.instructions.axis',
  'common.instructions.median',
  'common.instructions.value',
  'common.instructions.statement',
  'common.controlName',
  'versions.answer.time',
  'versions.answer.sentence',
  'versions.answer.timeOnly',
  'versions.answer.defaults',
  'versions.answer.clients',
  'versions.answer.conditions',
  'versions.statement',
  'versions.scenarios',
  'versions.workloads',
  'versions.group',
  'versions.charts',
];

/** The PostgreSQL versions page, from the newest pg-versions run and its instructions run. */
export const page = {
  id: 'pg-versions',
  doc: 'pg-versions',
  label: 'site.nav.versions',
  navbar: true,
  // Less the words only the build writes with: the answer's and the statements' parts, the names of groups and
  // servers, and the charts' titles, axes and tooltips (a chart arrives written: lib/charts/chart-spec.mjs).
  messages: ['common', 'versions', ...BUILD_ONLY.map((key) => `!${key}`)],
  build: ({locale, t, newestRun, suite, study, instructionsOf}) =>
    versionsPage(newestRun('pg-versions', {required: true}), {
      locale,
      t,
      suite: suite('pg-versions'),
      study: study('pg-versions'),
      ...instructionsOf('pg-versions'),
    }),
  // The function rows load on demand; the first load keeps only what the page writes (lean).
  split: (data) => {
    const {items: folded, functions, versus} = foldFunctionRows(data.groups, {versus: true});
    const {items, activity, statements} = foldActivityRows(folded);
    return {...data, groups: items.map(leanGroup), onDemand: {functions, versus, activity, statements}};
  },
};
