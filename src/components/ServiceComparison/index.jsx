// The Managed services comparison: controls (machine, data size, metric, run
// figure, services), sorted bars with each row's runs, and the table of every
// file and run. The build renders the default view (the page without
// JavaScript shows it); in the browser the view follows the URL's query
// string, and every change adds a history entry. The numbers of any view come
// from lib/postgresbench/services-view.mjs, the same function the build used.
import {useCallback, useMemo} from 'react';
import {useDataUrl} from '@site/src/components/DataUrl';
import {useSentenceGap, useSeparated, useT} from '@site/src/components/Msg';
import {ControlRow, Select, controlStyles, useQueryState} from '@site/src/components/Controls';
import {
  SERVICES_FIGURE,
  SERVICES_METRIC,
  SERVICES_STANDING,
  SERVICES_STANDING_ALL,
  SERVICES_UNIT,
  messageKey,
} from '@site/lib/i18n/message-keys.mjs';
import {comparisonView, parseState, SERVICE_FIGURES, stateQuery} from '@site/lib/postgresbench/services-view.mjs';
import {systemName} from '@site/src/components/ServicesNotes';
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';

/** A metric's name: percentiles by one message, their number from the metric's id. */
const metricLabel = (t, id) =>
  /^p\d+$/.test(id)
    ? t('services.metrics.percentile', {p: id.slice(1)})
    : t(messageKey(SERVICES_METRIC, id, 'SERVICES_METRIC'));

function Controls({data, state, change, view}) {
  const t = useT();
  const machine = data.machines.find((m) => m.key === state.machine);
  const chosen = (id) => !state.services || state.services.includes(id);
  const toggle = (id) => {
    const now = data.services.filter((s) => chosen(s.id) !== (s.id === id)).map((s) => s.id);
    change({services: now.length === data.services.length || now.length === 0 ? null : now});
  };
  return (
    <ControlRow label={t('services.controls.label')}>
      <Select
        id="services-machine"
        label={t('services.controls.machine')}
        value={state.machine}
        options={data.machines.map((m) => [
          m.key,
          t('services.machineOption', {vcpus: m.text, memory: m.memoriesText.join(' / ')}),
        ])}
        onChange={(v) => change({machine: v})}
      />
      <Select
        id="services-size"
        label={t('services.controls.size')}
        value={state.size}
        options={machine.sizes.map((s, i) => [String(s), t('services.units.gb', {value: machine.sizesText[i]})])}
        onChange={(v) => change({size: v})}
      />
      <Select
        id="services-metric"
        label={t('services.controls.metric')}
        value={state.metric}
        options={data.metrics.map((m) => [m, metricLabel(t, m)])}
        onChange={(v) => change({metric: v})}
      />
      <fieldset className={controlStyles.control}>
        <legend>{t('services.controls.figure')}</legend>
        {SERVICE_FIGURES.map((f) => (
          <label key={f} className={styles.choice}>
            <input
              type="radio"
              name="services-figure"
              value={f}
              checked={state.figure === f}
              onChange={() => change({figure: f})}
            />
            {t(messageKey(SERVICES_FIGURE, f, 'SERVICES_FIGURE'))}
          </label>
        ))}
      </fieldset>
      <fieldset className={`${controlStyles.control} ${styles.services}`}>
        <legend>{t('services.controls.services')}</legend>
        {data.services
          .filter((s) => !s.measuredHere || view.measuredHereComparable)
          .map((s) => (
            <label key={s.id} className={styles.choice}>
              <input type="checkbox" checked={chosen(s.id)} onChange={() => toggle(s.id)} data-service={s.id} />
              {s.measuredHere ? t('services.measuredHere.name') : s.name}
            </label>
          ))}
      </fieldset>
    </ControlRow>
  );
}

