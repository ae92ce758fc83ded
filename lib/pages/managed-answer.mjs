// The managed-Postgres page's answer, on its first screen: the published
// throughput of every system in every test as one chart (a range the source
// printed as one is drawn as its middle with the range as a whisker), and one
// sentence per leading system saying in how many tests it led and by how much.
import {barChart} from '../charts/chart-spec.mjs';
import {formatFigure, rangeText} from '../numbers/format.mjs';
import {MANAGED_TEST, messageKey} from '../i18n/message-keys.mjs';
import {comparisons, range} from './managed-postgres-page.mjs';
import {listOf} from '../i18n/list.mjs';

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
        count: formatFigure(mine.length, 'integer', locale),
        total: formatFigure(dataset.tests.length, 'integer', locale),
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
