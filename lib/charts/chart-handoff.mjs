// How the chart specs the data plugin derived reach the script that draws them
// as images: as each locale's content is loaded, the plugin writes that
// locale's specs and its output folder to one file in Docusaurus's generated
// folder; scripts/build.mjs draws them while the build goes on, and copies the
// images into the output folders once it is done.
import path from 'node:path';

/** The folder holding every locale's hand-off file. */
export const chartHandoffDir = (generatedFilesDir) => path.join(generatedFilesDir, 'benchmark-charts');

/** The hand-off file of one locale's build. */
export const chartHandoffFile = (generatedFilesDir, locale) =>
  path.join(chartHandoffDir(generatedFilesDir), `${locale}.json`);

/** Every chart of every page of one locale: each spec under a `charts` key, at any depth of a page's data. */
export function chartsOf(pages) {
  const found = [];
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'charts' && Array.isArray(value)) found.push(...value);
        else walk(value);
      }
    }
  };
  walk(pages);
  return found;
}
