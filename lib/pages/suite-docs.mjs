// The document of each published suite's page: a template of three lines that Docusaurus needs as a file, in
// docs/suites/<id>.mdx, written before every Docusaurus command (docusaurus.config.js) from the suites in
// benchmarks/, and removed when its suite no longer has a page. Not in git, never edited: the page is the
// suite's run and words (lib/pages/suite-page.mjs, src/components/SuitePage).
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {hasSuitePage} from '../suites/site-suites.mjs';

export const SUITE_DOCS = path.join('docs', 'suites');
// What every suite's page renders: named here, imported by the document (lib/ never imports a component).
const COMPONENT = '@site/src/components/SuitePage';

/** The MDX of one suite's page. Its title is the English one: the page sets each language's own. */
export const suiteDocText = (suite) =>
  [
    '---',
    `slug: /suites/${suite.id}`,
    `title: ${JSON.stringify(suite.words?.title ?? suite.id)}`,
    'hide_title: true',
    'pagination_prev: null',
    'pagination_next: null',
    'hide_table_of_contents: true',
    '---',
    '',
    `{/* Written by lib/pages/suite-docs.mjs from benchmarks/${suite.id}/suite.yaml: not in git, do not edit. */}`,
    '',
    `import data from '@generated/benchmark-data/default/suite-${suite.id}.json';`,
    `import SuitePage from '${COMPONENT}';`,
    '',
    // Its file of what it loads on demand, a chunk of its own that the page fetches when the reader opens it.
    `export const onDemand = () => import('@generated/benchmark-data/default/suite-${suite.id}.on-demand.json');`,
    '',
    '<SuitePage data={data} onDemand={onDemand} />',
    '',
  ].join('\n');

/** Writes the page of every published suite that has none written for it; removes the others' files. */
export function writeSuiteDocs(siteDir, suites) {
  const dir = path.join(siteDir, SUITE_DOCS);
  const wanted = new Map(suites.filter(hasSuitePage).map((s) => [`${s.id}.mdx`, suiteDocText(s)]));
  if (wanted.size > 0) mkdirSync(dir, {recursive: true});
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    if (!wanted.has(name)) rmSync(path.join(dir, name), {force: true, recursive: true});
  }
  for (const [name, text] of wanted) {
    const file = path.join(dir, name);
    if (!existsSync(file) || readFileSync(file, 'utf8') !== text) writeFileSync(file, text);
  }
}
