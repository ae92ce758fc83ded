import {test} from 'node:test';
import assert from 'node:assert/strict';
import {COUNTERS, sampledWaits, serverActivity} from '../results/server-counters.mjs';
import {activityFacts, activityRows} from './server-activity.mjs';

const server = ({bytes, fpi = 0, reads = 0, hits = 1000, checkpoints = 0, waits = null}) => ({
  wal: {records: 10, fullPageImages: fpi, bytes},
  checkpoints: {timed: 0, requested: checkpoints},
  buffersWritten: {checkpointer: 0, backgroundWriter: 0, backends: 3},
  buffers: {hits, reads},
  tempFiles: {files: 0, bytes: 0},
  ...(waits && {waits}),
});
const cell = (target, processed, s) => ({
  target,
  status: 'ok',
  parameters: {clients: 1},
  summary: {processed},
  server: server(s),
});
const result = {
  run: {id: 'r'},
  environment: {
    targets: [
      {id: 'pg15', serverVersion: '15.18'},
      {id: 'pg18', serverVersion: '18.4'},
    ],
  },
};
const name = (id) => `PostgreSQL ${id.slice(2)}`;
const wait = (samples, ...pairs) => ({
  samples,
  waits: pairs.map(([type, event, n]) => ({type, event, samples: n})),
});

test("a group's servers: medians per transaction, checkpoints summed, reads floored, waits by share", () => {
  const cells = [
    cell('pg18', 100, {bytes: 60000, fpi: 30, waits: wait(10, ['Client', 'ClientRead', 8], ['CPU', 'CPU', 2])}),
    cell('pg15', 100, {bytes: 50000, fpi: 20, reads: 1, hits: 2999, waits: wait(10, ['IO', 'WALSync', 10])}),
    cell('pg15', 200, {
      bytes: 80000,
      fpi: 20,
      checkpoints: 1,
      waits: wait(10, ['IO', 'WALSync', 5], ['CPU', 'CPU', 5]),
    }),
    {...cell('pg18', 100, {bytes: 1}), status: 'failed'},
  ];
  const rows = activityRows(result, cells, {name, locale: 'en', t: (_key, v) => `${v.name} (A/A)`});
  assert.deepEqual(rows, [
    {
      target: 'pg15',
      name: 'PostgreSQL 15',
      runs: '2',
      // 500 and 400 bytes per transaction: the median of two is their mean.
      walBytes: '450',
      fullPageImages: '0.2',
      backendWrites: '0.0',
      // 2,999 of 3,000 and 1,000 of 1,000: the median 99.983…% floored to 99.9%, never rounded up to 100%.
      inBuffers: '99.9%',
      checkpoints: '1',
      waits: [
        {event: 'IO:WALSync', share: '75%'},
        {event: 'CPU', share: '25%'},
      ],
    },
    {
      target: 'pg18',
      name: 'PostgreSQL 18',
      runs: '1',
      walBytes: '600',
      fullPageImages: '0.3',
      backendWrites: '0.0',
      inBuffers: '100%',
      checkpoints: '0',
      waits: [
        {event: 'Client:ClientRead', share: '80%'},
        {event: 'CPU', share: '20%'},
      ],
    },
  ]);
  assert.deepEqual(activityFacts(cells, 'en'), {
    runs: '3',
    checkpointRuns: '1',
    lowestInBuffers: '99.9%',
    allInBuffers: false,
    sampled: true,
    topWait: {event: 'IO:WALSync', share: '50%'},
    // One client: 7 of the 30 samples on the CPU, 8 waiting for the client.
    cpuShare: {cpu: '23.3%', client: '26.7%'},
    // These runs kept no readings: their counters could not be checked (runs before 2026-11-28).
    unchecked: {all: true, count: '3', total: '3'},
  });
  // An instructions cell: both of its runs are measured runs; its row is its longer run's.
  const counted = {
    ...cell('pg15', null, {bytes: 40000}),
    summary: null,
    instructions: {
      runs: [
        {transactionsPerClient: 200, server: server({bytes: 20000, checkpoints: 1})},
        {transactionsPerClient: 400, server: server({bytes: 40000})},
      ],
    },
  };
  const facts = activityFacts([counted], 'en');
  assert.deepEqual([facts.runs, facts.checkpointRuns, facts.sampled, facts.topWait], ['2', '1', false, null]);
  assert.equal(activityRows(result, [counted], {name, locale: 'en', t: () => ''})[0].walBytes, '100');
  assert.equal(activityFacts(cells.slice(3), 'en'), null, 'no ok run recorded it: nothing is claimed');
  const quiet = activityFacts([cells[0]], 'ja');
  assert.deepEqual([quiet.checkpointRuns, quiet.allInBuffers], [null, true]);
});

