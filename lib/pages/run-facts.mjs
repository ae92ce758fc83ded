// What a page made from a run says of it, in words, at build time: which run, on what machine, with which pgbench
// and servers, what was measured and what the build could check (the facts, a row each); and, folded under them,
// how the runner ordered and prepared the measurements and what bounds the figures (the method), all from the
// run's own record (run-info.mjs).
import {howMany} from '../i18n/how-many.mjs';
import {bracketed, clauseSeparator, labelMark, listOf, listSeparator} from '../i18n/list.mjs';
import {sentences} from './verdict-words.mjs';

/** What the runner did in a run, and what bounds its figures: sentences generated from its result. */
export function runMethod(t, run, {build = true} = {}) {
  const {order, bounds} = run;
  return [
    // First: a suite that runs commands on the machine is what a reader must know before running it.
    run.shell && t('common.run.shell'),
    !order.interleaved
      ? t('common.run.order.sequential')
      : order.parts
        ? t('common.run.order.interleavedParts', {rounds: order.rounds, parts: order.parts, seeds: order.seeds})
        : t('common.run.order.interleaved', {rounds: order.rounds, seed: order.seed}),
    // A CHECKPOINT before each measured run is said with the warm-up, or alone where there is none.
    !order.warmupS && order.checkpoint && t('common.run.checkpoint'),
    order.warmupS &&
      t(order.checkpoint ? 'common.run.warmupCheckpoint' : 'common.run.warmup', {
        warmup: listOf(
          order.warmupS.map((value) => t('common.seconds', {value})),
          order.locale,
        ),
      }),
    order.vacuum && t('common.run.vacuum'),
    t('common.run.measured', {measured: run.measuredS}),
    bounds &&
      t(bounds.durable ? 'common.run.durable' : 'common.run.notDurable', {
        fsync: bounds.fsync,
        synchronousCommit: bounds.synchronousCommit,
      }),
    bounds && checkpointSentence(t, bounds),
    bounds?.differing.length > 0 &&
      t('common.run.differs', {
        list: bounds.differing
          .map((d) => {
            const list = listSeparator(order.locale);
            const values = d.values.map((v) =>
              bracketed(
                v.value,
                v.servers?.join(list) ?? t('common.postgresVersion', {version: v.versions.join(list)}),
                order.locale,
              ),
            );
            return `${d.name}${labelMark(order.locale)}${values.join(list)}`;
          })
          .join(clauseSeparator(order.locale)),
      }),
    bounds?.storage && t('common.run.storage', {storage: bounds.storage}),
    bounds?.sameMachine && t('common.run.sameMachine', {cpus: bounds.cpus}),
    build && run.build && buildSentence(t, run.build, order.locale),
  ].filter(Boolean);
}

/** Checkpoints in the measured runs: counted where the run read the servers' counters, else what settings allow. */
function checkpointSentence(t, bounds) {
  const measured = bounds.checkpointsMeasured;
  if (measured)
    return measured.count
      ? t('common.run.checkpointsMeasured.some', {howMany: howMany(t, 'runs', measured)})
      : t('common.run.checkpointsMeasured.none', {total: measured.total});
  return t(bounds.timeoutBeyondRuns ? 'common.run.checkpoints' : 'common.run.checkpointsMayFall', {
    checkpointTimeout: bounds.checkpointTimeout,
    maxWalSize: bounds.maxWalSize,
    walTrigger: bounds.walTrigger ?? '?',
    completionTarget: bounds.completionTarget ?? '?',
  });
}

/** How the servers were built, and what that means for the figures; each way of a run that built them in several. */
function buildSentence(t, build, locale) {
  if (!build.builds) return t(buildKey(build), {compiler: build.compiler, flags: build.flags, usual: '-O2'});
  const ways = build.builds.map((b) =>
    t(b.jit ? 'common.run.build.wayJit' : 'common.run.build.wayNoJit', {
      versions: t('common.postgresVersion', {version: b.versions.join(listSeparator(locale))}),
      compiler: b.compiler,
      flags: b.flags ?? '?',
    }),
  );
  return t('common.run.build.mixed', {list: ways.join(clauseSeparator(locale))});
}

/** A sentence per case of servers built alike. */
const buildKey = (build) =>
  build.flags === null
    ? 'common.run.build.flagsUnknown'
    : build.jit
      ? 'common.run.build.jit'
      : 'common.run.build.noJit';

// Each kind of figure a run may keep too little to check (lib/results/rederive.mjs, uncheckedOfRun).
const UNCHECKED = {
  throughput: 'common.facts.checkThroughput',
  latencies: 'common.facts.checkLatencies',
  activity: 'common.facts.checkActivity',
};

/** What the build checked of the runs' figures: every one, or which it could not, and since when runs keep them. */
function checksText(t, locale, runs) {
  const kinds = [...new Set(runs.flatMap((r) => r?.unchecked?.kinds ?? []))];
  if (kinds.length === 0) return t('common.facts.checksAll');
  const since = runs.find((r) => r?.unchecked)?.unchecked.since;
  return t('common.facts.checksSome', {
    list: listOf(
      kinds.map((k) => t(UNCHECKED[k])),
      locale,
    ),
    since,
  });
}

/** Which sources had uncommitted changes: the run's, or in a merged run each such part's. */
function dirtyParts(t, run) {
  if (run.parts.length === 0) return [run.dirty && t('common.run.dirty', {sha: run.gitSha ?? '?'})];
  return run.parts.filter((p) => p.dirty).map((p) => t('common.run.partDirty', {part: p.run, sha: p.gitSha ?? '?'}));
}

/**
 * Which run the page's figures come from, on what, said once: rows of facts (run, machine, system, pgbench,
 * servers, each measurement, what the build checked), the labels of its files, then every sentence of how the runs
 * were made. Instructions counted on another machine than the timed runs: each machine named with what it measured.
 */
export function runFacts(t, {run, instructionsRun, locale}) {
  const machine = (host) =>
    t('common.facts.machineValue', {
      cpus: host.cpus ?? '?',
      cpuModel: host.cpuModel ?? '?',
      memory: host.memoryGib ?? '?',
    });
  const counted = instructionsRun?.host;
  const apart = (what) =>
    counted && what(counted) !== what(run.host)
      ? [t('common.facts.timedOn', {fact: what(run.host)}), t('common.facts.countedOn', {fact: what(counted)})]
      : [what(run.host)];
  const measured = run.durationS
    ? t('common.run.shortened', {duration: run.durationS, design: run.designDurationS.join(listSeparator(locale))})
    : t('common.seconds', {value: run.measuredS});
  const row = (key, lines) => ({label: t(key), lines: [lines].flat()});
  return {
    title: t('common.run.title'),
    rows: [
      row('common.facts.run', t('common.facts.runValue', {id: run.id, date: run.date})),
      row('common.facts.machine', apart(machine)),
      row(
        'common.facts.os',
        apart((host) => host.os ?? '?'),
      ),
      row('common.facts.pgbench', run.pgbench ?? '?'),
      run.build && row('common.facts.servers', buildSentence(t, run.build, locale)),
      row('common.facts.measured', measured),
      row('common.facts.checks', checksText(t, locale, [run, instructionsRun])),
    ].filter(Boolean),
    data: {
      label: t('common.facts.data'),
      instructions: instructionsRun && t('common.instructions.data', {id: instructionsRun.id}),
    },
    method: {
      summary: t('common.facts.method'),
      text: sentences([...runMethod(t, run, {build: false}), ...dirtyParts(t, run)], locale),
    },
  };
}
