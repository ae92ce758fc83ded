// Imports point one way: scripts/ → lib/ ← src/. lib/ holds the pure modules
// both sides share and imports neither; scripts/ (command line, runner,
// publishing) and src/ (Docusaurus only) never import each other. The site's
// configuration files read lib/ only. Tests follow the rules of the folder they
// are in, and may also use test/ helpers.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from '../../lib/list-files.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SOURCE = ['.mjs', '.js', '.jsx'];

/** What each top-level folder (or root file) may reach besides itself. */
const ALLOWED = {
  lib: ['lib'],
  scripts: ['lib', 'scripts'],
  src: ['lib', 'src'],
  'docusaurus.config.js': ['lib'],
  'sidebars.js': ['lib'],
};

/** Every project path a source file names: imports, dynamic imports, and files it opens by URL. */
export function referencesOf(file, text) {
  const specs = [
    ...text.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/new URL\(\s*['"`]([^'"`$]+)/g),
  ].map((m) => m[1]);
  return specs
    .filter((s) => s.startsWith('.') || s.startsWith('@site/'))
    .map((s) => (s.startsWith('@site/') ? s.slice(6) : path.relative(root, path.resolve(path.dirname(file), s))));
}

const areaOf = (rel) => (rel.includes('/') ? rel.split('/')[0] : rel);

function violations() {
  const files = [
    ...['lib', 'scripts', 'src'].flatMap((dir) => listFiles(path.join(root, dir), SOURCE)),
    path.join(root, 'docusaurus.config.js'),
    path.join(root, 'sidebars.js'),
  ];
  const found = [];
  for (const file of files) {
    const rel = path.relative(root, file);
    const area = areaOf(rel);
    const allowed = [...ALLOWED[area], ...(rel.endsWith('.test.mjs') ? ['test'] : [])];
    for (const target of referencesOf(file, readFileSync(file, 'utf8'))) {
      const to = areaOf(target);
      // Data and documents (schemas/, i18n/, benchmarks/, package.json…) are not code.
      if (!['lib', 'scripts', 'src', 'test'].includes(to)) continue;
      if (!allowed.includes(to)) found.push(`${rel} imports ${target}`);
    }
  }
  return found;
}

test('imports point one way: scripts → lib ← src, and lib imports neither', () => {
  assert.deepEqual(violations(), []);
});

test('the scan sees imports of every form it checks', () => {
  const file = path.join(root, 'lib/x.mjs');
  const text = [
    "import a from '../scripts/a.mjs';",
    "export {b} from './b.mjs';",
    "const c = await import('../src/c.mjs');",
    "import '@site/src/d.mjs';",
    "const e = new URL('../scripts/e.mjs', import.meta.url);",
    "import f from 'node:fs';",
  ].join('\n');
  assert.deepEqual(referencesOf(file, text), ['scripts/a.mjs', 'lib/b.mjs', 'src/c.mjs', 'src/d.mjs', 'scripts/e.mjs']);
});

test('lib/stats imports nothing but itself: the statistics know no result, page or number format', () => {
  const found = [];
  for (const file of listFiles(path.join(root, 'lib', 'stats'), SOURCE).filter((f) => !f.endsWith('.test.mjs'))) {
    for (const target of referencesOf(file, readFileSync(file, 'utf8'))) {
      if (target.startsWith('lib/') && !target.startsWith('lib/stats/')) {
        found.push(`${path.relative(root, file)} imports ${target}`);
      }
    }
  }
  assert.deepEqual(found, []);
});

test('components never import a page builder: page logic (and lib/stats behind it) stays out of the browser', () => {
  const found = [];
  for (const file of listFiles(path.join(root, 'src'), SOURCE).filter((f) => !f.endsWith('.test.mjs'))) {
    // The data plugin runs in Node at build time: it is the one part of src/ that calls the builders.
    if (file.includes(`${path.sep}plugins${path.sep}`)) continue;
    for (const target of referencesOf(file, readFileSync(file, 'utf8'))) {
      if (target.startsWith('lib/pages/')) found.push(`${path.relative(root, file)} imports ${target}`);
    }
  }
  assert.deepEqual(found, []);
});

// The statistics that decide a comparison: called by lib/model/comparisons.mjs alone, which every page, bench
// compare, History and Methodology read (a rule of two deciders drifts apart).
const DECIDERS = /\b(compareToBaseline|mannWhitney|logShift|pairedLogChange|holm|verdictOf)\b/;

test('every comparison is decided in lib/model/comparisons.mjs: no other module calls a statistical test', () => {
  const found = [];
  for (const file of ['lib', 'scripts', 'src'].flatMap((dir) => listFiles(path.join(root, dir), SOURCE))) {
    const rel = path.relative(root, file);
    if (rel.endsWith('.test.mjs') || rel.startsWith('lib/stats/') || rel === 'lib/model/comparisons.mjs') continue;
    for (const m of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]*)\}\s*from\s*['"]([^'"]*stats\/[^'"]+)['"]/g,
    )) {
      if (DECIDERS.test(m[1])) found.push(`${rel} imports ${m[1].trim()} from ${m[2]}`);
    }
  }
  assert.deepEqual(found, []);
});

