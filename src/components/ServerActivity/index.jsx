// What the server did through a group's measured runs (lib/pages/server-activity.mjs): a sentence from its
// counters, always shown, and, folded, each server's figures and its statements' latencies, loaded when the
// reader opens them.
import {useJoin, useT} from '@site/src/components/Msg';
import DataTable from '@site/src/components/DataTable';
import {columnGroups} from '@site/src/components/DataTable/column-groups.mjs';
import {NotLoaded, useOnDemand} from '@site/src/components/OnDemand';
import {Explained} from '@site/src/components/Terms';

/**
 * @param {{page: string|Function, id: string, activity: {facts: object}|null}} props  id: the part's key in the
 *   page's on-demand activity (`<group>` timed, `<group>-instructions` counted)
 */
export default function ServerActivity({page, id, activity}) {
  const t = useT();
  const rows = useOnDemand(page);
  if (!activity) return null;
  const shown = rows.data?.activity?.[id];
  const statements = rows.data?.statements?.[id];
  return (
    <div data-activity={id}>
      <p>
        <Explained>{activity.facts.text}</Explained>
      </p>
      <details onToggle={(e) => e.currentTarget.open && rows.load()}>
        <summary>{t('common.activity.title')}</summary>
        {shown ? (
          <>
            <ActivityTable id={id} rows={shown} sampled={activity.facts.sampled} />
            {statements && <StatementsTable id={id} statements={statements} />}
          </>
        ) : (
          <NotLoaded failed={rows.failed} />
        )}
      </details>
    </div>
  );
}

function ActivityTable({id, rows, sampled}) {
  const t = useT();
  const join = useJoin();
  const numeric = (key) => ({label: t(key), numeric: true});
  // Waits are sampled in timed runs only: a counted group has no column of them.
  const waits = rows.some((r) => r.waits.length > 0);
  return (
    // Counters per server, no verdict: they scroll sideways on a phone rather than stack twice as tall.
    <DataTable
      stack={false}
      data-activity-table={id}
      caption={t(sampled ? 'common.activity.captionTimed' : 'common.activity.caption')}
      columns={[
        t('common.server'),
        numeric('common.activity.walBytes'),
        numeric('common.activity.fullPageImages'),
        numeric('common.activity.backendWrites'),
        numeric('common.activity.inBuffers'),
        numeric('common.activity.checkpointsColumn'),
        ...(waits ? [t('common.activity.waits')] : []),
      ]}
    >
      {rows.map((r) => (
        <tr key={r.target} data-target={r.target}>
          <th scope="row">{r.name}</th>
          <td>{r.walBytes}</td>
          <td>{r.fullPageImages}</td>
          <td>{r.backendWrites}</td>
          <td>{r.inBuffers ?? '—'}</td>
          <td>{r.checkpoints}</td>
          {waits && <td>{r.waits.length > 0 ? join(r.waits.map((w) => `${w.event} ${w.share}`)) : '—'}</td>}
        </tr>
      ))}
    </DataTable>
  );
}

/** Each SQL statement's latency on each server, as pgbench -r measured it (lib/pages/statement-latencies.mjs). */
function StatementsTable({id, statements}) {
  const t = useT();
  const parts = columnGroups(statements.servers, (s) => s.name);
  // A few servers to a table, one table under another; the caption once, under the last.
  return parts.map((part, k) => (
    <DataTable
      key={part[0].item.target}
      stack={false}
      data-statements-table={id}
      caption={k === parts.length - 1 ? t('common.activity.statementsCaption') : undefined}
      columns={[t('common.activity.statement'), ...part.map(({item}) => ({label: item.name, numeric: true}))]}
    >
      {statements.rows.map((r) => (
        <tr key={r.statement}>
          <th scope="row">
            <code>{r.statement}</code>
          </th>
          {part.map(({item, i}) => (
            <td key={item.target}>{r.values[i] ?? '—'}</td>
          ))}
        </tr>
      ))}
    </DataTable>
  ));
}
