// Expands a suite into its cells, in the order they run: target by target (one
// server at a time), then scenario (one pgbench -i per scale), workload, client
// count and repeat.

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
    throw new Error(`--shard ${text}: write K/N with 1 ≤ K ≤ N (e.g. --shard 1/3 runs the 1st, 4th, 7th… cell)`);
  }
  return shard;
}

export const cellId = ({target, workload, scenario, clients, repeat}) =>
  `${target}/${workload}/${scenario}/c${clients}/r${repeat}`;

/**
 * @param {object} suite  from loadSuite
 * @param {object} [options]
 * @param {Record<string, string[]>} [options.only]  keep cells matching every key (any of its values)
 * @param {{index: number, count: number}} [options.shard]  keep every count-th cell, from the index-th
 * @param {number} [options.repeat]  repeats instead of the suite's
 * @param {number} [options.durationS]  run length instead of the scenarios' (replaces -t too)
 * @returns {{cells: object[], overrides: object}}
 */
export function expandMatrix(suite, {only = {}, shard = null, repeat = null, durationS = null} = {}) {
  const repeats = repeat ?? suite.repeat;
  const all = [];
  for (const target of suite.targets) {
    for (const scenario of suite.scenarios) {
      for (const workload of suite.workloads) {
        for (const clients of scenario.clients) {
          for (let r = 1; r <= repeats; r++) {
            const run =
              durationS !== null
                ? {durationS, transactionsPerClient: null}
                : {durationS: scenario.durationS, transactionsPerClient: scenario.transactionsPerClient};
            const labels = {target: target.id, workload: workload.id, scenario: scenario.id, clients, repeat: r};
            all.push({
              id: cellId(labels),
              ...labels,
              targetSpec: target,
              workloadSpec: workload,
              scenarioSpec: scenario,
              ...run,
            });
          }
        }
      }
    }
  }
  for (const [key, values] of Object.entries(only)) {
    const known = new Set(all.map((c) => String(c[key])));
    const unknown = values.filter((v) => !known.has(v));
    if (unknown.length > 0)
      throw new Error(
        `--only ${key}=${unknown.join(',')}: no such ${key} in the suite (it has ${[...known].join(', ')})`,
      );
  }
  const matches = all.filter((c) => Object.entries(only).every(([key, values]) => values.includes(String(c[key]))));
  const cells = shard ? matches.filter((_, i) => i % shard.count === shard.index - 1) : matches;
  const overrides = {
    ...(repeat !== null && {repeat}),
    ...(durationS !== null && {durationS}),
    ...(Object.keys(only).length > 0 && {only}),
    ...(shard && {shard: `${shard.index}/${shard.count}`}),
  };
  return {cells, overrides};
}