// The builders read and write nothing: every file is read in the load step (lib/load), before them.
const BUILDERS = ['pages', 'model', 'stats', 'numbers', 'charts'];

test('the builders read no file: lib/pages, lib/model, lib/stats, lib/numbers and lib/charts import no fs', () => {
  const found = [];
  for (const folder of BUILDERS) {
    for (const file of listFiles(path.join(root, 'lib', folder), SOURCE).filter((f) => !f.endsWith('.test.mjs'))) {
      const text = readFileSync(file, 'utf8');
      if (/from\s*['"](node:)?fs(\/promises)?['"]/.test(text)) found.push(`${path.relative(root, file)} imports fs`);
      for (const target of referencesOf(file, text))
        if (target.startsWith('lib/load/')) found.push(`${path.relative(root, file)} imports ${target}`);
    }
  }
  assert.deepEqual(found, []);
});

/** The import graph of lib/, scripts/ and src/ (tests aside): file → the project files it imports. */
function importGraph() {
  const graph = new Map();
  for (const file of ['lib', 'scripts', 'src'].flatMap((dir) => listFiles(path.join(root, dir), SOURCE))) {
    const rel = path.relative(root, file);
    if (rel.endsWith('.test.mjs')) continue;
    // Imports only: a worker started by its URL (new URL('./worker.mjs')) may import the module that starts it.
    const imports = readFileSync(file, 'utf8').replace(/new URL\(\s*['"`][^'"`]*['"`]/g, '');
    graph.set(rel, referencesOf(file, imports));
  }
  // An import names a file with or without its extension, or a folder's index.
  const known = (target) =>
    [target, ...SOURCE.map((e) => `${target}${e}`), ...SOURCE.map((e) => `${target}/index${e}`)].find((t) =>
      graph.has(t),
    );
  for (const [file, targets] of graph) graph.set(file, targets.map(known).filter(Boolean));
  return graph;
}

/** Each cycle of a graph, once, as the path that closes it. */
function cycles(graph) {
  const found = [];
  const state = new Map();
  const visit = (node, trail) => {
    state.set(node, 'open');
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...trail.slice(trail.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next, [...trail, next]);
    }
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node, [node]);
  return found;
}

test('no import cycle, between files or between the folders of lib/', () => {
  const graph = importGraph();
  assert.deepEqual(cycles(graph), []);
  const folderOf = (file) => (file.startsWith('lib/') && file.split('/').length > 2 ? file.split('/')[1] : null);
  const folders = new Map();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    if (!from) continue;
    for (const to of targets.map(folderOf).filter((f) => f && f !== from))
      folders.set(from, [...new Set([...(folders.get(from) ?? []), to])]);
  }
  assert.deepEqual(cycles(folders), []);
});

test('the cycle check sees a cycle', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  assert.deepEqual(cycles(graph), ['a → b → c → a']);
});
