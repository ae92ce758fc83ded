// Components of the pages made from measured runs (PostgreSQL versions,
// planner, methodology, runs). Figures arrive formatted from the data plugin;
// words come from the catalog.
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import DataTable, {Num, Spread} from '@site/src/components/DataTable';
import {useDataUrl} from '@site/src/components/DataUrl';
import GroupTabs from '@site/src/components/GroupTabs';
import NoteBox from '@site/src/components/NoteBox';
import RunData from '@site/src/components/RunData';
import {NotLoaded, useOnDemand} from '@site/src/components/OnDemand';
import {functionsKey} from '@site/lib/pages/on-demand.mjs';
import {
  AGREEMENT_CLAIM,
  AGREEMENT_OUTCOME,
  METHOD_ROUNDING_KIND,
  METHOD_SUITE,
  PLANNER_CASE,
  verdictSentenceKey,
  VERDICT_SHORT,
  VERSIONS_INTRO,
  messageKey,
} from '@site/lib/i18n/message-keys.mjs';
import styles from './styles.module.css';

/** A median with its repeats' spread under it. */
export function Stat({stat, figure}) {
  if (!stat) return <Num>—</Num>;
  return (
    <Num data-figure={figure}>
      {stat.text}
      {stat.ok > 1 && stat.spread !== stat.text && <Spread>{stat.spread}</Spread>}
    </Num>
  );
}

/** What the runner did in a run, and what bounds its figures: sentences generated from its result. */
export function runMethod(t, run) {
  const {order, bounds} = run;
  return [
    !order.interleaved
      ? t('common.run.order.sequential')
      : order.parts
        ? t('common.run.order.interleavedParts', {rounds: order.rounds, parts: order.parts, seeds: order.seeds})
        : t('common.run.order.interleaved', {rounds: order.rounds, seed: order.seed}),
    order.warmupS && t(order.checkpoint ? 'common.run.warmupCheckpoint' : 'common.run.warmup', {warmup: order.warmupS}),
    t('common.run.measured', {measured: run.measuredS}),
    bounds &&
      t(bounds.durable ? 'common.run.durable' : 'common.run.notDurable', {
        fsync: bounds.fsync,
        synchronousCommit: bounds.synchronousCommit,
      }),
    bounds &&
      t(bounds.timeoutBeyondRuns ? 'common.run.checkpoints' : 'common.run.checkpointsMayFall', {
        checkpointTimeout: bounds.checkpointTimeout,
        maxWalSize: bounds.maxWalSize,
      }),
    bounds?.differing.length > 0 &&
      t('common.run.differs', {
        list: bounds.differing
          .map((d) => {
            const values = d.values.map((v) => `${v.value} (${t('common.postgresVersion', {version: v.versions})})`);
            return `${d.name}: ${values.join(', ')}`;
          })
          .join('; '),
      }),
    bounds?.storage && t('common.run.storage', {storage: bounds.storage}),
    bounds?.sameMachine && t('common.run.sameMachine', {cpus: bounds.cpus}),
    run.build && t(buildKey(run.build), {compiler: run.build.compiler, flags: run.build.flags, usual: '-O2'}),
  ].filter(Boolean);
}

/** How the servers were built, and what that means for the figures: a sentence per case. */
const buildKey = (build) =>
  build.flags === null
    ? 'common.run.build.flagsUnknown'
    : build.jit
      ? 'common.run.build.jit'
      : 'common.run.build.noJit';

/** Which sources had uncommitted changes: the run's, or in a merged run each such part's. */
function dirtyParts(t, run) {
  if (run.parts.length === 0) return [run.dirty && t('common.run.dirty', {sha: run.gitSha ?? '?'})];
  return run.parts.filter((p) => p.dirty).map((p) => t('common.run.partDirty', {part: p.run, sha: p.gitSha ?? '?'}));
}

/** The A/A control of a group: what it is, then its verdict against its twin. */
function ControlNote({control, measure = 'time'}) {
  const t = useT();
  const gap = useSentenceGap();
  if (!control) return null;
  return (
    <p data-control={control.target} data-measure={measure}>
      {sentences(
        [
          t('common.controlNote', {name: control.name, base: control.base}),
          verdictSentence(t, control, measure),
          control.beyondMargin && t('common.controlBeyondMargin', {margin: control.margin}),
        ],
        gap,
      )}
    </p>
  );
}

