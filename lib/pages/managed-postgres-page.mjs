// The data of the managed-Postgres page, for one locale: every figure and every
// comparison computed here from the dataset and formatted for the locale; and its
// answer, on its first screen: the published throughput of every system in every
// test as one chart (a range the source printed as one is drawn as its middle with
// the range as a whisker), and one sentence per leading system saying in how many
// tests it led and by how much.
import {howMany} from '../i18n/how-many.mjs';
import {percentDifference, ratio} from '../numbers/ratio.mjs';
import {formatFigure, rangeText} from '../numbers/format.mjs';
import {dataSizeGb} from '../postgresbench/data-size.mjs';
import {stateQuery} from '../postgresbench/services-view.mjs';
import {formatDate} from './run-info.mjs';
import {barChart} from '../charts/chart-spec.mjs';
import {MANAGED_TEST, messageKey} from '../i18n/message-keys.mjs';
import {listOf} from '../i18n/list.mjs';

/** A figure as {low, high} (one number is a range of one). */
export const range = (f) => (f.tps !== undefined ? {low: f.tps, high: f.tps} : {low: f.tpsLow, high: f.tpsHigh});

/** "19,800" or "4,400–4,600", formatted with `kind`. */
function formatRange({low, high}, kind, locale) {
  const a = formatFigure(low, kind, locale);
  const b = formatFigure(high, kind, locale);
  return rangeText(a, b, locale);
}

/** Every system of a test compared with the fastest one. */
export function comparisons(test, locale) {
  const figures = test.figures.map((f) => ({...f, range: range(f)}));
  const best = figures.reduce((a, b) => (b.range.low > a.range.low ? b : a));
  return figures
    .filter((f) => f !== best)
    .map((other) => {
      const low = {
        ratio: ratio(best.range.low, other.range.high),
        percent: percentDifference(best.range.low, other.range.high),
      };
      const high = {
        ratio: ratio(best.range.high, other.range.low),
        percent: percentDifference(best.range.high, other.range.low),
      };
      const stated = (test.stated ?? []).find((s) => s.system === best.system && s.versus === other.system);
      return {
        system: best.system,
        versus: other.system,
        ratio: formatRange({low: low.ratio, high: high.ratio}, 'ratio', locale),
        percent: formatRange({low: low.percent, high: high.percent}, 'percent', locale),
        ...(stated && {
          stated: {
            ...(stated.percent !== undefined && {percent: formatFigure(stated.percent / 100, 'percent', locale)}),
            ...(stated.ratio !== undefined && {ratio: formatFigure(stated.ratio, 'ratio', locale)}),
          },
        }),
      };
    });
}

/**
 * The per-run data of a published test, where PostgresBench has it: its
 * TPC-B-like runs on a machine of the same vCPUs at the same data size, as a
 * link into the Managed services page (its query string); null where none.
 */
function perRunOf(test, services, locale) {
  if (!services || test.workload !== 'read-write') return null;
  const vcpus = test.instances[0].vcpus;
  const size = dataSizeGb(test.scale);
  const files = services.files.filter((f) => f.machine.vcpus === vcpus && dataSizeGb(f.benchmark.scale) === size);
  if (files.length === 0) return null;
  const rows = services.files.map((f) => ({
    service: f.service,
    system: f.system,
    date: f.date,
    vcpus: f.machine.vcpus,
    memoryGb: f.machine.memoryGb,
    sizeGb: dataSizeGb(f.benchmark.scale),
  }));
  const state = {machine: String(vcpus), size: String(size), metric: 'tps', figure: 'median', services: null};
  return {
    query: stateQuery(state, rows),
    files: formatFigure(files.length, 'integer', locale),
    vcpus: formatFigure(vcpus, 'integer', locale),
    size: formatFigure(size, 'integer', locale),
    dates: [...new Set(files.map((f) => f.date).filter(Boolean))].sort(),
  };
}

/**
 * @param {object} dataset  from readDataset
 * @param {string} locale
 * @param {object} [services]  the PostgresBench services dataset, for links to per-run data
 */