test('an A/A control is named as the second server of its twin, never as its twin', () => {
  const withControl = {
    run: {id: 'r'},
    environment: {
      targets: [
        {id: 'pg15', serverVersion: '15.18'},
        {id: 'pg15-aa', serverVersion: '15.18', controlOf: 'pg15'},
      ],
    },
  };
  const t = (key, values) => `${key}: ${values.name}`;
  const rows = activityRows(withControl, [cell('pg15-aa', 100, {bytes: 100}), cell('pg15', 100, {bytes: 100})], {
    name,
    locale: 'en',
    t,
  });
  assert.deepEqual(
    rows.map((r) => r.name),
    ['PostgreSQL 15', 'common.controlName: PostgreSQL 15'],
  );
});

test("counters kept with their readings and the sampler's rows are checked: no note; one run without, a note", () => {
  const reading = (n) => Object.fromEntries(COUNTERS.map((k) => [k, n]));
  const checked = {
    ...cell('pg15', 100, {bytes: 0}),
    server: {...serverActivity(reading(10), reading(60)), waits: sampledWaits('1.5|CPU|CPU|1\n1.6|IO|WALSync|1\n')},
  };
  assert.equal(activityFacts([checked], 'en').unchecked, null);
  assert.deepEqual(activityFacts([checked, cell('pg15', 100, {bytes: 1})], 'en').unchecked, {
    all: false,
    count: '1',
    total: '2',
  });
  const noRows = {...checked, server: {...checked.server, waits: wait(2, ['CPU', 'CPU', 2])}};
  assert.deepEqual(activityFacts([noRows], 'en').unchecked, {all: true, count: '1', total: '1'});
});

test('an event PostgreSQL 17 renamed is one event, named as 17 names it, on every server', () => {
  const cells = [
    cell('pg15', 100, {bytes: 50000, waits: wait(10, ['IO', 'WALSync', 6], ['Client', 'ClientRead', 4])}),
    cell('pg18', 100, {bytes: 50000, waits: wait(10, ['IO', 'WalSync', 5], ['Client', 'ClientRead', 5])}),
  ];
  const rows = activityRows(result, cells, {name, locale: 'en', t: (k) => k});
  assert.deepEqual(
    rows.map((r) => r.waits.map((w) => w.event)),
    [
      ['IO:WalSync', 'Client:ClientRead'],
      ['Client:ClientRead', 'IO:WalSync'],
    ],
  );
  // Over both servers: 11 of 20 samples in the one event (6 and 5: neither alone outweighs ClientRead's 9).
  assert.deepEqual(activityFacts(cells, 'en').topWait, {event: 'IO:WalSync', share: '55%'});
});

test('with one client, the CPU share bounds what a change in CPU work can do to throughput; said of no more', () => {
  const cells = [
    cell('pg15', 100, {
      bytes: 1,
      waits: wait(20, ['Client', 'ClientRead', 15], ['CPU', 'CPU', 3], ['IO', 'WALSync', 2]),
    }),
    cell('pg18', 100, {
      bytes: 1,
      waits: wait(20, ['Client', 'ClientRead', 17], ['CPU', 'CPU', 1], ['IO', 'WalSync', 2]),
    }),
  ];
  // 4 of 40 samples on the CPU, 32 waiting for the client.
  assert.deepEqual(activityFacts(cells, 'en').cpuShare, {cpu: '10%', client: '80%'});
  const many = cells.map((c) => ({...c, parameters: {clients: 24}}));
  assert.equal(activityFacts(many, 'en').cpuShare, null);
});