/** A boxed note: its title, then its sentences (empty ones left out), then anything after them. */
function SentenceNote({title, sentences, children}) {
  const gap = useSentenceGap();
  return (
    <NoteBox>
      <strong>{title}</strong>
      {gap}
      {sentences.filter(Boolean).join(gap)}
      {children}
    </NoteBox>
  );
}

/** Which run the page's figures come from, on what, and how to read them. */
export function RunProvenance({data}) {
  const t = useT();
  const {run} = data;
  return (
    <SentenceNote
      title={t('common.run.title')}
      sentences={[
        t('common.run.text', {
          id: run.id,
          date: run.date,
          cpus: run.host.cpus ?? '?',
          cpuModel: run.host.cpuModel ?? '?',
          memory: run.host.memoryGib ?? '?',
          os: run.host.os ?? '?',
          pgbench: run.pgbench ?? '?',
        }),
        run.durationS && t('common.run.shortened', {duration: run.durationS, design: run.designDurationS.join(', ')}),
        ...runMethod(t, run),
        ...dirtyParts(t, run),
        t('common.run.data'),
      ]}
    >
      {' '}
      <RunData run={run} />
    </SentenceNote>
  );
}

/** A comparison with the baseline: the change (versions) or times (planner), and its verdict. */
function Versus({compare, as = 'percent', measure = 'time'}) {
  const t = useT();
  if (!compare) return <Num>{t('common.baseline')}</Num>;
  const main = as === 'percent' ? compare.changeText : t('common.times', {ratio: compare.ratioText});
  // The change is a Hodges-Lehmann shift: beside it its interval and the ratio of the medians, which can
  // differ from it in sign when the runs overlap (the table's note says so).
  return (
    <Num data-figure={as === 'percent' ? 'percent' : 'ratio'} data-verdict={compare.verdict}>
      {main}
      {as === 'percent' && compare.lowText && (
        <Spread>{t('common.versus.interval', {low: compare.lowText, high: compare.highText})}</Spread>
      )}
      {as === 'percent' && <Spread>{t('common.versus.medians', {ratio: compare.mediansText})}</Spread>}
      <Spread>{t(messageKey(VERDICT_SHORT[measure], compare.verdict, 'VERDICT_SHORT'))}</Spread>
    </Num>
  );
}

/** What pgbench ran for a planner case, against the article's script: the same, or both shown. */
function ScriptNote({script}) {
  const t = useT();
  if (!script) return null;
  if (script.same) return <p data-script="same">{t('planner.script.same')}</p>;
  const unrecorded = script.ran === null;
  return (
    <div data-script={unrecorded ? 'unrecorded' : script.article ? 'differs' : 'ours'}>
      {unrecorded ? (
        <p>{t('planner.script.unrecorded')}</p>
      ) : (
        <>
          <p>{t(script.article ? 'planner.script.differs' : 'planner.script.ours')}</p>
          <CodeBlock language="sql">{script.ran}</CodeBlock>
        </>
      )}
      {script.article && (
        <>
          <p>{t('planner.script.article')}</p>
          <CodeBlock language="sql">{script.article}</CodeBlock>
        </>
      )}
    </div>
  );
}

/** A table's note, and what its "against" column holds when it has one. */
const tableNote = (t, repeats, versus = true) =>
  versus ? `${t('common.table.note', {repeats})} ${t('common.table.versusNote')}` : t('common.table.note', {repeats});

/**
 * The sentence a verdict states (lib/stats decides it; the catalog words it);
 * a timed comparison that cannot decide also says what it could have detected.
 */
export function verdictSentence(t, v, measure = 'time') {
  const who = {name: v.name, base: v.base, runs: v.runs};
  if (v.low === null) return t('common.verdict.sentence.tooFew', who);
  const {changeText: change, lowText: low, highText: high, margin, level} = v;
  const sentence = t(verdictSentenceKey(measure, v), {
    ...who,
    change,
    low,
    high,
    margin,
    level,
  });
  if (measure !== 'time' || v.verdict !== 'inconclusive' || !v.detectableText) return sentence;
  return [
    sentence,
    t('common.detectable', {detectable: v.detectableText, rounds: v.roundsForWanted, wanted: v.wantedText}),
  ];
}

/** Sentences (some verdicts give two) joined by the locale's gap. */
const sentences = (list, gap) => list.flat().filter(Boolean).join(gap);

const FIGURE_HEADINGS = {
  count: 'common.table.count',
  tps: 'common.table.tps',
  min: 'common.table.min',
  max: 'common.table.max',
};

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

