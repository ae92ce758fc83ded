// Expands a suite into its cells, in the order they run. Cells that are
// compared with each other (same scenario, workload and client count: a
// comparison group) run in rounds: every target once per round, in an order
// shuffled anew each round from a seed the result records. A drift of the
// machine then spreads over all targets instead of posing as a difference
// between them. Groups run one after the other, scenario by scenario (one
// pgbench -i per scale and target).
import {groupMeasures, instructionTransactions, PUBLISHED_MIN_REPEAT} from './suite.mjs';
import {groupKey} from '../model/keys.mjs';

const ONLY_KEYS = ['target', 'workload', 'scenario', 'clients', 'repeat'];

/** "target=pg15,clients=4" → {target: ['pg15'], clients: ['4']}; an unknown key is an error. */
export function parseOnly(text) {
  const only = {};
  for (const part of (text ?? '').split(',').filter(Boolean)) {
    const [key, value, extra] = part.split('=');
    if (!ONLY_KEYS.includes(key) || !value || extra !== undefined) {
      throw new Error(
        `--only ${part}: write KEY=VALUE with KEY one of ${ONLY_KEYS.join(', ')} (e.g. --only target=pg15,clients=4)`,
      );
    }
    (only[key] ??= []).push(value);
  }
  return only;
}

/** "2/4" → {index: 2, count: 4} */
export function parseShard(text) {
  const m = /^(\d+)\/(\d+)$/.exec(text ?? '');
  const shard = m && {index: Number(m[1]), count: Number(m[2])};
  if (!shard || shard.count < 1 || shard.index < 1 || shard.index > shard.count) {
    throw new Error(
      `--shard ${text}: write K/N with 1 ≤ K ≤ N (e.g. --shard 1/3 runs the 1st, 4th, 7th… comparison group)`,
    );
  }
  return shard;
}

export const cellId = ({target, workload, scenario, clients, repeat}) =>
  `${target}/${workload}/${scenario}/c${clients}/r${repeat}`;

/** The comparison group of a cell: what must be equal for two cells to be compared. */

/** A seed for a new run's order: any 32-bit number. */
export const newSeed = () => Math.floor(Math.random() * 2 ** 32);

/** mulberry32: a small seeded generator, enough to shuffle a few targets reproducibly. */
export function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function shuffled(list, random) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const runsIn = (target, scenario, workload) =>
  (target.scenarios ?? [scenario.id]).includes(scenario.id) &&
  (target.workloads ?? [workload.id]).includes(workload.id);

/** Every comparison group of the suite that takes `measure`, in run order, with the targets it compares. */
export function suiteGroups(suite, measure = 'time') {
  const groups = [];
  for (const scenario of suite.scenarios) {
    for (const workload of suite.workloads) {
      if (!(workload.scenarios ?? [scenario.id]).includes(scenario.id)) continue;
      if (!groupMeasures(suite, workload, scenario).includes(measure)) continue;
      const targets = suite.targets.filter((t) => runsIn(t, scenario, workload));
      if (targets.length === 0) continue;
      // An instructions count may use fewer clients than the timed runs (suite.md: scenarios[].instructions).
      const clientCounts =
        measure === 'instructions' && scenario.instructionClients ? [scenario.instructionClients] : scenario.clients;
      for (const clients of clientCounts) groups.push({scenario, workload, clients, targets});
    }
  }
  return groups;
}

/** The most cells one run may have: at 10 s a cell, about 28 hours of measuring. */
export const MAX_CELLS = 10_000;

/**
 * The suite's groups that take the measure, refused with a reason when the run could decide nothing or is
 * too large: --duration for an instructions run, no group of the measure, too few repeats for a published
 * page, more cells than a run may have.
 */
function checkedGroups(suite, {measure, durationS, rounds, fromSuite}) {
  if (measure === 'instructions' && durationS !== null) {
    throw new Error(
      "--duration sets the time measure's run length: an instructions run counts a fixed number of " +
        "transactions (the suite's instructions.transactions). Leave out --duration.",
    );
  }
  const measured = suiteGroups(suite, measure);
  if (measured.length === 0) {
    throw new Error(
      `${suite.file ?? suite.id}: no group of suite ${suite.id} takes the ${measure} measure (it takes ` +
        `${(suite.measures ?? ['time']).join(', ')}): add ${measure} to its measures, or run another measure.`,
    );
  }
  if (suite.published && rounds < PUBLISHED_MIN_REPEAT) {
    // The fix is where the number came from: the suite's own repeat, or this run's --repeat.
    const fix = fromSuite
      ? `Set repeat: ${PUBLISHED_MIN_REPEAT} (or more) in ${suite.file ?? `the suite ${suite.id}`}, or give ` +
        `--repeat ${PUBLISHED_MIN_REPEAT} to this run.`
      : `Leave out --repeat (the suite runs ${suite.repeat}), or give --repeat ${PUBLISHED_MIN_REPEAT} or more.`;
    throw new Error(
      `${suite.id} feeds a published page, which needs at least ${PUBLISHED_MIN_REPEAT} repeats per target: with ` +
        `${rounds}, no comparison could be decided (at 3 against 3 the smallest possible p is 0.1). ${fix}`,
    );
  }
  // Counted before anything is expanded: a typo (repeat: 1000000) is refused, not run out of memory.
  const count = measured.reduce((n, g) => n + g.targets.length, 0) * rounds;
  if (count > MAX_CELLS) {
    throw new Error(
      `${suite.file ?? suite.id}: ${count.toLocaleString('en')} cells (${measured.length} groups × their targets × ` +
        `${rounds} repeats) is over the limit of ${MAX_CELLS.toLocaleString('en')} cells a run may have: ` +
        'fewer repeats, client counts or targets, or split the suite (--only).',
    );
  }
  return measured;
}

