// Each schema and its explanation (schemas/*.md) say the same, field by field:
// every field is described in the schema and named in the page, and the page
// names no field the schema lacks; every object is closed (the pages say so);
// every value an enum allows is named; a field the page gives a default is
// never required; a yes/no field reads as one. suite.md's options are bench
// run's, as the command line declares them.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';

const dir = new URL('../../schemas/', import.meta.url);
const SCHEMAS = ['result', 'suite', 'dataset', 'study', 'services'];
const read = (name) => readFileSync(new URL(name, dir), 'utf8');

/** Every property of a schema: {path, name, def, required} through objects, items, conditionals and $defs. */
export function fieldsOf(node, at = '') {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((n) => fieldsOf(n, at));
  const own = Object.entries(node.properties ?? {}).flatMap(([name, def]) => [
    {path: `${at}.${name}`, name, def, required: (node.required ?? []).includes(name)},
    ...fieldsOf(def, `${at}.${name}`),
  ]);
  const nested = ['items', 'then', 'else', 'oneOf', 'anyOf', 'allOf', 'additionalProperties'].flatMap((k) =>
    fieldsOf(node[k], k === 'items' ? `${at}[]` : at),
  );
  const defs = Object.entries(node.$defs ?? {}).flatMap(([name, def]) => fieldsOf(def, `$defs.${name}`));
  return [...own, ...nested, ...defs];
}

/**
 * Every object of a schema that a field not listed could slip into: neither closed, nor a map of one kind,
 * nor a copy of what a source wrote (its description says so: "as the source wrote them", "as written").
 */
export function openObjects(node, at = '') {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((n) => openObjects(n, at));
  const isObject = node.type === 'object' || node.properties !== undefined;
  const copied = /as (the source )?wr(ote|itten)/.test(node.description ?? '');
  const open =
    isObject && !copied && node.additionalProperties !== false && typeof node.additionalProperties !== 'object';
  const children = [
    ...Object.entries(node.properties ?? {}).map(([name, def]) => [def, `${at}.${name}`]),
    ...['items', 'then', 'else', 'additionalProperties'].map((k) => [node[k], k === 'items' ? `${at}[]` : at]),
    ...['oneOf', 'anyOf', 'allOf'].flatMap((k) => (node[k] ?? []).map((n) => [n, at])),
    ...Object.entries(node.$defs ?? {}).map(([name, def]) => [def, `$defs.${name}`]),
  ];
  return [...(open && !node.$ref ? [at || '(the file)'] : []), ...children.flatMap(([n, p]) => openObjects(n, p))];
}

/** The page's table rows: the backquoted names a row starts with, and the row's text. */
export const docRows = (doc) =>
  [...doc.matchAll(/^\| ((?:`[^`]+`(?:, )?)+) \|(.*)\|$/gm)].map((m) => ({
    names: [...m[1].matchAll(/`([^`]+)`/g)].map((x) => x[1]),
    text: m[2],
  }));

for (const name of SCHEMAS) {
  const schema = JSON.parse(read(`${name}.schema.json`));
  const doc = read(`${name}.md`);
  const fields = fieldsOf(schema);
  const rows = docRows(doc).filter((r) => !r.names[0].startsWith('--'));

  test(`${name}: every field is described in the schema and named in ${name}.md, and no other`, () => {
    assert.ok(fields.length > 20, `only ${fields.length} fields found: the walk is broken`);
    for (const f of fields) {
      assert.ok(f.def.description || f.def.$ref, `${name}.schema.json ${f.path} needs a "description"`);
      assert.ok(doc.includes(`\`${f.name}\``) || doc.includes(`\`${f.name}[]\``), `${name}.md lacks \`${f.name}\``);
    }
    const known = new Set(fields.map((f) => f.name));
    const stale = rows.flatMap((r) => r.names).filter((n) => !known.has(n.replace(/\[\]$/, '')));
    assert.deepEqual(stale, [], `${name}.md describes fields ${name}.schema.json does not have`);
  });

  test(`${name}: every object is closed, as ${name}.md says`, () => {
    assert.deepEqual(openObjects(schema), []);
  });

  test(`${name}: every value an enum allows is named in ${name}.md`, () => {
    for (const f of fields.filter((x) => x.def.enum)) {
      // A version number may stand bare in a list ("15, 16, 17 or 18"); a word is written as code.
      const missing = f.def.enum.filter((v) => !doc.includes(typeof v === 'number' ? String(v) : `\`${v}\``));
      assert.deepEqual(missing, [], `${name}.md: ${f.path} may also be ${missing.join(', ')}`);
    }
  });

  test(`${name}: a field ${name}.md gives a default is never required; a yes/no field reads as one`, () => {
    for (const row of rows) {
      for (const n of row.names) {
        const all = fields.filter((f) => f.name === n);
        if (/Default\b|\(default\b|; default\b/.test(row.text) && row.names.length === 1) {
          assert.ok(!all.every((f) => f.required), `${name}.md gives \`${n}\` a default, but the schema requires it`);
        }
        if (all.length > 0 && all.every((f) => f.def.type === 'boolean')) {
          assert.match(row.text, /`true`|`false`|\btrue\b|\bfalse\b|\bwhether\b/i, `${name}.md: \`${n}\` is yes/no`);
        }
      }
    }
  });
}

test("suite.md's options are bench run's, each with the value its synopsis gives", async () => {
  const run = await import('../../scripts/bench/run.mjs');
  const documented = docRows(read('suite.md'))
    .filter((r) => r.names[0].startsWith('--'))
    .flatMap((r) => r.names.map((n) => n.replace(/\\\|/g, '|')));
  const declared = Object.entries(run.options).map(([n, o]) => (o.type === 'boolean' ? `--${n}` : `--${n} ${o.value}`));
  assert.deepEqual([...documented].sort(), [...declared].sort());
});

test('the walks see what they check: fields, open objects and rows', () => {
  const schema = {
    type: 'object',
    additionalProperties: false,
    required: ['a'],
    properties: {a: {type: 'boolean'}, b: {type: 'object', properties: {c: {}}}, m: {additionalProperties: {}}},
    $defs: {d: {type: 'object', properties: {e: {}}}},
  };
  assert.deepEqual(
    fieldsOf(schema).map((f) => [f.path, f.required]),
    [
      ['.a', true],
      ['.b', false],
      ['.b.c', false],
      ['.m', false],
      ['$defs.d.e', false],
    ],
  );
  assert.deepEqual(openObjects(schema), ['.b', '$defs.d']);
  assert.deepEqual(docRows('| `a`, `b` | yes |\n| x | y |\n'), [{names: ['a', 'b'], text: ' yes '}]);
});
