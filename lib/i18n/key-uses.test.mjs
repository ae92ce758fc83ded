import {test} from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {parseCatalog} from './catalogs.mjs';
import {assembledKeys, keyUses} from './key-uses.mjs';
import * as messageKeys from './message-keys.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const english = parseCatalog(root, 'en');
const groups = Object.keys(english.data);

/** Every key a map of lib/i18n/message-keys.mjs gives, with the map's name. */
function* mapKeys(value, name) {
  if (typeof value === 'string') yield [value, name];
  else if (value && typeof value === 'object') for (const v of Object.values(value)) yield* mapKeys(v, name);
}

test('no page assembles a message key from parts: every key is written out whole', () => {
  assert.deepEqual(assembledKeys(root, groups), []);
});

test('every English message is used somewhere in the site’s code, by its whole key', () => {
  const unused = [...keyUses(root, english.messages.keys())].filter(([, uses]) => uses.length === 0);
  assert.deepEqual(
    unused.map(([key]) => key),
    [],
    'remove these from every catalog, or show them',
  );
});

test('every key of the run-time maps is an English message', () => {
  for (const [name, value] of Object.entries(messageKeys)) {
    if (typeof value === 'function') continue;
    for (const [key] of mapKeys(value, name))
      assert.ok(english.messages.has(key), `${name}: "${key}" is not in English`);
  }
});

test('an id a map lacks names the map and what to add', () => {
  assert.equal(messageKeys.messageKey(messageKeys.SERVICES_FIGURE, 'best', 'SERVICES_FIGURE'), 'services.figures.best');
  assert.throws(
    () => messageKeys.messageKey(messageKeys.PLANNER_CASE, 'new-case', 'PLANNER_CASE'),
    (error) => {
      assert.match(error.message, /^No message for PLANNER_CASE "new-case": add it to PLANNER_CASE in lib\/i18n\//);
      assert.match(error.message, /\(known: cte-sorted-unique, correlated-in, .*\) and its English to i18n\/en\//);
      return true;
    },
  );
  // Names of Object's prototype are not ids.
  assert.throws(() => messageKeys.messageKey(messageKeys.SERVICES_FIGURE, 'toString', 'SERVICES_FIGURE'));
});

test('the scan finds assembled keys and unused messages in a site’s sources, tests aside', () => {
  const dir = path.join(root, 'test', 'fixtures', 'key-uses');
  assert.deepEqual(
    assembledKeys(dir, ['common']).map((f) => `${f.file}:${f.line}`),
    ['docs/page.mdx:1', 'src/page.jsx:4', 'src/page.jsx:5'],
  );
  const uses = keyUses(dir, ['common.used', 'common.alsoUsed', 'common.onlyInTests']);
  assert.deepEqual(uses.get('common.used'), [{file: 'src/page.jsx', line: 3}]);
  assert.deepEqual(uses.get('common.alsoUsed'), [{file: 'docs/page.mdx', line: 2}]);
  assert.deepEqual(uses.get('common.onlyInTests'), []);
});
