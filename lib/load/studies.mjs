// Reads published studies (datasets/<id>/study.json): the schema first, then
// what a schema cannot check: the suite it sits beside exists and knows every
// target, workload and scenario the study names; an imported result beside it
// is read and checked like ours.
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {assertPublishable, readResultFile} from '../results/validate-result.mjs';
import validate from '../validation/compiled/study.mjs';
import {createChecker, readJsonFile} from '../validation/schema-checker.mjs';

const checker = createChecker({
  validate,
  doc: 'schemas/study.md',
  schemaVersion: 1,
});

/** The study files under a datasets folder: one folder each, holding study.json. */
export const studyFiles = (datasetsDir) =>
  existsSync(datasetsDir)
    ? readdirSync(datasetsDir, {withFileTypes: true})
        .filter((e) => e.isDirectory() && existsSync(path.join(datasetsDir, e.name, 'study.json')))
        .map((e) => path.join(datasetsDir, e.name, 'study.json'))
        .sort()
    : [];

/**
 * @param {string} file  datasets/<id>/study.json
 * @param {object[]} suites  from loadSuite: the study's suite must be one of them
 * @returns {object} the study, with `result` read (or null)
 */
export function readStudy(file, suites) {
  const study = checker.assertValid(readJsonFile(file), file, 'study');
  const problems = [];
  const folder = path.basename(path.dirname(file));
  if (study.id !== folder) problems.push(`id: "${study.id}" must be the name of its folder ("${folder}")`);
  const suite = suites.find((s) => s.id === study.suite);
  if (!suite) {
    problems.push(`suite: no suite "${study.suite}" in benchmarks/ (it has ${suites.map((s) => s.id).join(', ')})`);
  } else {
    const known = {
      target: new Set(suite.targets.map((t) => t.id)),
      workload: new Set(suite.workloads.map((w) => w.id)),
      scenario: new Set(suite.scenarios.map((s) => s.id)),
    };
    const check = (list, where) => {
      for (const [i, item] of (list ?? []).entries()) {
        for (const [field, kind] of [
          ['target', 'target'],
          ['versus', 'target'],
          ['workload', 'workload'],
          ['scenario', 'scenario'],
        ]) {
          const value = item[field];
          if (value !== undefined && value !== null && !known[kind].has(value)) {
            problems.push(`${where}[${i}].${field}: "${value}" is not a ${kind} of suite ${suite.id}`);
          }
        }
      }
    };
    check(study.targets, 'targets');
    check(study.groups, 'groups');
    for (const [i, g] of (study.groups ?? []).entries()) check(g.figures, `groups[${i}].figures`);
    check(study.explain, 'explain');
    check(study.stated, 'stated');
    check(study.findings, 'findings');
    study.findings.forEach((f, i) => {
      if (f.claim === 'faster' && (!f.target || !f.versus))
        problems.push(`findings[${i}]: a "faster" claim names its "target" and "versus"`);
    });
  }
  let result = null;
  if (study.result) {
    const resultFile = path.join(path.dirname(file), study.result);
    if (!existsSync(resultFile)) {
      problems.push(
        `result: ${study.result} does not exist beside the study: import the outputs with ` +
          `node scripts/bench.mjs import ${path.join(path.dirname(file), 'outputs')} --out ${resultFile}`,
      );
    } else {
      // Published beside our run: checked as a result in results/ is, its figures derived again from its outputs.
      result = assertPublishable(readResultFile(resultFile), resultFile);
    }
  }
  if (problems.length > 0) throw new Error(`${file} is not a valid study:\n  ${problems.join('\n  ')}`);
  return {...study, result};
}
