// The versions page's answer, on its first screen: two versions the reader
// picks (in the query string, so an answer can be linked to), one sentence
// generated from their verdicts, and every workload × version against the
// chosen baseline in both measures, each cell coloured by its verdict with its
// interval drawn across the margin. Every pair was computed by the build
// (lib/pages/versions-matrix.mjs); the browser only picks one.
import {useCallback} from 'react';
import {useT} from '@site/src/components/Msg';
import {ControlRow, Select, useQueryState} from '@site/src/components/Controls';
import {pairQuery, pairState} from '@site/lib/pages/versions-matrix.mjs';
import {VERDICT_SHORT, messageKey} from '@site/lib/i18n/message-keys.mjs';
import styles from './styles.module.css';

const MEASURES = ['instructions', 'time'];

/** The widest end of any shown interval of a measure, and at least twice its margin: one scale per column kind. */
function reachOf(pairs, measure, margin) {
  const ends = pairs.flatMap((p) =>
    Object.values(p.groups).flatMap((g) => {
      const c = g[measure];
      return c ? [c.low, c.high, c.change].filter((v) => v !== null).map(Math.abs) : [];
    }),
  );
  return Math.max(2 * margin, ...ends);
}

/** An interval across the margin's band, the change as a dot: drawn for the eye, its figures are in the text. */
function IntervalBar({cell, margin, reach}) {
  const x = (v) => 50 + (50 * Math.max(-reach, Math.min(reach, v))) / reach;
  return (
    <svg className={styles.bar} viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect className={styles.band} x={x(-margin)} y="0" width={x(margin) - x(-margin)} height="12" />
      <line className={styles.zero} x1="50" x2="50" y1="0" y2="12" />
      {cell.low !== null && <line className={styles.interval} x1={x(cell.low)} x2={x(cell.high)} y1="6" y2="6" />}
      <line className={styles.dot} x1={x(cell.change)} x2={x(cell.change)} y1="1" y2="11" />
    </svg>
  );
}

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
  const columns = m.pairs.filter((p) => p.baseline === state.baseline);
  const name = (id) => m.targets.find((x) => x.id === id).name;
  const options = m.targets.map((x) => [x.id, x.name]);
  const measures = MEASURES.filter((k) => m.marginValues[k] !== null);
  const reach = Object.fromEntries(MEASURES.map((k) => [k, reachOf(columns, k, m.marginValues[k] ?? 0)]));
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
      <figure className={styles.figure}>
        <div className={styles.scroll}>
          <table className={styles.matrix} aria-describedby="answer-caption">
            <thead>
              <tr>
                <th rowSpan={2} scope="col" className={styles.corner}>
                  {t('versions.answer.workload')}
                </th>
                {columns.map((p) => (
                  <th
                    key={p.target}
                    colSpan={measures.length}
                    scope="colgroup"
                    className={p.target === state.target ? styles.chosen : undefined}
                    data-column={p.target}
                  >
                    {name(p.target)}
                  </th>
                ))}
              </tr>
              <tr>
                {columns.flatMap((p) =>
                  measures.map((k) => (
                    <th key={`${p.target}-${k}`} scope="col" className={styles.measure}>
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
                    {s.name}
                  </th>
                </tr>
                {s.groups.map((g) => (
                  <tr key={g.id} data-group={g.id}>
                    <th scope="row">
                      <a href={`#${g.id}`}>{g.name}</a>
                    </th>
                    {columns.flatMap((p) =>
                      measures.map((k) => (
                        <Cell
                          key={`${p.target}-${k}`}
                          cell={p.groups[g.id]?.[k] ?? null}
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
          })}
        </figcaption>
      </figure>
    </section>
  );
}
