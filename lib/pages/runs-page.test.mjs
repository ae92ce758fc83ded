import {test} from 'node:test';
import assert from 'node:assert/strict';
import {methodologyPage} from './methodology-page.mjs';
import {runsPage} from './runs-page.mjs';
import {interleavedRun, plannerRun, translator, versionsRun} from '../../test/helpers/fixtures.mjs';
import {loadSuite} from '../suites/suite.mjs';

test('runs are listed newest first, with their outcome and data files', () => {
  const failed = versionsRun();
  failed.run.id = 'pg-versions-later';
  failed.run.startedAt = '2027-01-01T00:00:00.000Z';
  failed.cells[0].status = 'failed';
  const {runs} = runsPage([plannerRun(), failed, versionsRun()], {locale: 'en'});
  assert.deepEqual(
    runs.map((r) => r.id),
    ['pg-versions-later', 'pg-versions-20261122T110343Z', 'pg17-planner-20261122T105429Z'],
  );
  assert.equal(runs[0].allOk, false);
  assert.equal(runs[0].failed, '1');
  assert.equal(runs[1].allOk, true);
  assert.deepEqual(runs[1].data, {
    json: '/data/pg-versions-20261122T110343Z.json',
    csv: '/data/pg-versions-20261122T110343Z.csv',
  });
  assert.equal(runs[1].date, 'November 22, 2026');
  assert.equal(runsPage([versionsRun()], {locale: 'ja'}).runs[0].date, '2026年11月22日');
});

test('the methodology shows the rounding rule on a real cell and the command of every suite', () => {
  const suite = loadSuite(new URL('../../benchmarks/pg-versions/suite.yaml', import.meta.url).pathname);
  const result = versionsRun();
  const data = methodologyPage([suite], [result], {locale: 'en', t: translator('en')});
  const cell = result.cells[0];
  assert.deepEqual(data.examples[0], {
    kind: 'tps',
    raw: String(cell.summary.tps),
    text: Math.round(cell.summary.tps).toLocaleString('en'),
    p: '99',
  });
  assert.deepEqual(
    data.examples.map((e) => e.kind),
    ['tps', 'ms', 'count'],
  );
  // A run with -r shows no latency (lib/model/measures.mjs), nor does its example.
  const withR = versionsRun();
  for (const c of withR.cells) c.command = `${c.command} -r`;
  const untimedExamples = methodologyPage([suite], [withR], {locale: 'en', t: translator('en')}).examples;
  assert.deepEqual(
    untimedExamples.map((e) => e.kind),
    ['tps', 'count'],
  );
  assert.equal(data.suites[0].command, 'npm run bench -- run pg-versions');
  assert.equal(data.suites[0].versions, '15, 16, 17, 18');
  assert.equal(data.runs[0].designDurationS.join(', '), '300, 600');
  assert.equal(data.runs[0].durationS, '20');
  // What its published run did: 20 s per measured run (its suite says 300 s and 600 s), two loads per server.
  assert.deepEqual(data.suites[0].ran, {
    run: 'pg-versions-20261122T110343Z',
    durations: ['20'],
    durationsText: '20 s',
    loads: '2',
    loadsPerScale: null,
    unevenLoads: null,
  });
  result.preparations.push({...result.preparations.find((p) => p.kind === 'init' && p.target === 'pg18')});
  const uneven = methodologyPage([suite], [result], {locale: 'en', t: translator('en')}).suites[0].ran;
  assert.deepEqual([uneven.loads, uneven.unevenLoads], [null, 'pg15 2, pg16 2, pg17 2, and pg18 3']);
  // A server that ran one size of two loads less often, and as often as the others at that size.
  result.preparations = result.preparations.filter((p) => !(p.kind === 'init' && p.target === 'pg18'));
  const small = result.preparations.find((p) => p.kind === 'init' && p.target === 'pg17');
  result.preparations.push({...small, target: 'pg18'});
  const perScale = methodologyPage([suite], [result], {locale: 'en', t: translator('en')}).suites[0].ran;
  assert.deepEqual(
    [perScale.loads, perScale.loadsPerScale, perScale.unevenLoads],
    [null, '-s 50: 1 and -s 500: 1', null],
  );
  // A suite that fixed no margin of its own is shown with none, not the default.
  const quick = loadSuite(new URL('../../benchmarks/quick/suite.yaml', import.meta.url).pathname);
  assert.equal(methodologyPage([quick], [], {locale: 'en', t: translator('en')}).suites[0].margin, null);
});

test("the methodology: each suite's margin and A/A control, the noise floor, what the runner did", () => {
  const suite = loadSuite(new URL('../../benchmarks/pg-versions/suite.yaml', import.meta.url).pathname);
  const result = interleavedRun();
  const data = methodologyPage([suite], [result], {locale: 'en', t: translator('en')});
  // The suite's margin as its file sets it, for its next run: 5%, from the timed A/A of 2026-11-28.
  assert.equal(data.suites[0].margin, '5%');
  assert.deepEqual(
    data.suites[0].controls.map((c) => [c.id, c.of, c.version]),
    [['pg15-aa', 'pg15', '15']],
  );
  // The A/A's change as the versions page writes it (to its 17-point interval's precision), never "+2.85%": round
  // by round, -5.28% to +11.68% (scipy's paired t interval of the rounds' log ratios).
  assert.deepEqual(
    data.noiseFloor.map((n) => [n.run, n.verdict]),
    [[result.run.id, 'inconclusive']],
  );
  assert.match(
    data.noiseFloor[0].text,
    new RegExp(
      `^Run ${result.run.id}, Small data set, one connection / TPC-B-like \\(pgbench's default\\): With 6 runs ` +
        'each, the runs cannot tell PostgreSQL 15 \\(second server, A/A\\) from PostgreSQL 15: the change lies ' +
        'somewhere between -5% and \\+12%\\.',
    ),
  );
  const ja = methodologyPage([suite], [result], {locale: 'ja', t: translator('ja')});
  assert.deepEqual(
    ja.suites[0].scenarios.map((sc) => [sc.id, sc.name.text]),
    [
      ['small', translator('ja')('method.scenarioNames.pg-versions.small')],
      ['large', translator('ja')('method.scenarioNames.pg-versions.large')],
    ],
  );
  assert.equal(data.runs[0].order.interleaved, true);
  assert.deepEqual(methodologyPage([suite], [versionsRun()], {locale: 'en', t: translator('en')}).noiseFloor, []);
});

test('a run of a suite the site does not have is listed, and said to be on no page; one it has links its page', () => {
  const suite = loadSuite(new URL('../../benchmarks/pg-versions/suite.yaml', import.meta.url).pathname);
  const stray = versionsRun();
  stray.run.id = 'gone-20261122T110343Z';
  stray.run.suite = 'gone';
  const {runs} = runsPage([versionsRun(), stray], {locale: 'en', suites: [suite]});
  const byId = Object.fromEntries(runs.map((r) => [r.id, r]));
  assert.equal(byId['gone-20261122T110343Z'].unknownSuite, true);
  assert.equal(byId['gone-20261122T110343Z'].page, null);
  assert.equal(byId['pg-versions-20261122T110343Z'].unknownSuite, undefined);
  assert.equal(byId['pg-versions-20261122T110343Z'].page, '/pg-versions/');
});
