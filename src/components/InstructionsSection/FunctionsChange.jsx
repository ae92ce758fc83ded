// The functions whose work changed most between a version and its base, folded under a group's
// instructions; their rows are in the page's on-demand data, loaded when the reader opens one.
import {useT} from '@site/src/components/Msg';
import DataTable, {Num} from '@site/src/components/DataTable';
import {NotLoaded} from '@site/src/components/OnDemand';
import {pairKey} from '@site/lib/model/keys.mjs';
import {Explained} from '@site/src/components/Terms';

/**
 * @param {{id: string, change: object, rows: {data: object|null, failed: boolean, load: () => void}}} props
 *   the group, one version's change against its base (with its rows when they were loaded with it), and the
 *   section's on-demand rows
 */
export default function FunctionsChange({id, change: fc, rows}) {
  const t = useT();
  return (
    <details
      data-functions={`${id}-${fc.target}`}
      data-base={fc.baseTarget}
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
      {/* A table against another base than the page's first arrives whole, its rows in it. */}
      {fc.rows || rows.data ? (
        <FunctionsTable change={fc} functions={fc.rows ?? rows.data.functions[pairKey(id, fc.target)]} />
      ) : (
        <NotLoaded failed={rows.failed} />
      )}
      <p>
        <Explained>
          {t('common.instructions.functions.left', {
            belowNoise: fc.belowNoise,
            noise: fc.noise,
            beyond: fc.beyond,
            beyondChange: fc.beyondChange,
          })}
        </Explained>
      </p>
      {fc.negative && <p>{t('common.instructions.functions.negative', fc.negative)}</p>}
    </details>
  );
}

function FunctionsTable({change: fc, functions}) {
  const t = useT();
  return (
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
      {functions.map((r) => (
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
  );
}
