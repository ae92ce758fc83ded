// Property: whatever JSON a file holds, the PostgresBench importer either
// refuses it with a message, or it was a PostgresBench result and the dataset
// is valid; nulls and odd values in a real file never crash the reader.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {importServices} from './import-services.mjs';
import {isPostgresBench} from './read-postgresbench.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'pb-prop-'));
const REAL = JSON.parse(
  readFileSync(new URL('./fixtures/36ce7b6/rds/results/rds_16cpu_64gb_6849.json', import.meta.url), 'utf8'),
);
let n = 0;

function importJson(value) {
  const file = path.join(dir, `${n++}.json`);
  writeFileSync(file, JSON.stringify(value));
  try {
    return importServices([file], {id: 'x', license: 'Apache-2.0'});
  } catch (error) {
    assert.ok(!(error instanceof TypeError || error instanceof RangeError), `a crash, not a refusal: ${error.stack}`);
    assert.match(error.message, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|is not a valid`));
    return null;
  }
}

test('arbitrary JSON is imported only when it is a PostgresBench result', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const dataset = importJson(value);
      if (dataset) assert.ok(isPostgresBench(value));
    }),
    {numRuns: 300},
  );
});

test('a real file with any field replaced by any JSON value: imported as valid, or refused by name', () => {
  const paths = [];
  const walk = (node, at) => {
    if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, [...at, k]);
    if (at.length > 0) paths.push(at);
  };
  walk(REAL, []);
  fc.assert(
    fc.property(fc.constantFrom(...paths), fc.oneof(fc.constant(null), fc.jsonValue()), (at, value) => {
      const copy = structuredClone(REAL);
      const parent = at.slice(0, -1).reduce((node, k) => node[k], copy);
      parent[at.at(-1)] = value;
      const dataset = importJson(copy);
      if (dataset) assert.equal(dataset.files.length, 1);
    }),
    {numRuns: 400},
  );
});
