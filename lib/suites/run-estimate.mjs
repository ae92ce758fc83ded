// How long a run will take and how much temporary disk its servers need,
// estimated from its planned cells before anything runs (--dry-run prints it;
// the run checks the disk against it). The disk figures were measured on an
// embedded PostgreSQL 17 here: initdb leaves 39 MB (16 MB of it WAL);
// pgbench -i adds 31 MB at scale 1 and 278 MB at scale 10 (tables, indexes
// and the WAL that loading them wrote), about 28 MB a scale step. A run keeps
// every target's data to its end (a target's server is stopped between its
// turns, not removed). During the measured runs, WAL grows until a checkpoint
// (one before each measured run), at most to max_wal_size: that bound is said
// apart, not counted as needed.
import {settingValue} from './setting-values.mjs';

const MB = 1024 ** 2;
export const INITDB_BYTES = 40 * MB;
export const BYTES_PER_SCALE = 28 * MB;
// What the runner does around a timed cell besides pgbench's runs: the server switched, VACUUM and CHECKPOINT,
// the counters and settings read, the result written (0.7 s a cell at scale 10 on 2 cores, measured here: the
// quick suite's 24 cells took 169 s, 144 s of them pgbench); a target's first turn: initdb, start, describe
// (about 3 s); pgbench -i, about 0.1 s a scale step (3.6 s at scale 50, measured here).
const SECONDS_PER_CELL = 0.7;
const SECONDS_PER_TARGET = 3;
/** Seconds of a timed cell's statements run (pgbench -r), at most: its measured run's when shorter. */
export const STATEMENTS_S = 10;
const SECONDS_PER_SCALE = 0.1;

/**
 * @param {object[]} cells  the planned cells (expandMatrix), with targetSpec and scenarioSpec
 * @returns {{seconds: number, countedCells: number, targets: {id: string, bytes: number, walBytes: number}[],
 *   bytes: number, walBytes: number}}  seconds: the timed cells' runs and warm-ups and the runner's own steps;
 *   countedCells: cells whose length is a count of transactions (not estimated); bytes: the embedded
 *   targets' data, kept to the end (twice for a target with counted cells: the copy each of their runs starts
 *   from, scripts/runner/pristine-data.mjs); walBytes: the most WAL one target may hold during a measured run
 */
export function estimateRun(cells) {
  let seconds = 0;
  let countedCells = 0;
  const scales = new Map();
  const specs = new Map();
  const kept = new Set();
  for (const cell of cells) {
    const {targetSpec: target, scenarioSpec: scenario} = cell;
    specs.set(target.id, target);
    if (scenario.scale !== null) scales.set(target.id, Math.max(scales.get(target.id) ?? 0, scenario.scale));
    if (cell.durationS) {
      // The statements run (pgbench -r, run-steps.mjs) follows the measured run, as long, at most STATEMENTS_S.
      const statements = scenario.statements === false ? 0 : Math.min(cell.durationS, STATEMENTS_S);
      seconds += cell.durationS + statements + scenario.warmupS + SECONDS_PER_CELL;
    } else {
      countedCells++;
      kept.add(target.id);
    }
  }
  const targets = [];
  for (const [id, target] of specs) {
    const scale = scales.get(id) ?? 0;
    seconds += SECONDS_PER_TARGET + SECONDS_PER_SCALE * scale;
    if (target.kind !== 'embedded') continue;
    const wal = Number(settingValue('max_wal_size', target.settings?.max_wal_size ?? '1GB').replace(/B$/, ''));
    const copies = kept.has(id) ? 2 : 1;
    targets.push({id, bytes: INITDB_BYTES + copies * BYTES_PER_SCALE * scale, walBytes: wal});
  }
  return {
    seconds: Math.round(seconds),
    countedCells,
    targets,
    bytes: targets.reduce((sum, t) => sum + t.bytes, 0),
    walBytes: Math.max(0, ...targets.map((t) => t.walBytes)),
  };
}

/** A size for people: 340 MB, 1.2 GB. */
export const sizeText = (bytes) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GB` : `${Math.ceil(bytes / MB)} MB`;

/** A length for people: 45 s, 2 min 35 s (to 5 s below ten minutes), 12 min, 2 h 5 min. */
export function lengthText(seconds) {
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 600) {
    const fives = Math.round(seconds / 5) * 5;
    return fives % 60 === 0 ? `${fives / 60} min` : `${Math.floor(fives / 60)} min ${fives % 60} s`;
  }
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * Why the free space `free` (bytes) in `dir` cannot hold the run, or null. The run refuses below its data;
 * it starts below data and WAL, with a warning (returned as `warning`).
 */
export function diskProblem(estimate, free, dir) {
  const needed = estimate.bytes;
  if (needed === 0) return null;
  const where = `${dir} (the temporary folder: TMPDIR)`;
  if (free < needed) {
    return {
      refuse:
        `The run's servers need about ${sizeText(needed)} in ${where}, which has ${sizeText(free)} free ` +
        `(${estimate.targets.length} targets' data, kept to the end of the run). Free some space, ` +
        'or point TMPDIR at a larger disk (TMPDIR=/path node scripts/bench.mjs run …).',
    };
  }
  if (free < needed + estimate.walBytes) {
    return {
      warning:
        `${where} has ${sizeText(free)} free: enough for the servers' data (about ${sizeText(needed)}), ` +
        `not for WAL growing to max_wal_size (${sizeText(estimate.walBytes)}) on top of it during a run.`,
    };
  }
  return null;
}
