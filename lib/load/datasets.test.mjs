import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {readDataset} from './datasets.mjs';

const FILE = new URL('../../datasets/managed-postgres.json', import.meta.url).pathname;
const broken = (edit) => {
  const data = JSON.parse(readFileSync(FILE, 'utf8'));
  edit(data);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dataset-')), 'd.json');
  writeFileSync(file, JSON.stringify(data));
  return file;
};

test('the published dataset is valid', () => {
  assert.equal(readDataset(FILE).tests.length, 3);
});

test('a figure typed as display text is refused with the fix', () => {
  const file = broken((d) => (d.tests[1].figures[0].tps = '84.8K'));
  assert.throws(
    () => readDataset(file),
    new RegExp(
      String.raw`tests\[1\]\.figures\[0\]\.tps: must be number, not "84\.8K"; ` +
        String.raw`write numbers as JSON numbers in base units \(84800, not "84\.8K"\)`,
    ),
  );
});

test('a figure of a system the dataset does not list is named', () => {
  const file = broken((d) => (d.tests[0].figures[0].system = 'neon'));
  assert.throws(
    () => readDataset(file),
    /tests\[0\]\.figures\[0\]\.system: "neon" is not one of the dataset's systems \(nvme, rds, aurora\)/,
  );
});

test('a figure needs one number or a low–high range', () => {
  const file = broken((d) => (d.tests[0].figures[1].tps = 4500));
  assert.throws(() => readDataset(file), /tests\[0\]\.figures\[1\]: give either "tps", or "tpsLow" and "tpsHigh"/);
});