/** Every value --only names must be one the suite has: a typo would otherwise run nothing in silence. */
function checkOnly(all, only) {
  for (const [key, values] of Object.entries(only)) {
    const known = new Set(all.map((c) => String(c[key])).sort((a, b) => a.localeCompare(b, 'en', {numeric: true})));
    const unknown = values.filter((v) => !known.has(v));
    if (unknown.length > 0)
      throw new Error(
        `--only ${key}=${unknown.join(',')}: no such ${key} in the suite (it has ${[...known].join(', ')})`,
      );
  }
}

/** Why an --only whose every value exists keeps no cell: its values exist, not together; what does. */
function noneMatch(all, only) {
  const filter = Object.entries(only)
    .map(([key, values]) => `${key}=${values.join(',')}`)
    .join(',');
  const pairs = [...new Set(all.map((c) => `scenario=${c.scenario},workload=${c.workload}`))];
  return (
    `--only ${filter}: no cell of the suite has these together (it runs ${pairs.join('; ')}); ` +
    'nothing was run or written'
  );
}

/**
 * @param {object} suite  from loadSuite
 * @param {object} [options]
 * @param {number} [options.seed]  the order's seed (the same seed gives the same order)
 * @param {Record<string, string[]>} [options.only]  keep cells matching every key (any of its values)
 * @param {{index: number, count: number}} [options.shard]  keep every count-th comparison group, from the index-th
 * @param {number} [options.repeat]  rounds instead of the suite's
 * @param {number} [options.durationS]  run length instead of the scenarios' (replaces -t too)
 * @param {number} [options.scale]  pgbench scale instead of the scenarios' (those that initialize tables)
 * @param {'time'|'instructions'} [options.measure]  the groups that take this measure; an instructions cell
 *   runs a fixed number of transactions per client (its longer run's), never a duration
 * @returns {{cells: object[], overrides: object}}  cells in run order, each with its round and position
 */
export function expandMatrix(
  suite,
  {seed = 1, only = {}, shard = null, repeat = null, durationS = null, scale = null, measure = 'time'} = {},
) {
  const rounds = repeat ?? suite.repeat;
  const measured = checkedGroups(suite, {measure, durationS, rounds, fromSuite: repeat === null});
  const random = generator(seed);
  const all = [];
  for (const group of measured) {
    const {workload, clients, targets} = group;
    const scaled = scale !== null && group.scenario.scale != null ? {...group.scenario, scale} : group.scenario;
    // pgbench -j no higher than -c (an instructions count with fewer clients than the scenario's).
    const scenario = scaled.threads > clients ? {...scaled, threads: clients} : scaled;
    const run =
      measure === 'instructions'
        ? {durationS: null, transactionsPerClient: instructionTransactions(suite, workload, scenario)}
        : durationS !== null
          ? {durationS, transactionsPerClient: null}
          : {durationS: scenario.durationS, transactionsPerClient: scenario.transactionsPerClient};
    for (let round = 1; round <= rounds; round++) {
      shuffled(targets, random).forEach((target, i) => {
        const labels = {target: target.id, workload: workload.id, scenario: scenario.id, clients, repeat: round};
        all.push({
          id: cellId(labels),
          ...labels,
          round,
          position: i + 1,
          targetSpec: target,
          workloadSpec: workload,
          scenarioSpec: scenario,
          ...run,
        });
      });
    }
  }
  checkOnly(all, only);
  const matches = all.filter((c) => Object.entries(only).every(([key, values]) => values.includes(String(c[key]))));
  if (matches.length === 0 && all.length > 0) throw new Error(noneMatch(all, only));
  // A shard takes whole comparison groups: the targets of a group are measured on one machine.
  const groups = [...new Set(matches.map(groupKey))];
  const kept = shard ? new Set(groups.filter((_, i) => i % shard.count === shard.index - 1)) : null;
  const cells = kept ? matches.filter((c) => kept.has(groupKey(c))) : matches;
  const overrides = {
    ...(repeat !== null && {repeat}),
    ...(durationS !== null && {durationS}),
    ...(scale !== null && {scale}),
    ...(Object.keys(only).length > 0 && {only}),
    ...(shard && {shard: `${shard.index}/${shard.count}`}),
  };
  return {cells, overrides};
}