/** Every comparison group of the versions page, in the run's order. */
export function VersionsGroups({data}) {
  const t = useT();
  return (
    <>
      <Heading as="h2" id="details">
        {t('versions.details.title')}
      </Heading>
      <GroupTabs
        label={t('versions.details.title')}
        parts={data.groups.map((g) => ({
          id: g.id,
          title: g.title,
          content: <VersionsGroup data={data} group={g} />,
        }))}
      />
    </>
  );
}

/** Whether our verdicts agree with the published study's finding, in one sentence. */
function Agreement({agreement, source}) {
  const t = useT();
  if (!agreement) return null;
  const claim = t(messageKey(AGREEMENT_CLAIM, agreement.claim, 'AGREEMENT_CLAIM'), {
    names: agreement.names,
    base: agreement.base,
  });
  return (
    <p className="finding" data-agreement={agreement.outcome}>
      {t(messageKey(AGREEMENT_OUTCOME, agreement.outcome, 'AGREEMENT_OUTCOME'), {
        source,
        claim,
        names: agreement.names,
        base: agreement.base,
      })}
      {/* The study's own figures beside its reading of them, computed here, never inside its quoted words. */}
      {agreement.low &&
        ` ${t('common.agreement.range', {low: agreement.low, high: agreement.high, base: agreement.base})}`}
    </p>
  );
}

/** One comparison group of the versions page: parameters, findings, tables (ours, published), charts, commands. */
function VersionsGroup({data, group: g}) {
  const t = useT();
  const gap = useSentenceGap();
  const base = g.rows[0];
  const heading = (f) => (FIGURE_HEADINGS[f] ? t(FIGURE_HEADINGS[f]) : t('common.table.percentile', {p: f.slice(1)}));
  const columns = [
    t('common.table.version'),
    ...Object.keys(base.figures).map((name) => ({label: heading(name), numeric: true})),
    {label: t('common.table.versus', {base: base.name}), numeric: true},
  ];
  return (
    <section data-group={g.id}>
      <Heading as="h2" id={g.id}>
        {g.title}
      </Heading>
      <p>{t(messageKey(VERSIONS_INTRO, `${g.scenario}/${g.workload}`, 'VERSIONS_INTRO'))}</p>
      <p>
        {t('versions.parameters', {
          builtin: g.parameters.builtin,
          scale: g.parameters.scale,
          clients: g.parameters.clients,
          threads: g.parameters.threads,
          duration: g.parameters.durationS,
          repeats: g.parameters.repeats,
        })}
      </p>
      <p className="finding" data-findings={g.id}>
        {g.undecidable ? t('common.verdict.sentence.tooFew', g.undecidable) : sentences(g.statement ?? [], gap)}
      </p>
      <ControlNote control={g.control} />
      <DataTable data-group={g.id} columns={columns} caption={tableNote(t, g.parameters.repeats)}>
        {g.rows.map((r) => (
          <tr key={r.target} data-target={r.target}>
            <th scope="row">
              {r.name}
              <Spread>{r.version}</Spread>
            </th>
            {Object.entries(r.figures).map(([name, stat]) => (
              <Stat key={name} stat={stat} figure={name} />
            ))}
            <Versus compare={r.versusFirst} />
          </tr>
        ))}
      </DataTable>
      {data.study && g.agreement && <Agreement agreement={g.agreement} source={data.study.title} />}
      {g.published && (
        <details data-published-figures={g.id}>
          <summary>
            {t('versions.published.intro', {
              source: data.study.title,
              date: data.study.date,
              duration: g.published.durationS,
              runs: data.study.runs,
            })}
          </summary>
          <DataTable
            data-published={g.id}
            columns={columns}
            caption={t('versions.published.caption', {source: data.study.title})}
          >
            {g.published.rows.map((r) => (
              <tr key={r.target} data-target={r.target}>
                <th scope="row">
                  {r.name}
                  <Spread>{r.version}</Spread>
                </th>
                {Object.entries(r.figures).map(([name, stat]) => (
                  <Stat key={name} stat={stat} figure={name} />
                ))}
                <Num data-figure="percent">{r.versusFirst ? r.versusFirst.changeText : t('common.baseline')}</Num>
              </tr>
            ))}
          </DataTable>
        </details>
      )}
      <div className={styles.charts}>
        {g.charts.map((spec) => (
          <Chart key={spec.id} spec={spec} />
        ))}
      </div>
      <InstructionsSection page="pg-versions" id={g.id} figures={g.instructions} run={data.instructionsRun} />
      <Heading as="h3" id={`${g.id}-commands`}>
        {t('common.commands.title')}
      </Heading>
      <CodeBlock language="bash">
        {[
          g.commands.init && `# ${t('common.commands.init')}\n${g.commands.init}`,
          `# ${t('common.commands.run')}\n${g.commands.run}`,
        ]
          .filter(Boolean)
          .join('\n\n')}
      </CodeBlock>
    </section>
  );
}

