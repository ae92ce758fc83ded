// The Quick run page: the newest run `npm start` made (one table, one chart), or how to make one.
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import {useSentenceGap, useT} from '@site/src/components/Msg';
import Chart from '@site/src/components/Chart';
import DataTable, {Num} from '@site/src/components/DataTable';
import {Stat, Versus, tableNote} from '@site/src/components/RunFigures';
import {RunProvenance} from '@site/src/components/RunProvenance';

/** The newest quick run (the one `npm start` makes): one table, one chart; or how to make one. */
export default function QuickRun({data}) {
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
            <tr key={`${r.key}/${s.target}`} data-row={r.key} data-target={s.target} data-skip={i > 0 ? 2 : undefined}>
              {i === 0 && (
                <th scope="rowgroup" rowSpan={servers}>
                  <code>{r.workload}</code>
                </th>
              )}
              {i === 0 && <Num rowSpan={servers}>{r.clients}</Num>}
              <th scope="row">{data.targets[i].name}</th>
              <Stat stat={s.tps} figure="tps" />
              <Stat stat={s.latencyAvg} figure="latencyAvg" />
              {i === 0 ? (
                <Num>{t('common.baseline')}</Num>
              ) : s.comparison ? (
                <Versus compare={s.comparison} />
              ) : (
                <Num>—</Num>
              )}
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
