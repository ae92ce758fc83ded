import {test} from 'node:test';
import assert from 'node:assert/strict';
import {quickRunPage} from './quick-run-page.mjs';
import {quickRun, translator} from '../../test/helpers/fixtures.mjs';

const page = (result, locale = 'en') => quickRunPage(result, {locale, t: translator(locale)});
/** A group's raw TPS, sorted: the test's own reading of the fixture, without the site's code. */
const rawTps = (result, key, target) =>
  result.cells
    .filter((c) => `${c.scenario}/${c.workload}/c${c.parameters.clients}` === key && c.target === target)
    .map((c) => c.summary.tps)
    .sort((a, b) => a - b);

test('one row per workload and client count, each server with the median and spread of its repeats', () => {
  const result = quickRun();
  const data = page(result);
  assert.deepEqual(
    data.targets.map((x) => x.name),
    ['PostgreSQL 17', 'PostgreSQL 18'],
  );
  // A row per comparison group, keyed as every group is (lib/model/keys.mjs): scenario/workload/cN.
  const cells = new Set(result.cells.map((c) => `${c.scenario}/${c.workload}/c${c.parameters.clients}`));
  assert.deepEqual(
    data.rows.map((r) => r.key),
    [...cells],
  );
  // As the page writes them: the first row's pg17 repeats are 5390.9, 6768.3 and 7040.5 TPS.
  assert.deepEqual(
    data.rows.map((r) => r.servers.map((s) => `${s.tps.text} ${s.tps.spread}`)),
    [
      ['6,768 5,391–7,040', '5,658 4,047–5,891'],
      ['43,586 35,593–44,472', '38,680 38,370–40,942'],
      ['743 698–766', '705 652–718'],
      ['2,213 1,940–2,286', '2,175 2,136–2,176'],
    ],
  );
  for (const row of data.rows) {
    row.servers.forEach((s, i) => {
      // Three repeats: the middle one is the median, the ends the spread.
      const [min, median, max] = rawTps(result, row.key, s.target);
      assert.deepEqual([s.tps.median, s.tps.min, s.tps.max], [median, min, max]);
      assert.ok(s.latencyAvg.median > 0);
      if (i === 0) assert.equal(s.comparison, null);
      else {
        // Three repeats a side: the change is estimated, but no test can decide.
        assert.match(s.comparison.changeText, /^[+-]\d/);
        assert.equal(s.comparison.verdict, 'inconclusive');
        assert.equal(s.comparison.low, null);
      }
    });
  }
});

test('the finding counts the rows by verdict: with three repeats, none can be told apart', () => {
  const data = page(quickRun());
  assert.deepEqual(data.finding, {
    newer: 'PostgreSQL 18',
    older: 'PostgreSQL 17',
    cells: '4',
    faster: '0',
    slower: '0',
    same: '0',
    undecided: '4',
    margin: '3%',
  });
});

test('an edited repeat changes its median, the chart bar and nothing else', () => {
  const before = page(quickRun());
  const result = quickRun();
  // Make every tpcb-like, 4-client repeat of PostgreSQL 18 ten times faster.
  for (const c of result.cells.filter(
    (x) => x.target === 'pg18' && x.workload === 'tpcb-like' && x.parameters.clients === 4,
  ))
    c.summary.tps *= 10;
  const after = page(result);
  const at = after.rows.findIndex((r) => r.key === 'small/tpcb-like/c4');
  assert.equal(after.rows[at].servers[1].tps.median, before.rows[at].servers[1].tps.median * 10);
  assert.equal(after.charts[0].series[1].points[at].y, after.rows[at].servers[1].tps.median);
  assert.equal(after.rows[at].servers[1].comparison.change > 5, true);
  const others = (page) => page.rows.filter((_, i) => i !== at);
  assert.deepEqual(others(after), others(before));
});

test('figures and words follow the locale', () => {
  const data = page(quickRun(), 'ja');
  assert.equal(data.charts[0].image, '/charts/quick-tps.png');
  assert.match(data.charts[0].x.categories[0], /^select-only・クライアント /);
  assert.equal(data.run.date, '2026年11月22日');
});

test('without a quick run the page has no figures, and says how to make one', () => {
  assert.deepEqual(page(null), {locale: 'en', run: null, targets: [], rows: [], finding: null, charts: []});
});

test('a server the runner could not start: its cells failed, the page still builds and names it by its id', () => {
  const result = structuredClone(quickRun());
  const [first] = result.environment.targets;
  result.environment.targets[0] = {
    id: first.id,
    kind: first.kind,
    serverVersion: null,
    serverVersionFull: null,
    error: {kind: 'connection', message: 'PostgreSQL 17: initdb failed'},
  };
  for (const c of result.cells.filter((x) => x.target === first.id)) {
    Object.assign(c, {status: 'failed', summary: null, error: {kind: 'connection', message: 'initdb failed'}});
  }
  const data = page(result);
  assert.deepEqual(
    data.targets.map((x) => x.name),
    ['PostgreSQL 18', `PostgreSQL ${first.id}`],
  );
  // Every group keeps its row: 18's median, nothing for the server that never ran, and no comparison.
  assert.deepEqual(
    data.rows.map((r) => [r.key, r.servers.map((s) => [s.target, s.tps?.text ?? null, s.comparison?.verdict ?? null])]),
    [
      [
        'small/select-only/c1',
        [
          ['pg18', '5,658', null],
          ['pg17', null, null],
        ],
      ],
      [
        'small/select-only/c4',
        [
          ['pg18', '38,680', null],
          ['pg17', null, null],
        ],
      ],
      [
        'small/tpcb-like/c1',
        [
          ['pg18', '705', null],
          ['pg17', null, null],
        ],
      ],
      [
        'small/tpcb-like/c4',
        [
          ['pg18', '2,175', null],
          ['pg17', null, null],
        ],
      ],
    ],
  );
});
