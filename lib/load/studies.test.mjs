import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadSuite} from '../suites/suite.mjs';
import {siteDir} from '../../test/helpers/fixtures.mjs';
import {readStudy, studyFiles} from './studies.mjs';

const suites = ['pg-versions', 'pg17-planner'].map((id) =>
  loadSuite(path.join(siteDir, 'benchmarks', id, 'suite.yaml')),
);

test('the shipped studies load: one per folder, the planner one with its imported pgbench outputs', () => {
  const files = studyFiles(path.join(siteDir, 'datasets'));
  assert.deepEqual(
    files.map((f) => path.relative(siteDir, f)),
    ['datasets/pg-versions-published/study.json', 'datasets/pg17-planner-published/study.json'],
  );
  const [versions, planner] = files.map((f) => readStudy(f, suites));
  assert.equal(versions.result, null);
  assert.equal(planner.result.run.kind, 'import');
  // Parsed from the outputs the post printed, not typed: 265.045027 TPS, 15.092 ms.
  const cell = planner.result.cells.find((c) => c.target === 'pg17' && c.workload === 'correlated-in');
  assert.equal(cell.summary.tps, 265.045027);
  assert.equal(cell.summary.latencyAvgMs, 15.092);
  assert.equal(planner.result.cells.length, 8);
});

/** A copy of a shipped study, changed by `edit`, in a folder of its own name. */
function editedStudy(id, edit) {
  const dir = mkdtempSync(path.join(tmpdir(), 'study-'));
  cpSync(path.join(siteDir, 'datasets', id), path.join(dir, id), {recursive: true});
  const file = path.join(dir, id, 'study.json');
  const study = JSON.parse(readFileSync(file, 'utf8'));
  edit(study);
  writeFileSync(file, JSON.stringify(study));
  return {file, cleanup: () => rmSync(dir, {recursive: true, force: true})};
}

test('a study naming what its suite lacks is refused, each problem with its path', () => {
  const {file, cleanup} = editedStudy('pg-versions-published', (s) => {
    s.groups[0].figures[1].target = 'pg14';
    s.findings[2].workload = 'nope';
  });
  try {
    assert.throws(() => readStudy(file, suites), {
      message: [
        `${file} is not a valid study:`,
        '  groups[0].figures[1].target: "pg14" is not a target of suite pg-versions',
        '  findings[2].workload: "nope" is not a workload of suite pg-versions',
      ].join('\n'),
    });
  } finally {
    cleanup();
  }
});

test('a missing imported result says how to import the outputs', () => {
  const {file, cleanup} = editedStudy('pg17-planner-published', (s) => {
    s.result = 'missing.json';
  });
  try {
    assert.throws(
      () => readStudy(file, suites),
      /result: missing\.json does not exist beside the study: import the outputs with node scripts\/bench\.mjs import /,
    );
  } finally {
    cleanup();
  }
});

test('a schema problem names the file and the field', () => {
  const {file, cleanup} = editedStudy('pg-versions-published', (s) => {
    s.groups[0].figures[0].tps = '439.029';
  });
  try {
    assert.throws(
      () => readStudy(file, suites),
      (e) => e.message.includes('groups[0].figures[0].tps'),
    );
  } finally {
    cleanup();
  }
});