export function managedPostgresPage(dataset, locale, services = null) {
  const name = Object.fromEntries(dataset.systems.map((s) => [s.id, s.name]));
  return {
    locale,
    dataset: {
      id: dataset.id,
      rounded: dataset.rounded,
      source: {
        title: dataset.source.title,
        publisher: dataset.source.publisher,
        url: dataset.source.url,
        // The source prints no date when null: the page says so instead of guessing one.
        date: dataset.source.date === null ? null : formatDate(dataset.source.date, locale),
        consulted: formatDate(dataset.source.consulted, locale),
      },
      // Emitted by the build (scripts/publish/emit-static.mjs).
      data: {json: `/data/datasets/${dataset.id}.json`, csv: `/data/datasets/${dataset.id}.csv`},
    },
    systems: dataset.systems,
    tests: dataset.tests.map((test) => ({
      id: test.id,
      workload: test.workload,
      bound: test.bound,
      scale: formatFigure(test.scale, 'integer', locale),
      datasetGb: test.datasetGb === undefined ? null : formatFigure(test.datasetGb, 'integer', locale),
      commands: test.commands,
      instances: test.instances.map((i) => ({
        system: i.system,
        name: name[i.system],
        postgresVersion: String(i.postgresVersion),
        vcpus: formatFigure(i.vcpus, 'integer', locale),
        memoryGb: formatFigure(i.memoryGb, 'integer', locale),
        diskTb: i.diskTb === null || i.diskTb === undefined ? null : formatFigure(i.diskTb, 'integer', locale),
        storage: i.storage,
        iops: i.iops === null || i.iops === undefined ? null : formatFigure(i.iops, 'integer', locale),
      })),
      figures: test.figures.map((f) => ({
        system: f.system,
        name: name[f.system],
        basis: f.basis,
        tps: formatRange(range(f), 'tps', locale),
      })),
      comparisons: comparisons(test, locale),
      perRun: perRunOf(test, services, locale),
    })),
  };
}

/** The managed-Postgres page, from datasets/managed-postgres.json (and PostgresBench's, for its links). */
export const page = {
  id: 'managed-postgres',
  doc: 'managed-postgres',
  label: 'site.nav.managed',
  navbar: true,
  messages: ['managed', 'common.run.data', 'common.json', 'common.csv', 'common.chartData'],
  build: ({content, locale, t, services}) => {
    const dataset = content.datasets['managed-postgres'];
    if (!dataset)
      throw new Error('datasets/managed-postgres.json is missing: the managed-Postgres page is made from it.');
    return {...managedPostgresPage(dataset, locale, services()), ...managedAnswer(dataset, {t, locale})};
  },
};

/**
 * @param {object} dataset  from readDataset
 * @param {{t: Function, locale: string}} options
 * @returns {{answer: {target: string, sentence: string}[], charts: object[]}}
 */
export function managedAnswer(dataset, {t, locale}) {
  const name = Object.fromEntries(dataset.systems.map((s) => [s.id, s.name]));
  const list = (items) => listOf(items, locale);
  const short = (test) => t(messageKey(MANAGED_TEST, test.id, 'MANAGED_TEST').short);
  const led = dataset.tests.map((test) => ({test, against: comparisons(test, locale)}));
  const leaders = [...new Set(led.map((l) => l.against[0]?.system).filter(Boolean))];
  const answer = leaders.map((leader) => {
    const mine = led.filter((l) => l.against[0]?.system === leader);
    const parts = mine.flatMap(({test, against}) => {
      // Systems the leader is ahead of by the same figures are named together.
      const byRatio = new Map();
      for (const c of against) byRatio.set(c.ratio, [...(byRatio.get(c.ratio) ?? []), c]);
      return [...byRatio].map(([ratio, cs]) =>
        t('managed.answer.part', {ratio, versus: list(cs.map((c) => name[c.versus])), test: short(test)}),
      );
    });
    return {
      target: leader,
      sentence: t('managed.answer.sentence', {
        // Who published the figures, first: here a provider measuring its own service.
        publisher: dataset.source.publisher,
        best: name[leader],
        howMany: howMany(t, 'tests', {count: mine.length, total: dataset.tests.length, locale}),
        parts: listOf(parts, locale, {clauses: true}),
      }),
    };
  });
  const tpsText = (low, high) => {
    const [a, b] = [formatFigure(low, 'tps', locale), formatFigure(high, 'tps', locale)];
    return rangeText(a, b, locale);
  };
  const derivedAny = dataset.tests.some((test) => test.figures.some((f) => f.basis === 'derived'));
  const chart = barChart({
    id: 'managed-tps',
    locale,
    image: '/charts/managed-tps.png',
    credit: t('managed.chart.credit', {site: t('site.title'), source: dataset.source.title}),
    title: t('managed.chart.title'),
    xTitle: t('managed.chart.test'),
    yTitle: t('managed.chart.axis'),
    kind: 'tps',
    ...(derivedAny && {note: t('managed.chart.derived')}),
    categories: dataset.tests.map(short),
    series: dataset.systems.map((system) => ({
      label: system.name,
      points: dataset.tests.map((test) => {
        const figure = test.figures.find((f) => f.system === system.id);
        if (!figure) return {y: 0, text: '—', tooltip: '—'};
        const {low, high} = range(figure);
        // A figure the source did not print is drawn outlined and marked, as the table marks it.
        const derived = figure.basis === 'derived';
        const text = derived ? `${tpsText(low, high)} *` : tpsText(low, high);
        const tooltip = derived ? `${text} ${t('managed.table.derived')}` : text;
        const mark = derived ? {derived: true} : {};
        return low === high
          ? {y: low, text, tooltip, ...mark}
          : {y: (low + high) / 2, low, high, text, spread: text, tooltip, ...mark};
      }),
    })),
  });
  return {answer, charts: [chart]};
}
