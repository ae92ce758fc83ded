// The answer's matrix: a row per group, a column group per server against the chosen baseline, a column per
// measure in each (lib/pages/answer-matrix.mjs gives them, with their words).
import IntervalBar, {reachOf} from '@site/src/components/IntervalBar';
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';

/** A version's name from its id. */
export const targetName = (m, id) => m.targets.find((x) => x.id === id).name;

/** @param {{answer: object, state: {target: string, baseline: string}}} props  the page's answer and the pair */
export default function Matrix({answer: m, state}) {
  // A column per other version against the baseline, each header saying so: with 17 as the baseline, 15's
  // column is 15 against 17 (an older version's change reads backwards in time, as the sentence does).
  // A server the baseline is not compared with (another build of another version) has no column, unless chosen.
  const columns = m.pairs.filter(
    (p) =>
      p.baseline === state.baseline &&
      (p.target === state.target || Object.values(p.groups).some((g) => m.measures.some((k) => g[k.id]))),
  );
  const {measures} = m;
  const margins = Object.fromEntries(measures.map((k) => [k.id, k.margin]));
  const reach = Object.fromEntries(
    measures.map((k) => [
      k.id,
      reachOf(
        columns.flatMap((c) => Object.values(c.groups).map((g) => g[k.id])),
        k.margin,
      ),
    ]),
  );
  return (
    <table className={styles.matrix} aria-describedby="answer-caption">
      <MatrixHead answer={m} state={state} columns={columns} measures={measures} />
      {m.scenarios.map((s) => (
        <ScenarioRows
          key={s.id}
          scenario={s}
          chosen={state.target}
          columns={columns}
          measures={measures}
          margins={margins}
          reach={reach}
        />
      ))}
    </table>
  );
}

function MatrixHead({answer: m, state, columns, measures}) {
  return (
    <thead>
      <tr>
        <th rowSpan={2} scope="col" className={styles.corner}>
          {m.words.rows}
        </th>
        {columns.map((c) => (
          <th
            key={c.target}
            colSpan={measures.length}
            scope="colgroup"
            className={c.target === state.target ? styles.chosen : styles.other}
            data-column={c.target}
          >
            <Explained>{targetName(m, c.target)}</Explained>
            <span className={styles.against}>{m.words.against[state.baseline]}</span>
          </th>
        ))}
      </tr>
      <tr>
        {columns.flatMap((c) =>
          measures.map((k) => (
            <th
              key={`${c.target}-${k.id}`}
              scope="col"
              className={c.target === state.target ? styles.measure : `${styles.measure} ${styles.other}`}
            >
              {k.label}
            </th>
          )),
        )}
      </tr>
    </thead>
  );
}

/** A scenario's name across the matrix, then a row per workload group. */
function ScenarioRows({scenario: s, chosen, columns, measures, margins, reach}) {
  return (
    <tbody data-scenario={s.id}>
      <tr>
        <th scope="rowgroup" colSpan={1 + columns.length * measures.length} className={styles.scenario}>
          <span className={styles.scenarioName}>{s.name}</span>
        </th>
      </tr>
      {s.groups.map((g) => (
        <tr key={g.id} data-group={g.id}>
          <th scope="row">
            <a href={`#${g.id}`}>{g.name}</a>
            {g.clients && <span className={styles.clients}>{g.clients}</span>}
          </th>
          {columns.flatMap((c) =>
            measures.map((k) => (
              <Cell
                key={`${c.target}-${k.id}`}
                cell={c.groups[g.id]?.[k.id] ?? null}
                other={c.target !== chosen}
                measure={k.id}
                margin={margins[k.id]}
                reach={reach[k.id]}
              />
            )),
          )}
        </tr>
      ))}
    </tbody>
  );
}

/** A comparison's cell; one of a version other than the chosen one (`other`) is left out on a phone. */
function Cell({cell, measure, margin, reach, other}) {
  const className = [styles.cell, other && styles.other, cell && styles[cell.verdict]].filter(Boolean).join(' ');
  if (!cell) return <td className={className}>—</td>;
  return (
    // Out of the search index, as every figure's cell (DataTable's Num).
    <td className={className} data-measure={measure} data-verdict={cell.verdict} data-pagefind-ignore>
      <span className={styles.change}>{cell.text}</span>
      <IntervalBar cell={cell} margin={margin} reach={reach} />
      <span className={styles.verdict}>
        <Explained>{cell.short}</Explained>
      </span>
    </td>
  );
}
