// How the chart specs the data plugin derived reach the script that draws them
// as images: after each locale's build, the plugin writes that locale's specs
// and its output folder to one file in Docusaurus's generated folder, and
// scripts/build.mjs reads them once the build is done.
import path from 'node:path';

/** The folder holding every locale's hand-off file. */
export const chartHandoffDir = (generatedFilesDir) => path.join(generatedFilesDir, 'benchmark-charts');

/** The hand-off file of one locale's build. */
export const chartHandoffFile = (generatedFilesDir, locale) =>
  path.join(chartHandoffDir(generatedFilesDir), `${locale}.json`);

/** Every chart of every page of one locale. */
export const chartsOf = (pages) =>
  Object.values(pages).flatMap((p) => p.charts ?? p.groups?.flatMap((g) => g.charts) ?? []);
