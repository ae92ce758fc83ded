// Joins the results of one suite's shards (run on several machines or jobs
// with --shard K/N), or of its parts (run one after the other with --only),
// into one result. Each part keeps its own order; the design records each
// part's seed and the sources it ran from, and the merged result counts as
// run from uncommitted sources when any part was.

const sameHost = (a, b) => ['cpuModel', 'cpuCount', 'memoryBytes', 'os', 'kernel'].every((k) => a[k] === b[k]);

/**
 * @param {{file: string, result: object}[]} parts
 * @returns {object} the merged result (not yet validated or written)
 */
export function mergeResults(parts) {
  if (parts.length < 2) throw new Error('merge: give at least two results (the shards of one run).');
  const [first] = parts;
  for (const {file, result} of parts) {
    if (result.run.kind !== 'run') throw new Error(`${file}: an import, not a run; only shards of a run merge.`);
    if (result.run.suite !== first.result.run.suite || result.run.suiteHash !== first.result.run.suiteHash) {
      throw new Error(
        `${file}: suite ${result.run.suite} (hash ${result.run.suiteHash?.slice(0, 12)}) is not the suite of ` +
          `${first.file}; merge shards of one suite version.`,
      );
    }
    if (result.run.finishedAt === null)
      throw new Error(`${file}: this shard has not finished; finish it with run --resume first.`);
    if (!sameHost(result.environment.host, first.result.environment.host)) {
      throw new Error(
        `${file} ran on another machine (${result.environment.host.cpuModel}, ${result.environment.host.cpuCount} ` +
          `CPUs) than ${first.file}; figures from different machines are not one result.`,
      );
    }
  }
  const cells = new Map();
  const targets = new Map();
  for (const {file, result} of parts) {
    for (const cell of result.cells) {
      if (cells.has(cell.id))
        throw new Error(`${file}: cell ${cell.id} is in two shards; were both run with the same --shard?`);
      cells.set(cell.id, cell);
    }
    for (const target of result.environment.targets) {
      const known = targets.get(target.id);
      if (known && known.serverVersionFull !== target.serverVersionFull) {
        throw new Error(
          `${file}: target ${target.id} is ${target.serverVersionFull}, but ${known.serverVersionFull} in another ` +
            `shard.`,
        );
      }
      targets.set(target.id, target);
    }
  }
  const times = (key) => parts.map((p) => p.result.run[key]).sort();
  const {shard, only, ...overrides} = first.result.run.overrides ?? {};
  const design = first.result.run.design && {
    ...first.result.run.design,
    parts: parts.map((p) => ({
      run: p.result.run.id,
      seed: p.result.run.design?.seed ?? null,
      project: p.result.run.project,
    })),
  };
  const dirty = parts.map((p) => p.result.run.project.dirty);
  return {
    schemaVersion: first.result.schemaVersion,
    run: {
      ...first.result.run,
      id: `${first.result.run.id}-merged`,
      startedAt: times('startedAt')[0],
      finishedAt: times('finishedAt').at(-1),
      project: {...first.result.run.project, dirty: dirty.includes(true) ? true : dirty.includes(null) ? null : false},
      commands: parts.flatMap((p) => p.result.run.commands),
      overrides: {...overrides, mergedShards: parts.map((p) => p.result.run.overrides?.shard ?? p.result.run.id)},
      ...(design && {design}),
    },
    environment: {...first.result.environment, targets: [...targets.values()]},
    cells: [...cells.values()],
    plans: parts.flatMap((p) => p.result.plans ?? []),
    preparations: parts.flatMap((p) => p.result.preparations ?? []),
  };
}
