import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {loadSuite} from '../suites/suite.mjs';
import {siteDir, translator} from '../../test/helpers/fixtures.mjs';
import {agreementOf, findingOf, publishedRows, studyInfo} from './study-figures.mjs';
import {readStudy} from '../load/studies.mjs';

const suites = ['pg-versions', 'pg17-planner'].map((id) =>
  loadSuite(path.join(siteDir, 'benchmarks', id, 'suite.yaml')),
);
const versions = () => readStudy(path.join(siteDir, 'datasets/pg-versions-published/study.json'), suites);

test("the study's table: its figures as printed, the change computed from its own TPS", () => {
  const rows = publishedRows(versions(), {scenario: 'small', workload: 'tpcb', locale: 'en', t: translator('en')}).rows;
  assert.deepEqual(
    rows.map((r) => [r.name, r.version, r.figures.tps.text, r.figures.count.text, r.figures.p99.text]),
    [
      ['PostgreSQL 15', '15.14', '439', '131,702', '3.67'],
      ['PostgreSQL 16', '16.10', '390', '117,048', '3.69'],
      ['PostgreSQL 17', '17.6', '413', '124,010', '3.85'],
      ['PostgreSQL 18', '18.0', '442', '132,579', '3.7'],
    ],
  );
  // 390.185 / 439.029 − 1 = −11.13%: from the printed figures, not typed.
  assert.equal(rows[1].comparison.changeText, '-11.1%');
  assert.equal(rows[0].comparison, null);
  assert.equal(
    publishedRows(versions(), {scenario: 'small', workload: 'select-only', locale: 'en', t: translator('en')}),
    null,
  );
});

test('a finding that names no size holds for the workload at any size', () => {
  const study = versions();
  assert.equal(findingOf(study, {scenario: 'small', workload: 'select-only'}).claim, 'no-large-difference');
  assert.equal(findingOf(study, {scenario: 'large', workload: 'tpcb'}).scenario, 'large');
  assert.equal(findingOf(study, {scenario: 'small', workload: 'nope'}), null);
});

const ours = (verdicts, low = -0.01) =>
  verdicts.map((verdict, i) => ({name: `PostgreSQL ${16 + i}`, base: 'PostgreSQL 15', verdict, low}));

test('"no large difference": agree only when every version is equivalent; a real difference disagrees', () => {
  const study = versions();
  const outcome = (findings) =>
    agreementOf(study, {scenario: 'small', workload: 'tpcb', findings, locale: 'en'}).outcome;
  assert.equal(outcome(ours(['equivalent', 'equivalent', 'equivalent'])), 'agree');
  assert.equal(outcome(ours(['equivalent', 'better', 'inconclusive'])), 'disagree');
  assert.equal(outcome(ours(['equivalent', 'below-margin', 'equivalent'])), 'cannotTell');
  assert.equal(outcome(ours(['equivalent', 'inconclusive', 'equivalent'])), 'cannotTell');
  assert.equal(outcome(ours(['inconclusive', 'inconclusive', 'inconclusive'], null)), 'cannotTell');
  const named = agreementOf(study, {
    scenario: 'small',
    workload: 'tpcb',
    findings: ours(['worse', 'equivalent', 'better']),
    locale: 'en',
  });
  assert.equal(named.names, 'PostgreSQL 16 and PostgreSQL 18');
  // A second server of 18 at its own defaults is not one of the study's versions: it is left out.
  const defaults = {name: 'PostgreSQL 18 (data_checksums on)', base: 'PostgreSQL 15', verdict: 'worse', low: -0.1};
  const mapped = ['pg16', 'pg17', 'pg18'].map((target) => ({target, ...ours(['equivalent'])[0]}));
  const withDefaults = (findings) => agreementOf(study, {scenario: 'small', workload: 'tpcb', findings, locale: 'en'});
  assert.equal(withDefaults([...mapped, {...defaults, target: 'pg18-defaults'}]).outcome, 'agree');
  assert.equal(withDefaults([...mapped, {...defaults, target: 'pg18'}]).outcome, 'disagree');
});

test('"faster": agree when ours is better, disagree when worse or equivalent, else cannot tell', () => {
  const planner = readStudy(path.join(siteDir, 'datasets/pg17-planner-published/study.json'), suites);
  const outcome = (verdict, low = 0.5) =>
    agreementOf(planner, {
      scenario: 'load',
      workload: 'correlated-in',
      findings: [
        {name: 'PostgreSQL 17', base: 'PostgreSQL 16', target: 'pg17', baseTarget: 'pg16', verdict, low},
        {name: 'PostgreSQL 18', base: 'PostgreSQL 16', target: 'pg18', baseTarget: 'pg16', verdict: 'worse', low},
      ],
      locale: 'en',
    }).outcome;
  assert.equal(outcome('better'), 'agree');
  assert.equal(outcome('worse'), 'disagree');
  assert.equal(outcome('equivalent'), 'disagree');
  assert.equal(outcome('below-margin'), 'cannotTell');
  assert.equal(outcome('better', null), 'cannotTell');
});

test("a study is named by its own title, and beside it by its title in the page's language", () => {
  assert.equal(
    studyInfo(versions(), 'en', translator('en')).title,
    'PostgreSQLのバージョン間の性能差を検証(1) (in English: Verifying the performance differences between ' +
      'PostgreSQL versions, part one)',
  );
  const planner = readStudy(path.join(siteDir, 'datasets/pg17-planner-published/study.json'), suites);
  assert.match(
    studyInfo(planner, 'ko', translator('ko')).title,
    /\(한국어 번역: pgbench로 본 PostgreSQL 17의 변화: t3\.micro/,
  );
  // In the study's own language, its title alone.
  assert.equal(studyInfo(versions(), 'ja', translator('ja')).title, 'PostgreSQLのバージョン間の性能差を検証(1)');
});