/** One row: who, on what, the figure with its runs' range drawn on the bar, and the ratio to the best. */
function Bar({data, row, view}) {
  const t = useT();
  const separate = useSeparated();
  const dataUrl = useDataUrl();
  const r = data.rows.find((x) => x.id === row.id);
  const text = data.texts[r.id];
  const unit = (value) => t(messageKey(SERVICES_UNIT, view.metric.unit, 'SERVICES_UNIT'), {value});
  const about = [
    r.instanceType,
    r.label,
    t('services.machine', {vcpus: text.vcpus, memory: text.memoryGb}),
    r.storage,
    r.version && t('services.version', {version: r.version}),
    text.date,
  ].filter(Boolean);
  return (
    <li className={styles.row} data-row={r.id} data-service={r.service}>
      <div className={styles.label}>
        {r.url ? <a href={dataUrl(r.url)}>{systemName(t, r, separate)}</a> : systemName(t, r, separate)}
        {r.measuredHere && <span className={styles.badge}>{t('services.measuredHere.badge')}</span>}
        <span className={styles.about}>{separate(about)}</span>
      </div>
      <div className={styles.track} aria-hidden="true" data-track>
        <div className={styles.fill} style={{width: `${row.bar.value}%`}} data-fill />
        {row.range && (
          <div className={styles.range} style={{left: `${row.bar.min}%`, width: `${row.bar.max - row.bar.min}%`}} />
        )}
        {row.bar.runs.map((x, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a run's position is its identity
          <div key={i} className={styles.run} style={{left: `${x}%`}} />
        ))}
      </div>
      <div className={styles.figures}>
        <strong data-figure={view.metric.id}>{unit(row.value)}</strong>
        {row.range && <span>{t('services.runsRange', {range: unit(row.range), runs: text.runCount})}</span>}
        {(row.isBest || row.ratio !== null) && (
          <span data-ratio>{row.isBest ? t('services.best') : t('services.ratio', {ratio: row.ratio})}</span>
        )}
      </div>
      {row.versusAbove && !view.standingOfAll && (
        <p className={styles.standing} data-standing={row.versusAbove.verdict}>
          <Explained>
            {t(messageKey(SERVICES_STANDING, row.versusAbove.verdict, 'SERVICES_STANDING'), {p: row.versusAbove.p})}
          </Explained>
        </p>
      )}
      {r.measuredHere && (
        <p className={styles.standing}>
          {t(r.measuredHere.sharedWithClient ? 'services.measuredHere.shared' : 'services.measuredHere.remote', {
            run: r.measuredHere.runId,
            scale: text.scale,
            duration: text.durationS,
          })}
        </p>
      )}
    </li>
  );
}

/** The comparison the reader chose: controls, then the sorted bars. */
export default function ServiceComparison({data}) {
  const t = useT();
  const gap = useSentenceGap();
  const parse = useCallback((search) => parseState(search, data.rows), [data.rows]);
  const query = useCallback((state) => stateQuery(state, data.rows), [data.rows]);
  const [state, change] = useQueryState(parse, query, data.defaultState);
  const view = useMemo(
    () =>
      stateQuery(state, data.rows) === ''
        ? data.defaultView
        : comparisonView(data.rows, state, data.locale, data.pValues),
    [state, data],
  );
  return (
    <div className={styles.comparison} data-services-view={stateQuery(state, data.rows) || '?'}>
      <Controls data={data} state={state} change={change} view={view} />
      <p className={styles.summary}>
        {t('services.summary', {
          metric: metricLabel(t, view.metric.id),
          figure: t(messageKey(SERVICES_FIGURE, view.figure, 'SERVICES_FIGURE')),
        })}
        {gap}
        {t(view.metric.better === 'higher' ? 'services.higherBetter' : 'services.lowerBetter')}
        {view.metric.single && `${gap}${t('services.singleFigure')}`}
      </p>
      {view.memories.length > 1 && (
        <p className={styles.summary}>{t('services.memoryDiffers', {memories: view.memories.join(' / ')})}</p>
      )}
      {view.standingOfAll && (
        <p className={styles.summary} data-standing-all={view.standingOfAll.verdict}>
          <Explained>
            {t(messageKey(SERVICES_STANDING_ALL, view.standingOfAll.verdict, 'SERVICES_STANDING_ALL'), {
              p: view.standingOfAll.p,
            })}
          </Explained>
        </p>
      )}
      {view.rows.length === 0 ? (
        <p data-empty>{t('services.empty')}</p>
      ) : (
        <ol className={styles.bars}>
          {view.rows.map((row) => (
            <Bar key={row.id} data={data} row={row} view={view} />
          ))}
        </ol>
      )}
    </div>
  );
}