/** The published study beside the planner page's case: its figures, its speedups and ours. */
function PublishedCase({data, c}) {
  const t = useT();
  if (!c.published) return null;
  const {stated} = c.published;
  return (
    <>
      <DataTable
        data-published={c.id}
        columns={[
          t('common.table.version'),
          {label: t('common.table.tps'), numeric: true},
          {label: t('common.table.latencyAvg'), numeric: true},
          {label: t('planner.published.execution'), numeric: true},
          {label: t('common.table.speedup', {base: c.published.rows[0].name}), numeric: true},
        ]}
        caption={t('planner.published.caption', {
          source: data.study.title,
          instance: data.study.machine.instance ?? '?',
          vcpus: data.study.machine.vcpus ?? '?',
          memory: data.study.machine.memoryGb ?? '?',
        })}
      >
        {c.published.rows.map((r) => (
          <tr key={r.target} data-target={r.target}>
            <th scope="row">
              {r.name}
              <Spread>{r.version}</Spread>
            </th>
            <Num data-figure="tps">{r.tps}</Num>
            <Num data-figure="latencyAvg">{r.latencyAvg}</Num>
            <Num data-figure="execution">{r.executionMs ?? '—'}</Num>
            <Num data-figure="ratio">
              {r.tpsRatio ? t('common.times', {ratio: r.tpsRatio}) : t('common.baseline')}
              {r.executionRatio && <Spread>{t('planner.published.executionRatio', {ratio: r.executionRatio})}</Spread>}
            </Num>
          </tr>
        ))}
      </DataTable>
      {stated.tps && <p>{t('planner.published.stated', {tps: stated.tps, execution: stated.execution ?? '?'})}</p>}
      <Agreement agreement={c.agreement} source={data.study.title} />
    </>
  );
}

