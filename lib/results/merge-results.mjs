// Joins the results of one suite's shards (run on several machines or jobs
// with --shard K/N), or of its parts (run one after the other with --only),
// into one result. Each part keeps its own order; the design records each
// part's seed and the sources it ran from, and the merged result counts as
// run from uncommitted sources when any part was.
//
// Shards may run on different machines (CI runners, Kubernetes nodes): a
// shard holds whole comparison groups, so every comparison stays within one
// machine. Then each cell records the host it ran on, and a comparison group
// whose cells come from two machines is refused. Given the suite and the
// shard count, the cells of a shard that left no result (its job failed) or
// stopped early are recorded as failed, so a page shows them as failed cells.
import path from 'node:path';
import {expandMatrix} from '../suites/matrix.mjs';
import {measureOf} from '../model/measures.mjs';
import {failedCell} from './cell-record.mjs';
import {sameMachine} from './machine.mjs';
import {groupKey} from '../model/keys.mjs';
import {checkParts, checkRepeats, recordedRepeats} from './merge-parts.mjs';

/** Cells, each with its part's host when the parts ran on more than one machine. */
function cellsOf(parts, recorded) {
  const hosts = parts.map((p) => p.result.environment.host);
  const oneMachine = hosts.every((h) => sameMachine(h, hosts[0]));
  const cells = new Map();
  const fileOf = new Map();
  const series = new Map();
  const groupHosts = new Map();
  for (const part of parts) {
    const {file, result} = part;
    const host = result.environment.host;
    for (const cell of result.cells) {
      if (cells.has(cell.id)) {
        throw new Error(
          `${file}: cell ${cell.id} is in ${fileOf.get(cell.id)} too: were both run with the same --shard, or ` +
            'is one a copy? Merge each cell once',
        );
      }
      fileOf.set(cell.id, file);
      const group = groupKey(cell);
      const known = groupHosts.get(group);
      if (known && !sameMachine(known.host, host)) {
        throw new Error(
          `${file} ran comparison group ${group} on another machine (${host.cpuModel}, ${host.cpuCount} CPUs) than ` +
            `${known.file} (${known.host.cpuModel}, ${known.host.cpuCount} CPUs): its targets would be compared ` +
            'across machines. Run a group on one machine (run --shard splits by whole groups).',
        );
      }
      groupHosts.set(group, {host, file});
      checkRepeats(file, part, cell, recorded, series);
      cells.set(cell.id, oneMachine || cell.host ? cell : {...cell, host});
    }
  }
  return cells;
}

/** The cells each expected shard should have measured but did not, as failed cells. */
function missingCells(parts, expected, cells) {
  const {suite, count} = expected;
  const overrides = parts[0].result.run.overrides ?? {};
  const present = new Map(parts.map((p) => [Number(p.result.run.overrides.shard.split('/')[0]), p]));
  const missing = [];
  for (let index = 1; index <= count; index++) {
    const part = present.get(index);
    const {cells: planned} = expandMatrix(suite, {
      shard: {index, count},
      only: overrides.only ?? {},
      repeat: overrides.repeat ?? null,
      durationS: overrides.durationS ?? null,
      scale: overrides.scale ?? null,
      measure: measureOf(parts[0].result),
    });
    for (const cell of planned) {
      if (cells.has(cell.id)) continue;
      missing.push(
        failedCell(cell, {
          kind: 'other',
          message: part
            ? `Not measured: shard ${index}/${count} stopped before this cell (${part.file}).`
            : `Not measured: shard ${index}/${count} left no result (its job failed or was cancelled).`,
        }),
      );
    }
  }
  return missing;
}

