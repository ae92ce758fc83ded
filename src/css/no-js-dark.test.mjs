// The dark colours for readers without JavaScript (src/css/custom.css) are a
// copy of Infima's [data-theme=dark] variables plus our own primary colours:
// this keeps the copy equal to the installed Infima after an upgrade.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';

const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');
/** The custom properties of a CSS block, {name: value}, written alike (the formatter spaces and pads). */
const properties = (block) =>
  Object.fromEntries(
    [...block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [
      name,
      value.replace(/\s+/g, '').replace(/(^|[^\d])\.(\d)/g, '$10.$2'),
    ]),
  );

const NO_JS = /@media \(prefers-color-scheme: dark\) \{\s*html:not\(\[data-theme\]\) \{([^}]*)\}/;

test('without JavaScript, a dark system gets every dark variable Infima and our theme set', () => {
  const infima = read('../../node_modules/infima/dist/css/default/default.min.css');
  const custom = read('./custom.css');
  const dark = Object.assign(
    {},
    ...[...infima.matchAll(/\[data-theme=dark\]\{([^}]*)\}/g)].map((m) => properties(`${m[1]};`)),
    properties(custom.match(/\n\[data-theme="dark"\] \{([^}]*)\}/)[1]),
  );
  const noJs = properties(custom.match(NO_JS)[1]);
  assert.ok(Object.keys(dark).length > 40, `${Object.keys(dark).length} variables read from Infima`);
  assert.deepEqual(noJs, dark);
});
