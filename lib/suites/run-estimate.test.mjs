import assert from 'node:assert/strict';
import {test} from 'node:test';
import {diskProblem, estimateRun, lengthText, sizeText} from './run-estimate.mjs';

const MB = 1024 ** 2;
const cell = (
  target,
  {durationS = 10, warmupS = 0, scale = 10, kind = 'embedded', settings = {}, statements} = {},
) => ({
  durationS,
  targetSpec: {id: target, kind, settings},
  scenarioSpec: {scale, warmupS, statements: statements ?? true},
});

test("length: runs, warm-ups and the runner's steps; disk: each embedded target's data at its largest scale", () => {
  // (twice where it has counted cells)
  const cells = [
    cell('a', {warmupS: 2}),
    cell('a', {scale: 1}),
    cell('b', {settings: {max_wal_size: '256MB'}}),
    cell('ext', {kind: 'external'}),
    {...cell('a'), durationS: null},
  ];
  const e = estimateRun(cells);
  // Each timed cell: its run, its statements run (as long, at most 10 s), its warm-up and 0.7 s of the runner's:
  // (10 + 10 + 2 + 0.7) + 3 x 20.7 = 84.8; 3 s for each of 3 targets, 0.1 s for each scale step of their
  // largest scales: 84.8 + 9 + 0.1 x (10 + 10 + 10) = 96.8.
  assert.equal(e.seconds, 97);
  assert.equal(e.countedCells, 1);
  assert.deepEqual(
    e.targets.map((t) => [t.id, t.bytes / MB, t.walBytes / MB]),
    [
      // a has a counted cell: its data twice, with the copy its runs start from.
      ['a', 40 + 2 * 280, 1024],
      ['b', 40 + 280, 256],
    ],
  );
  assert.equal(e.bytes, 920 * MB);
  assert.equal(e.walBytes, 1024 * MB);
});

test('the statements run: as long as the measured run, at most 10 s; none where the scenario says false', () => {
  // 3 + 3 + 0.7, 60 + 10 + 0.7, 3 + 0.7; one target at scale 10: 3 + 1.
  const cells = [cell('a', {durationS: 3}), cell('a', {durationS: 60}), cell('a', {durationS: 3, statements: false})];
  assert.equal(estimateRun(cells).seconds, Math.round(6.7 + 70.7 + 3.7 + 4));
});

test('the disk check: refused below the data, a warning below data and WAL, silent above', () => {
  const e = {bytes: 640 * MB, walBytes: 1024 * MB, targets: [{}, {}]};
  assert.match(diskProblem(e, 100 * MB, '/t').refuse, /need about 640 MB in \/t .*which has 100 MB free \(2 targets'/);
  assert.match(diskProblem(e, 1000 * MB, '/t').warning, /enough for the servers' data .*max_wal_size \(1\.0 GB\)/);
  assert.equal(diskProblem(e, 2000 * MB, '/t'), null);
  assert.equal(diskProblem({bytes: 0, walBytes: 0, targets: []}, 0, '/t'), null, 'external servers need no disk here');
});

test('sizes and lengths for people', () => {
  assert.equal(sizeText(96 * MB), '96 MB');
  assert.equal(sizeText(1536 * MB), '1.5 GB');
  assert.equal(lengthText(37), '37 s');
  assert.equal(lengthText(97), '1 min 35 s');
  assert.equal(lengthText(119), '2 min');
  assert.equal(lengthText(600), '10 min');
  assert.equal(lengthText(3 * 3600 + 300), '3 h 5 min');
});
