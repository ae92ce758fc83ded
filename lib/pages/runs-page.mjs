// The data of the runs page: every result in results/, newest first, with
// what it measured, where, how its cells ended, links to its data files and
// to the page that shows its suite (or that the site has no such suite).
import {formatFigure} from '../numbers/format.mjs';
import {runInfo} from './run-info.mjs';
import {docOfSuite} from '../suites/site-suites.mjs';
import {WRITTEN_PAGES} from './result-pages.mjs';

export function runsPage(results, {locale, suites = []}) {
  // The page that shows a suite's runs, linked from each of them.
  const pages = new Map(suites.map((s) => [s.id, docOfSuite(s, WRITTEN_PAGES)]));
  const runs = [...results]
    .sort((a, b) => b.run.startedAt.localeCompare(a.run.startedAt))
    .map((result) => {
      const count = (status) => result.cells.filter((c) => c.status === status).length;
      return {
        ...runInfo(result, locale),
        cells: formatFigure(result.cells.length, 'integer', locale),
        ok: formatFigure(count('ok'), 'integer', locale),
        failed: formatFigure(count('failed'), 'integer', locale),
        aborted: formatFigure(count('aborted'), 'integer', locale),
        allOk: result.cells.every((c) => c.status === 'ok'),
        page: pages.get(result.run.suite) ? `/${pages.get(result.run.suite)}/` : null,
        // A run of a suite the site does not have (removed, renamed, or never there): listed, but on no page.
        ...(typeof result.run.suite === 'string' && !pages.has(result.run.suite) && {unknownSuite: true}),
      };
    });
  return {locale, runs};
}

/** The Runs page: every run in results/. */
export const page = {
  id: 'runs',
  doc: 'runs',
  label: 'site.nav.runs',
  navbar: true,
  messages: ['common', 'runs'],
  build: ({content, locale}) => runsPage(content.results, {locale, suites: content.suites}),
};
