// The versions page's answer, on its first screen: two versions the reader
// picks (in the query string, so an answer can be linked to), one sentence
// generated from their verdicts, and every workload × version against the
// chosen baseline in both measures, each cell coloured by its verdict with its
// interval drawn across the margin. Every pair was computed by the build
// (lib/pages/versions-matrix.mjs); the browser only picks one.
import {useCallback, useEffect, useRef} from 'react';
import {useT} from '@site/src/components/Msg';
import {ControlRow, Select, useQueryState} from '@site/src/components/Controls';
import {pairQuery, pairState} from '@site/lib/pages/versions-matrix.mjs';
import {VERDICT_SHORT, messageKey} from '@site/lib/i18n/message-keys.mjs';
import IntervalBar, {reachOf} from '@site/src/components/IntervalBar';
import styles from './styles.module.css';

const MEASURES = ['instructions', 'time'];

function Cell({cell, measure, margin, reach}) {
  const t = useT();
  if (!cell) return <td className={styles.cell}>—</td>;
  return (
    <td className={`${styles.cell} ${styles[cell.verdict] ?? ''}`} data-measure={measure} data-verdict={cell.verdict}>
      <span className={styles.change}>{cell.text}</span>
      <IntervalBar cell={cell} margin={margin} reach={reach} />
      <span className={styles.verdict}>{t(messageKey(VERDICT_SHORT[measure], cell.verdict, 'VERDICT_SHORT'))}</span>
    </td>
  );
}

export default function VersionsAnswer({data}) {
  const t = useT();
  const m = data.answer;
  const parse = useCallback((search) => pairState(search, m), [m]);
  const query = useCallback((state) => pairQuery(state, m), [m]);
  const [state, change] = useQueryState(parse, query, m.initial);
  const pair = m.pairs.find((p) => p.target === state.target && p.baseline === state.baseline);
  const name = (id) => m.targets.find((x) => x.id === id).name;
  // A column per other version against the baseline, each header saying so: with 17 as the baseline, 15's
  // column is 15 against 17 (an older version's change reads backwards in time, as the sentence does).
  const columns = m.pairs.filter((p) => p.baseline === state.baseline);
  const options = m.targets.map((x) => [x.id, x.name]);
  // On a narrow screen the matrix scrolls sideways: the chosen version's column is brought into view, beside
  // the workload names that stay put.
  const scroller = useRef(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new baseline redraws the columns, so it re-aims too.
  useEffect(() => {
    const box = scroller.current;
    const chosen = box?.querySelector(`th[data-column="${state.target}"]`);
    if (!box || !chosen || box.scrollWidth <= box.clientWidth) return;
    const names = box.querySelector('th[scope="col"]')?.offsetWidth ?? 0;
    const left = chosen.offsetLeft - names;
    if (left < box.scrollLeft || chosen.offsetLeft + chosen.offsetWidth > box.scrollLeft + box.clientWidth) {
      box.scrollLeft = Math.max(0, left);
    }
  }, [state.target, state.baseline]);
  const measures = MEASURES.filter((k) => m.marginValues[k] !== null);
  const reach = Object.fromEntries(
    MEASURES.map((k) => [
      k,
      reachOf(
        columns.flatMap((c) => Object.values(c.groups).map((g) => g[k])),
        m.marginValues[k] ?? 0,
      ),
    ]),
  );
  return (
    <section className={styles.answer} data-answer={`${state.target} ${state.baseline}`}>
      <ControlRow label={t('versions.answer.label')}>
        <Select
          id="answer-version"
          label={t('versions.answer.version')}
          value={state.target}
          options={options}
          onChange={(v) => change({target: v})}
        />
        <Select
          id="answer-baseline"
          label={t('versions.answer.baseline')}
          value={state.baseline}
          options={options.filter(([id]) => id !== state.target)}
          onChange={(v) => change({baseline: v})}
        />
      </ControlRow>
      <p className={styles.sentence} data-answer-sentence aria-live="polite">
        {pair.sentence}
      </p>
      {m.defaults && <p className={styles.defaults}>{m.defaults}</p>}
      <figure className={styles.figure}>
        <div className={styles.scroll} ref={scroller}>
          <table className={styles.matrix} aria-describedby="answer-caption">
            <thead>
              <tr>
                <th rowSpan={2} scope="col" className={styles.corner}>
                  {t('versions.answer.workload')}
                </th>
                {columns.map((c) => (
                  <th
                    key={c.target}
                    colSpan={measures.length}
                    scope="colgroup"
                    className={c.target === state.target ? styles.chosen : undefined}
                    data-column={c.target}
                  >
                    {name(c.target)}
                    <span className={styles.against}>{t('versions.answer.against', {base: name(state.baseline)})}</span>
                  </th>
                ))}
              </tr>
              <tr>
                {columns.flatMap((c) =>
                  measures.map((k) => (
                    <th key={`${c.target}-${k}`} scope="col" className={styles.measure}>
                      {t(k === 'time' ? 'versions.answer.timeColumn' : 'versions.answer.instructionsColumn')}
                    </th>
                  )),
                )}
              </tr>
            </thead>
            {m.scenarios.map((s) => (
              <tbody key={s.id} data-scenario={s.id}>
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
                          key={`${c.target}-${k}`}
                          cell={c.groups[g.id]?.[k] ?? null}
                          measure={k}
                          margin={m.marginValues[k]}
                          reach={reach[k]}
                        />
                      )),
                    )}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
        <figcaption id="answer-caption" className={styles.caption}>
          {t('versions.answer.caption', {
            base: name(state.baseline),
            instructionsMargin: m.margins.instructions ?? '—',
            timeMargin: m.margins.time,
            oldest: m.targets[0].name,
          })}
        </figcaption>
      </figure>
    </section>
  );
}
