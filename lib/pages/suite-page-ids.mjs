// Which page shows each suite's runs. A published suite gets a page of its own, made from its run with no code
// (lib/pages/suite-page.mjs); the suites below have pages that add what is only theirs (a published study
// beside our run, the planner's plans, the quick run `npm start` makes) and keep their own addresses.

/** Suite id → the document of the page written for it. */
export const OWN_PAGES = {'pg-versions': 'pg-versions', 'pg17-planner': 'pg17-planner', quick: 'quick-run'};

/** The document of a suite's own page, made from its runs: docs/suites/<id>.mdx, at /suites/<id>/. */
export const suiteDoc = (id) => `suites/${id}`;

/** True when a suite gets a page made from its runs alone: published, and no page was written for it. */
export const hasSuitePage = (suite) => suite.published === true && !Object.hasOwn(OWN_PAGES, suite.id);

/** The document of the page that shows a suite's runs, or null when none does. */
export const pageOfSuite = (suite) =>
  Object.hasOwn(OWN_PAGES, suite.id) ? OWN_PAGES[suite.id] : hasSuitePage(suite) ? suiteDoc(suite.id) : null;
