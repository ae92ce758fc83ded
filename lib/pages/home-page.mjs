// The overview's headlines: the answer of each page that has one, taken from
// that page's own data (so the overview never words a finding differently), and
// what its small chart needs: the page chart's image, or (versions) the
// comparisons of the page's first pair, per workload.
import {sentenceGap} from '../i18n/list.mjs';

/**
 * @param {{managed: object, versions: object, planner: object}} pages  those pages' data (buildPages)
 * @returns {object[]}  one per page, in the navigation's order
 */
function homeHeadlines({managed, versions, planner}) {
  const image = (page) => ({image: page.charts[0].image, alt: page.charts[0].title});
  const first = (m) => m?.pairs.find((p) => p.target === m.initial.target && p.baseline === m.initial.baseline);
  const headlines = [{page: 'managed-postgres', sentence: managed.answer[0]?.sentence ?? null, ...image(managed)}];
  const matrix = versions.answer;
  if (matrix) {
    const pair = first(matrix);
    const named = (id) => matrix.targets.find((x) => x.id === id).name;
    headlines.push({
      page: 'pg-versions',
      sentence: pair.sentence,
      // The pair its small chart compares, named above it.
      pair: {name: named(pair.target), base: named(pair.baseline)},
      measures: matrix.measures,
      conditions: matrix.conditions,
      rows: matrix.scenarios.flatMap((s) =>
        s.groups.map((g) => ({id: g.id, scenario: s.name, workload: g.name, ...pair.groups[g.id]})),
      ),
    });
  }
  headlines.push({page: 'pg17-planner', sentence: first(planner.answer)?.sentence ?? null, ...image(planner)});
  return headlines;
}

/**
 * The newest quick run (the one npm start just made, when it did), linked on the overview's first screen in one
 * line above the headlines (its answer is its page's first screen); null without one.
 */
const quickRunOf = (quick, locale) =>
  quick?.run ? {run: quick.run.id, date: quick.run.date, gap: sentenceGap(locale)} : null;

/** The overview: the version span and planner focus of its page list, and the headlines. */
export const page = {
  id: 'home',
  doc: 'index',
  label: 'site.nav.home',
  messages: [
    'site.title',
    'home',
    'managed.title',
    'services.title',
    'versions.title',
    'planner.title',
    'method.title',
    'runs.title',
    'history.title',
    'quick.title',
    'translate.title',
  ],
  build: ({locale, page: data}) => ({
    locale,
    quick: quickRunOf(data('quick-run'), locale),
    versions: data('pg-versions').values.versions,
    focus: data('pg17-planner').values.version,
    headlines: homeHeadlines({
      managed: data('managed-postgres'),
      versions: data('pg-versions'),
      planner: data('pg17-planner'),
    }),
  }),
};
