// Where a page's figures come from: the run (its machine, pgbench, order,
// bounds and build, generated from its result) and the published study shown
// beside it.
import {useLocale, useSentenceGap, useT} from '@site/src/components/Msg';
import RunData from '@site/src/components/RunData';
import styles from './styles.module.css';
import {SentenceNote} from '@site/src/components/RunFigures';
import {listOf} from '@site/lib/i18n/list.mjs';

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
            const values = d.values.map(
              (v) => `${v.value} (${v.servers ?? t('common.postgresVersion', {version: v.versions})})`,
            );
            return `${d.name}: ${values.join(', ')}`;
          })
          .join('; '),
      }),
    bounds?.storage && t('common.run.storage', {storage: bounds.storage}),
    bounds?.sameMachine && t('common.run.sameMachine', {cpus: bounds.cpus}),
    build && run.build && buildSentence(t, run.build),
  ].filter(Boolean);
}

/** Checkpoints in the measured runs: counted where the run read the servers' counters, else what settings allow. */
function checkpointSentence(t, bounds) {
  const measured = bounds.checkpointsMeasured;
  if (measured)
    return measured.count
      ? t('common.run.checkpointsMeasured.some', measured)
      : t('common.run.checkpointsMeasured.none', {total: measured.total});
  return t(bounds.timeoutBeyondRuns ? 'common.run.checkpoints' : 'common.run.checkpointsMayFall', {
    checkpointTimeout: bounds.checkpointTimeout,
    maxWalSize: bounds.maxWalSize,
    walTrigger: bounds.walTrigger ?? '?',
    completionTarget: bounds.completionTarget ?? '?',
  });
}

/** How the servers were built, and what that means for the figures; each way of a run that built them in several. */
function buildSentence(t, build) {
  if (!build.builds) return t(buildKey(build), {compiler: build.compiler, flags: build.flags, usual: '-O2'});
  const ways = build.builds.map((b) =>
    t(b.jit ? 'common.run.build.wayJit' : 'common.run.build.wayNoJit', {
      versions: t('common.postgresVersion', {version: b.versions.join(', ')}),
      compiler: b.compiler,
      flags: b.flags ?? '?',
    }),
  );
  return t('common.run.build.mixed', {list: ways.join('; ')});
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
 * Which run the page's figures come from, on what, said once: a compact table (run, machine, system,
 * pgbench, servers, each measurement, raw data), then, folded, every sentence of how the runs were made.
 */
export function RunProvenance({data}) {
  const t = useT();
  const locale = useLocale();
  const gap = useSentenceGap();
  const {run} = data;
  const measured = run.durationS
    ? t('common.run.shortened', {duration: run.durationS, design: run.designDurationS.join(', ')})
    : t('common.seconds', {value: run.measuredS});
  const machine = (host) =>
    t('common.facts.machineValue', {
      cpus: host.cpus ?? '?',
      cpuModel: host.cpuModel ?? '?',
      memory: host.memoryGib ?? '?',
    });
  // Instructions counted on another machine than the timed runs: each machine named with what it measured.
  const counted = data.instructionsRun?.host;
  const apart = (what) =>
    counted && what(counted) !== what(run.host) ? (
      <>
        {t('common.facts.timedOn', {fact: what(run.host)})}
        <br />
        {t('common.facts.countedOn', {fact: what(counted)})}
      </>
    ) : (
      what(run.host)
    );
  const rows = [
    ['common.facts.run', t('common.facts.runValue', {id: run.id, date: run.date})],
    ['common.facts.machine', apart(machine)],
    ['common.facts.os', apart((host) => host.os ?? '?')],
    ['common.facts.pgbench', run.pgbench ?? '?'],
    run.build && ['common.facts.servers', buildSentence(t, run.build)],
    ['common.facts.measured', measured],
    ['common.facts.checks', checksText(t, locale, [run, data.instructionsRun])],
  ].filter(Boolean);
  return (
    <section className={styles.facts} data-run-facts={run.id}>
      <strong>{t('common.run.title')}</strong>
      <table>
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{t(key)}</th>
              <td>{value}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('common.facts.data')}</th>
            <td>
              <RunData run={run} />
              {data.instructionsRun && (
                // On a line of its own: links never run into the next sentence.
                <>
                  <br />
                  {t('common.instructions.data', {id: data.instructionsRun.id})} <RunData run={data.instructionsRun} />
                </>
              )}
            </td>
          </tr>
        </tbody>
      </table>
      <details data-pagefind-ignore="all">
        <summary>{t('common.facts.method')}</summary>
        <p>{[...runMethod(t, run, {build: false}), ...dirtyParts(t, run)].filter(Boolean).join(gap)}</p>
      </details>
    </section>
  );
}

/** The published study shown beside our figures: what it is, what it ran on, how it is shown. */
export function StudyNote({data}) {
  const t = useT();
  const {study} = data;
  if (!study) return null;
  const m = study.machine;
  const machine = [
    m.instance,
    m.vcpus && t('common.study.vcpus', {vcpus: m.vcpus}),
    m.memoryGb && t('common.study.memory', {memory: m.memoryGb}),
    m.os,
    m.storage,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <SentenceNote
      title={t('common.study.title')}
      sentences={[
        t('common.study.text', {
          source: study.title,
          publisher: study.publisher,
          date: study.date,
          versions: study.versions,
        }),
        machine ? t('common.study.machine', {machine}) : t('common.study.noMachine'),
        study.settings
          ? t('common.study.settings', {settings: study.settings.join(', ')})
          : t('common.study.noSettings'),
        t('common.study.shown'),
      ]}
    />
  );
}
