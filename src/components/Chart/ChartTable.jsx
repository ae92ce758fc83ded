// A chart's figures as tables, folded under it: medians, and the repeats' spread where there is one. A chart of many
// series makes several tables, one under another, so that none is wider than a laptop's page.
import DataTable, {Num, Spread} from '@site/src/components/DataTable';
import {columnGroups} from '@site/src/components/DataTable/column-groups.mjs';
import {chartTable} from '@site/lib/charts/chart-spec.mjs';

/** The chart's data as tables: medians, and the repeats' spread where there is one. */
export default function ChartTable({spec}) {
  const rows = chartTable(spec);
  const parts = columnGroups(spec.series, (s) => s.label).map((part) => part.map(({item, i}) => ({s: item, i})));
  // A chart's figures, folded under it: they scroll sideways on a phone (stacked, a long one was pages tall).
  return parts.map((part) => (
    <DataTable
      key={part[0].s.label}
      data-chart-table
      stack={false}
      columns={[spec.x.title, ...part.map(({s}) => ({label: s.label, numeric: true}))]}
    >
      {rows.map((row) => (
        <tr key={row.label}>
          <th scope="row">{row.label}</th>
          {part.map(({s, i}) => {
            const p = row.cells[i];
            return (
              <Num key={s.label}>
                {p ? p.text : ''}
                {p?.spread && p.spread !== p.text && <Spread>{p.spread}</Spread>}
              </Num>
            );
          })}
        </tr>
      ))}
    </DataTable>
  ));
}
