// Where a page's figures come from, as the build wrote it (lib/pages/run-facts.mjs): which run, on what, said once
// in a compact table (run, machine, system, pgbench, servers, each measurement, what was checked, the raw data),
// then, folded, every sentence of how the runs were made.
import {useGaps} from '@site/src/components/Msg';
import RunData from '@site/src/components/RunData';
import styles from './styles.module.css';

/** @param {{data: {facts: object, run: object, instructionsRun?: object}}} props */
export function RunProvenance({data}) {
  const {facts, run} = data;
  const {gap} = useGaps();
  return (
    <section className={styles.facts} data-run-facts={run.id}>
      <strong>{facts.title}</strong>
      <table>
        <tbody>
          {facts.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>
                {row.lines.map((line, i) => (
                  <span key={line}>
                    {i > 0 && <br />}
                    {line}
                  </span>
                ))}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row">{facts.data.label}</th>
            <td>
              <RunData run={run} />
              {data.instructionsRun && (
                // On a line of its own: links never run into the next sentence.
                <>
                  <br />
                  {facts.data.instructions}
                  {gap(facts.data.instructions)}
                  <RunData run={data.instructionsRun} />
                </>
              )}
            </td>
          </tr>
        </tbody>
      </table>
      <details data-pagefind-ignore="all">
        <summary>{facts.method.summary}</summary>
        <p>{facts.method.text}</p>
      </details>
    </section>
  );
}