/** When a run started, from its id (SUITE-YYYYMMDDTHHMMSSZ…), as an ISO date; null when the id has none. */
function startOfRunId(id) {
  const m = /-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(id);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}` : null;
}

/**
 * --replace: the comparison groups of a later result take the place of the
 * same groups in earlier ones (a group measured again, e.g. from committed
 * sources). Each earlier result keeps its other cells; of an earlier merged
 * result, the parts none of whose cells are left are dropped from its list of
 * parts (a part's cells are those that started between its start and the next
 * part's, as their ids date them).
 */
function replaceGroups(parts) {
  return parts.map((part, i) => {
    const later = new Set(parts.slice(i + 1).flatMap((p) => p.result.cells.map(groupKey)));
    if (later.size === 0) return part;
    const cells = part.result.cells.filter((c) => !later.has(groupKey(c)));
    const design = part.result.run.design;
    let subParts = design?.parts;
    if (subParts) {
      const starts = subParts.map((p) => startOfRunId(p.run));
      if (starts.every(Boolean)) {
        subParts = subParts.filter((_, k) =>
          cells.some((c) => c.startedAt >= starts[k] && (k + 1 === starts.length || c.startedAt < starts[k + 1])),
        );
      }
    }
    return {
      ...part,
      result: {
        ...part.result,
        cells,
        run: {...part.result.run, ...(design && {design: {...design, ...(subParts && {parts: subParts})}})},
      },
    };
  });
}

/** A part's own parts: a merged result's list, or the run itself. */
const partsOfRun = (result, suiteEdited = false) =>
  result.run.design?.parts ?? [
    {
      run: result.run.id,
      seed: result.run.design?.seed ?? null,
      project: result.run.project,
      ...(suiteEdited && result.run.suiteHash && {suiteHash: result.run.suiteHash}),
    },
  ];

/**
 * @param {{file: string, result: object}[]} parts
 * @param {{expected?: {suite: object, count: number}, suite?: object, replace?: boolean, id?: string}} [options]
 *   expected: the suite (lib/suites/suite.mjs) and how many shards it ran as; their missing cells become failed;
 *   suite: the suite the parts ran, when known without --shards: how many repeats the run recorded;
 *   replace: a later result's comparison groups replace the same groups of earlier ones (replaceGroups);
 *   id: the merged result's id (default: the first's, with -merged); suiteEdited: parts of one suite whose files
 *   were edited between them may join, each part's hash kept in design.parts and the run's the last part's
 * @returns {object} the merged result (not yet validated or written)
 */
export function mergeResults(
  given,
  {expected = null, suite = null, replace = false, id = null, suiteEdited = false} = {},
) {
  checkParts(given, expected, {suiteEdited});
  const parts = replace ? replaceGroups(given) : given;
  const [first] = parts;
  const cells = cellsOf(parts, recordedRepeats(parts, expected?.suite ?? suite));
  const missing = expected ? missingCells(parts, expected, cells) : [];
  const targets = targetsOf(parts, missing, expected);
  const times = (key) =>
    parts
      .map((p) => p.result.run[key])
      .filter(Boolean)
      .sort();
  const lastCell = [...cells.values()]
    .map((c) => c.finishedAt)
    .filter(Boolean)
    .sort()
    .at(-1);
  const {shard, only, ...overrides} = first.result.run.overrides ?? {};
  const ownParts = parts.flatMap((p) => partsOfRun(p.result, suiteEdited));
  const design = first.result.run.design && {
    ...first.result.run.design,
    parts: ownParts,
  };
  const dirty = ownParts.map((p) => p.project?.dirty ?? null);
  return {
    schemaVersion: first.result.schemaVersion,
    run: {
      ...first.result.run,
      id: id ?? `${first.result.run.id}-merged`,
      ...(suiteEdited && {suiteHash: parts.at(-1).result.run.suiteHash}),
      startedAt: times('startedAt')[0],
      // A shard that stopped early has no end: the merged run ends with the last cell measured.
      finishedAt: [times('finishedAt').at(-1), lastCell].filter(Boolean).sort().at(-1) ?? times('startedAt').at(-1),
      project: {...first.result.run.project, dirty: dirty.includes(true) ? true : dirty.includes(null) ? null : false},
      commands: parts.flatMap((p) => p.result.run.commands),
      overrides: {
        ...overrides,
        ...(only && parts.every((p) => p.result.run.overrides?.shard) && {only}),
        mergedShards: parts.map((p) => p.result.run.overrides?.shard ?? p.result.run.id),
        ...(expected && {shards: expected.count, missingCells: missing.length}),
      },
      ...(design && {design}),
    },
    environment: {...first.result.environment, targets: [...targets.values()]},
    cells: [...cells.values(), ...missing],
    ...(parts.some((p) => p.result.failedAttempts) && {
      failedAttempts: parts.flatMap((p) => p.result.failedAttempts ?? []),
    }),
    plans: parts.flatMap((p) => p.result.plans ?? []),
    // Each workload's script once; parts of one suite read the same file (a changed one: the first part's).
    ...(parts.some((p) => p.result.scripts) && {
      scripts: [
        ...new Map(
          parts
            .flatMap((p) => p.result.scripts ?? [])
            .reverse()
            .map((s) => [s.workload, s]),
        ).values(),
      ],
    }),
    preparations: parts.flatMap((p) => p.result.preparations ?? []),
    ...(parts.some((p) => p.result.profiles) && {profiles: profilesOf(parts)}),
  };
}

/** The targets of the parts, one entry each; two parts that met one target on different servers are refused. */
function targetsOf(parts, missing, expected) {
  const targets = new Map();
  for (const {file, result} of parts) {
    for (const target of result.environment.targets) {
      const known = targets.get(target.id);
      // A shard that could not use a target knows no version of it: the shard that reached it describes it.
      if (target.error && known) continue;
      if (known && !known.error && known.serverVersionFull !== target.serverVersionFull) {
        throw new Error(
          `${file}: target ${target.id} is ${target.serverVersionFull}, but ${known.serverVersionFull} in another ` +
            `shard.`,
        );
      }
      targets.set(target.id, target);
    }
  }
  // A target only a lost shard had is known by its suite entry alone.
  for (const cell of missing) {
    if (targets.has(cell.target)) continue;
    const spec = expected.suite.targets.find((t) => t.id === cell.target);
    targets.set(cell.target, {id: cell.target, kind: spec.kind, serverVersion: null, serverVersionFull: null});
  }
  return targets;
}

/**
 * An instructions run's profiles, each part's with its files' paths as the
 * part names them from here (its folder joined): the command that writes the
 * merged result copies them beside it (profileSources says which to copy).
 */
const profilesOf = (parts) =>
  parts.flatMap(({file, result}) =>
    (result.profiles ?? []).map((entry) => ({
      ...entry,
      files: {
        short: path.join(path.dirname(file), entry.files.short),
        long: path.join(path.dirname(file), entry.files.long),
      },
    })),
  );