/** One case of the planner page: what changed, finding, table, query, plans side by side. */
export function PlannerCase({data, case: id}) {
  const t = useT();
  const gap = useSentenceGap();
  const c = data.cases.find((x) => x.id === id);
  if (!c) throw new Error(`No case "${id}" in the run (${data.cases.map((x) => x.id).join(', ')}).`);
  const focus = c.rows[1];
  const keys = messageKey(PLANNER_CASE, id, 'PLANNER_CASE');
  return (
    <section>
      <Heading as="h2" id={id}>
        {t(keys.title)}
      </Heading>
      <p>{t(keys.what)}</p>
      {c.session && <p data-session>{t('planner.session', {settings: c.session})}</p>}
      {focus?.versusBase && (
        <p className="finding">
          {t('planner.finding', {
            name: focus.name,
            ratio: focus.versusBase.ratioText,
            tps: focus.figures.tps.text,
            base: c.baseline,
            baseTps: c.rows[0].figures.tps.text,
          })}
          {gap}
          {sentences([verdictSentence(t, {...focus.versusBase, name: focus.name, base: c.baseline})], gap)}
        </p>
      )}
      <ControlNote control={c.control} />
      <DataTable
        data-case={id}
        columns={[
          t('common.table.version'),
          {label: t('common.table.tps'), numeric: true},
          {label: t('common.table.latencyAvg'), numeric: true},
          {label: t('common.table.speedup', {base: c.baseline}), numeric: true},
        ]}
        caption={tableNote(t, c.parameters.repeats, false)}
      >
        {c.rows.map((r) => (
          <tr key={r.target} data-target={r.target}>
            <th scope="row">
              {r.name}
              <Spread>{r.version}</Spread>
            </th>
            <Stat stat={r.figures.tps} figure="tps" />
            <Stat stat={r.figures.latencyAvg} figure="latencyAvg" />
            <Versus compare={r.versusBase} as="ratio" />
          </tr>
        ))}
      </DataTable>
      <PublishedCase data={data} c={c} />
      <InstructionsSection page="pg17-planner" id={id} figures={c.instructions} run={data.instructionsRun} />
      <p>{t(keys.look)}</p>
      <Heading as="h3" id={`${id}-query`}>
        {t('planner.query')}
      </Heading>
      {c.sql && <CodeBlock language="sql">{c.sql}</CodeBlock>}
      <ScriptNote script={c.script} />
      <CodeBlock language="bash">{`# ${t('common.commands.run')}\n${c.command}`}</CodeBlock>
      <Heading as="h3" id={`${id}-plans`}>
        {t('planner.plans')}
      </Heading>
      <div className={styles.plans}>
        {c.plans.map((p) => (
          <div key={p.target} data-plan={p.target}>
            <strong>{p.name}</strong>
            {p.plan ? (
              <pre>{p.plan}</pre>
            ) : (
              <p>{t('planner.planError', {error: p.error?.message ?? String(p.error)})}</p>
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * A group's instructions per transaction: how they were counted, the verdict
 * sentences, the A/A, the table, the chart, and, folded, the functions whose
 * work changed most (their rows loaded when the reader opens one) and the
 * Cachegrind files.
 */
function InstructionsSection({page, id, figures: f, run}) {
  const t = useT();
  const gap = useSentenceGap();
  const dataUrl = useDataUrl();
  const rows = useOnDemand(page);
  if (!f) {
    return (
      <>
        <Heading as="h3" id={`${id}-instructions`}>
          {t('common.instructions.title')}
        </Heading>
        <p data-instructions-missing={id}>{t('common.instructions.none')}</p>
      </>
    );
  }
  const base = f.rows[0];
  const p = f.parameters;
  return (
    <section data-instructions={id}>
      <Heading as="h3" id={`${id}-instructions`}>
        {t('common.instructions.title')}
      </Heading>
      {/* The same words under every group: folded, and left out of the search index, which would rank the
          page by them. */}
      <details data-pagefind-ignore="all" data-instructions-method={id}>
        <summary>{t('common.instructions.howCounted')}</summary>
        <p>
          {sentences(
            [
              t('common.instructions.method', {
                id: run.id,
                date: run.date,
                valgrind: p.valgrind,
                tool: p.callgrind ? 'Callgrind' : 'Cachegrind',
                short: p.short,
                long: p.long,
                clients: p.clients,
                added: p.added,
                repeats: p.repeats,
              }),
              t('common.instructions.machine', {cpus: p.cpus, cpuModel: p.cpuModel}),
              p.rows === 'own' && t('common.instructions.rows.own'),
              p.rows === 'same' && t('common.instructions.rows.same'),
              p.buffers === 'fit' && t('common.instructions.buffers.fit'),
              p.buffers === 'full' && t('common.instructions.buffers.full'),
              t(p.others ? 'common.instructions.leftOutOthers' : 'common.instructions.leftOut'),
              p.others && t('common.instructions.others'),
              p.others && t('common.instructions.afterCheckpoint'),
              t(p.callgrind ? 'common.instructions.callgrind' : 'common.instructions.inherited'),
              p.several && t('common.instructions.contention', {clients: p.clients}),
              p.timedClients &&
                t('common.instructions.fewerClients', {clients: p.clients, timedClients: p.timedClients}),
            ],
            gap,
          )}
        </p>
      </details>
      <p className="finding" data-instruction-findings={id}>
        {f.statement ??
          sentences(
            f.findings.map((v) => verdictSentence(t, v, 'instructions')),
            gap,
          )}
      </p>
      <ControlNote control={f.control} measure="instructions" />
      <DataTable
        data-instructions-table={id}
        columns={[
          t('common.table.version'),
          {label: t('common.instructions.column'), numeric: true},
          ...(p.others ? [{label: t('common.instructions.otherColumn'), numeric: true}] : []),
          {label: t('common.table.versus', {base: base.name}), numeric: true},
        ]}
        caption={[
          t('common.instructions.caption', {repeats: p.repeats, margin: f.margin}),
          p.paired && t('common.instructions.paired'),
          p.otherDash && t('common.instructions.otherDash'),
        ]
          .filter(Boolean)
          .join(' ')}
      >
        {f.rows.map((r) => (
          <tr key={r.target} data-target={r.target}>
            <th scope="row">
              {r.name}
              <Spread>{r.version}</Spread>
            </th>
            <Stat stat={r.instructions} figure="instructions" />
            {p.others && <Stat stat={r.other} figure="otherInstructions" />}
            <Versus compare={r.versusFirst} measure="instructions" />
          </tr>
        ))}
      </DataTable>
      {f.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
      {f.functions.map((fc) => (
        <details
          key={fc.target}
          data-functions={`${id}-${fc.target}`}
          data-pagefind-ignore="all"
          onToggle={(e) => e.currentTarget.open && rows.load()}
        >
          <summary>{t('common.instructions.functions.title', {name: fc.name, base: fc.base})}</summary>
          <p>
            {t('common.instructions.functions.total', {
              name: fc.name,
              base: fc.base,
              before: fc.before,
              after: fc.after,
              change: fc.change,
            })}
          </p>
          {rows.data ? (
            <DataTable
              columns={[
                t('common.instructions.functions.function'),
                {label: fc.base, numeric: true},
                {label: fc.name, numeric: true},
                {label: t('common.instructions.functions.change'), numeric: true},
                {label: t('common.instructions.functions.share', {base: fc.base}), numeric: true},
              ]}
              caption={t('common.instructions.functions.caption', {base: fc.base})}
            >
              {rows.data.functions[functionsKey(id, fc.target)].map((r) => (
                <tr key={r.function}>
                  <th scope="row">
                    <code>{r.function}</code>
                  </th>
                  <Num>{r.before}</Num>
                  <Num>{r.after}</Num>
                  <Num>{r.change}</Num>
                  <Num>{r.share}</Num>
                </tr>
              ))}
            </DataTable>
          ) : (
            <NotLoaded failed={rows.failed} />
          )}
          <p>
            {t('common.instructions.functions.left', {
              belowNoise: fc.belowNoise,
              noise: fc.noise,
              beyond: fc.beyond,
              beyondChange: fc.beyondChange,
            })}
          </p>
          {fc.negative && <p>{t('common.instructions.functions.negative', fc.negative)}</p>}
        </details>
      ))}
      {f.files.length > 0 && (
        <p data-cachegrind-files={id}>
          {t('common.instructions.files')}{' '}
          {f.files.map((file, i) => (
            <span key={file.target}>
              {i > 0 && ' · '}
              {file.name}: <a href={dataUrl(file.short)}>{t('common.instructions.shortRuns')}</a>,{' '}
              <a href={dataUrl(file.long)}>{t('common.instructions.longRuns')}</a>
            </span>
          ))}
        </p>
      )}
    </section>
  );
}

/** "What this run shows": a few sentences from every verdict of both measures, linking to the groups. */
export function RunSummary({data}) {
  const t = useT();
  const gap = useSentenceGap();
  const {summary} = data;
  return (
    <NoteBox>
      <strong>{t('common.summary.title')}</strong>
      {gap}
      <span data-summary="instructions">
        {summary.instructions ? summary.instructions.join(gap) : t('common.summary.noInstructions')}
      </span>
      {data.instructionsRun && (
        <>
          {' '}
          {t('common.instructions.data', {id: data.instructionsRun.id})} <RunData run={data.instructionsRun} />
        </>
      )}
      {summary.time && (
        <>
          {gap}
          <span data-summary="time">{summary.time}</span>
        </>
      )}{' '}
      {t('common.summary.groups')}{' '}
      {summary.links.map((l, i) => (
        <span key={l.id}>
          {i > 0 && ' · '}
          <a href={`#${l.id}`}>{l.title}</a>
        </span>
      ))}
    </NoteBox>
  );
}

/** Every run in results/. */
export function RunsTable({data}) {
  const t = useT();
  // Each row is an anchor (the history page links to runs): tell the broken-anchor check about it.
  const brokenLinks = useBrokenLinks();
  for (const r of data.runs) brokenLinks.collectAnchor(r.id);
  return (
    <DataTable
      columns={[
        'runs.table.run',
        'runs.table.date',
        'runs.table.suite',
        'runs.table.host',
        'runs.table.versions',
        'runs.table.cells',
        'runs.table.data',
      ].map((k) => t(k))}
    >
      {data.runs.map((r) => (
        <tr key={r.id} id={r.id} data-run={r.id}>
          <td className={styles.runId}>
            <code>{r.id}</code>
          </td>
          <td>{r.date}</td>
          <td>{r.suite ?? t('runs.imported')}</td>
          <td className={styles.host}>
            {r.host.cpus
              ? t('runs.host', {cpus: r.host.cpus, memory: r.host.memoryGib, os: r.host.os})
              : t('runs.unknownHost')}
          </td>
          <td>{r.versions.join(', ')}</td>
          <td>
            {t(r.allOk ? 'runs.allOk' : 'runs.someFailed', {
              cells: r.cells,
              ok: r.ok,
              failed: r.failed,
              aborted: r.aborted,
            })}
            {r.dirty && <Spread>{t('runs.dirty')}</Spread>}
          </td>
          <td>
            <RunData run={r} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Each suite: its design and the command that reruns it. */
export function SuitesTable({data}) {
  const t = useT();
  const gap = useSentenceGap();
  return data.suites.map((s) => (
    <section key={s.id} data-suite={s.id}>
      <Heading as="h3" id={`suite-${s.id}`}>
        {t(messageKey(METHOD_SUITE, s.id, 'METHOD_SUITE'))}
      </Heading>
      <p>
        {[
          t('method.suiteDesign', {versions: s.versions, repeat: s.repeat, workloads: s.workloads.join(', ')}),
          t('method.suiteMargin', {margin: s.margin}),
          s.published && t('method.suitePublished', {minRepeats: data.minRepeats}),
          ...s.controls.map((c) =>
            t('method.suiteControl', {id: c.id, of: c.of, version: c.version, groups: controlGroups(c)}),
          ),
        ]
          .filter(Boolean)
          .join(gap)}
      </p>
      <DataTable
        columns={[
          'method.table.scenario',
          'method.table.scale',
          'method.table.clients',
          'method.table.threads',
          'method.table.duration',
          'method.table.warmup',
        ].map((k) => t(k))}
      >
        {s.scenarios.map((sc) => (
          <tr key={sc.id} data-scenario={sc.id}>
            <td>
              {sc.name} <code>{sc.id}</code>
            </td>
            <Num data-figure="scale">{sc.scale ?? '—'}</Num>
            <Num data-figure="clients">{sc.clients}</Num>
            <Num data-figure="threads">{sc.threads}</Num>
            <Num>{sc.durationS ? t('common.seconds', {value: sc.durationS}) : '—'}</Num>
            <Num>{sc.warmupS ? t('common.seconds', {value: sc.warmupS}) : '—'}</Num>
          </tr>
        ))}
      </DataTable>
      {s.settings.length > 0 && <p>{t('method.settings', {settings: s.settings.join(', ')})}</p>}
      <CodeBlock language="bash">{s.command}</CodeBlock>
    </section>
  ));
}

/** Where an A/A control runs: its scenarios and workloads, or everywhere. */
const controlGroups = (c) => [...(c.scenarios ?? []), ...(c.workloads ?? [])].join(' / ') || '*';

/** What the runner did in each published run, from its result. */
/** How a comparison is decided, with each published suite's margins (Methodology). */
export function ComparisonRule({data}) {
  const t = useT();
  const margins = new Intl.ListFormat(data.locale, {type: 'conjunction'}).format(
    data.margins.map((m) => t(m.instructions ? 'method.numbers.suiteMargin' : 'method.numbers.suiteMarginTime', m)),
  );
  const next = data.margins.flatMap((m) => [
    m.nextTime && t('method.numbers.nextTime', {suite: m.suite, next: m.nextTime}),
    m.nextInstructions && t('method.numbers.nextInstructions', {suite: m.suite, next: m.nextInstructions}),
  ]);
  return [
    t('method.numbers.noise', {margins, level: data.level}),
    t('method.numbers.paired'),
    ...next.filter(Boolean),
  ].join(' ');
}

export function RunMethods({data}) {
  const t = useT();
  const gap = useSentenceGap();
  // The same sentences for every run: left out of the search index, which would rank the page by them.
  return data.runs.map((run) => (
    <p key={run.id} data-run-method={run.id} data-pagefind-ignore="all">
      <code>{run.id}</code>
      {gap}
      {runMethod(t, run).join(gap)}
    </p>
  ));
}

/** The A/A controls of the published runs: the noise floor, each from its verdict. */
export function NoiseFloor({data}) {
  const t = useT();
  if (data.noiseFloor.length === 0) return <p>{t('method.noiseFloor.none')}</p>;
  return (
    <ul>
      {data.noiseFloor.map((c) => (
        <li key={`${c.run}-${c.scenario}-${c.workload}`} data-noise-floor={c.verdict}>
          {t('method.noiseFloor.item', {run: c.run, scenario: c.scenarioName, workload: c.workloadName})}{' '}
          {verdictSentence(t, {
            ...c,
            name: t('common.controlName', {name: t('common.postgresVersion', {version: c.version})}),
            base: t('common.postgresVersion', {version: c.version}),
          })}
        </li>
      ))}
    </ul>
  );
}

/** The rounding rule, shown on figures of a real run. */
export function RoundingTable({data}) {
  const t = useT();
  return (
    <DataTable
      columns={['method.rounding.figure', 'method.rounding.measured', 'method.rounding.shown'].map((k) => t(k))}
      caption={t('method.rounding.source', {run: data.exampleRun})}
    >
      {data.examples.map((e) => (
        <tr key={e.kind} data-kind={e.kind}>
          <td>{t(messageKey(METHOD_ROUNDING_KIND, e.kind, 'METHOD_ROUNDING_KIND'), {p: e.p})}</td>
          <Num>
            <code>{e.raw}</code>
          </Num>
          <Num>{e.text}</Num>
        </tr>
      ))}
    </DataTable>
  );
}

/** The machines of the runs the pages show. */
export function MachinesTable({data}) {
  const t = useT();
  return (
    <DataTable
      columns={[
        'method.machines.run',
        'method.machines.cpu',
        'method.machines.memory',
        'method.machines.os',
        'method.machines.pgbench',
        'method.machines.servers',
      ].map((k) => t(k))}
    >
      {data.runs.map((r) => (
        <tr key={r.id}>
          <td>
            <code>{r.id}</code>
          </td>
          <td>{t('method.machines.cpuText', {cpus: r.host.cpus ?? '?', model: r.host.cpuModel ?? '?'})}</td>
          <Num>{t('method.machines.gib', {value: r.host.memoryGib ?? '?'})}</Num>
          <td>{r.host.os}</td>
          <td>{r.pgbench}</td>
          <td>{r.versions.join(', ')}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The newest quick run (the one `npm start` makes): one table, one chart; or how to make one. */
export function QuickRun({data}) {
  const t = useT();
  const gap = useSentenceGap();
  if (!data.run) {
    return (
      <>
        <p data-quick-run="none">{t('quick.none')}</p>
        <CodeBlock language="bash">{'npm start\n\nnpm run bench -- run quick\nnpm run build'}</CodeBlock>
      </>
    );
  }
  const f = data.finding;
  const servers = data.targets.length;
  return (
    <>
      <RunProvenance data={data} />
      <p className="finding">
        {[data.durationS && t('quick.caveat', {duration: data.durationS}), f && t('quick.finding', f)]
          .filter(Boolean)
          .join(gap)}
      </p>
      <DataTable
        data-quick-run={data.run.id}
        columns={[
          t('quick.table.workload'),
          {label: t('quick.table.clients'), numeric: true},
          t('common.server'),
          {label: t('common.table.tps'), numeric: true},
          {label: t('common.table.latencyAvg'), numeric: true},
          {label: t('common.table.versus', {base: data.targets[0].name}), numeric: true},
        ]}
        caption={tableNote(t, data.rows[0]?.repeats ?? '—')}
      >
        {data.rows.flatMap((r) =>
          r.servers.map((s, i) => (
            <tr key={`${r.key}/${s.target}`} data-row={r.key} data-target={s.target}>
              {i === 0 && (
                <th scope="rowgroup" rowSpan={servers}>
                  <code>{r.workload}</code>
                </th>
              )}
              {i === 0 && <Num rowSpan={servers}>{r.clients}</Num>}
              <th scope="row">{data.targets[i].name}</th>
              <Stat stat={s.tps} figure="tps" />
              <Stat stat={s.latencyAvg} figure="latencyAvg" />
              {i === 0 ? <Num>{t('common.baseline')}</Num> : s.versus ? <Versus compare={s.versus} /> : <Num>—</Num>}
            </tr>
          )),
        )}
      </DataTable>
      {data.charts.map((spec) => (
        <Chart key={spec.id} spec={spec} />
      ))}
      <Heading as="h2" id="commands">
        {t('common.commands.title')}
      </Heading>
      <CodeBlock language="bash">
        {[
          `# ${t('quick.rerun')}\nnpm run bench -- run quick`,
          data.command && `# ${t('common.commands.run')}\n${data.command}`,
        ]
          .filter(Boolean)
          .join('\n\n')}
      </CodeBlock>
    </>
  );
}
