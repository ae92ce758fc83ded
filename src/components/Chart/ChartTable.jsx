// A chart's figures as tables, folded under it: medians, and the repeats' spread where there is one. A chart of many
// series makes several tables, one under another, so that none is wider than a laptop's page.
import DataTable, {Num, Spread} from '@site/src/components/DataTable';
import {chartTable} from '@site/lib/charts/chart-spec.mjs';

// A table of a chart's figures holds at most this many series: eleven servers side by side made a table 675 px
// wider than its box on a laptop (a chart of a group is half the page wide), and History's lines one 950 px
// wider. More series make more tables, one under another; two to a table where a name is long (it names settings,
// "PostgreSQL 18 (-Os, data_checksums off, io_method sync)", whose setting names do not wrap).
const SERIES_PER_TABLE = 3;
const LONG_NAME = 24;
const seriesPerTable = (series) => (series.some((s) => s.label.length > LONG_NAME) ? 2 : SERIES_PER_TABLE);

/** The chart's data as tables: medians, and the repeats' spread where there is one. */
export default function ChartTable({spec}) {
  const rows = chartTable(spec);
  const parts = [];
  const each = seriesPerTable(spec.series);
  for (let from = 0; from < spec.series.length; from += each) {
    parts.push(spec.series.slice(from, from + each).map((s, i) => ({s, i: from + i})));
  }
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
