// The overview's headlines: the answer of each page that has one, taken from
// that page's own data (so the overview never words a finding differently), and
// what its small chart needs: the page chart's image, or (versions) the
// comparisons of the page's first pair, per workload.

/**
 * @param {{managed: object, versions: object, planner: object}} pages  those pages' data (buildPages)
 * @returns {object[]}  one per page, in the navigation's order
 */
export function homeHeadlines({managed, versions, planner}) {
  const image = (page) => ({image: page.charts[0].image, alt: page.charts[0].title});
  const headlines = [{page: 'managed-postgres', sentence: managed.answer[0]?.sentence ?? null, ...image(managed)}];
  const matrix = versions.answer;
  if (matrix) {
    const {target, baseline} = matrix.initial;
    const pair = matrix.pairs.find((p) => p.target === target && p.baseline === baseline);
    headlines.push({
      page: 'pg-versions',
      sentence: pair.sentence,
      margins: matrix.marginValues,
      rows: matrix.scenarios.flatMap((s) =>
        s.groups.map((g) => ({id: g.id, scenario: s.name, workload: g.name, ...pair.groups[g.id]})),
      ),
    });
  }
  headlines.push({page: 'pg17-planner', sentence: planner.answer[0]?.sentence ?? null, ...image(planner)});
  return headlines;
}
