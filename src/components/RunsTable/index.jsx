// The Runs page's table: every run in results/.
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {useJoin, useT} from '@site/src/components/Msg';
import DataTable, {Spread} from '@site/src/components/DataTable';
import RunData from '@site/src/components/RunData';
import styles from './styles.module.css';

/** Every run in results/. */
export default function RunsTable({data}) {
  const t = useT();
  const join = useJoin();
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
          <td>
            {r.suite ? r.page ? <Link to={r.page}>{r.suite}</Link> : r.suite : t('runs.imported')}
            {r.unknownSuite && <Spread>{t('runs.unknownSuite')}</Spread>}
          </td>
          <td className={styles.host}>
            {r.host.cpus
              ? t('runs.host', {cpus: r.host.cpus, memory: r.host.memoryGib, os: r.host.os})
              : t('runs.unknownHost')}
          </td>
          <td>{join(r.versions)}</td>
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
