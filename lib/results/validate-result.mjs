// Checks a result against schemas/result.schema.json, with messages that name
// the file, the JSON path and what to do about it.
import validate from '../validation/compiled/result.mjs';
import {createChecker, readJsonFile} from '../validation/schema-checker.mjs';

export const SCHEMA_VERSION = 1;

const checker = createChecker({
  validate,
  doc: 'schemas/result.md',
  schemaVersion: SCHEMA_VERSION,
});

/**
 * @param {unknown} data  a parsed result
 * @param {string} [file]  where it came from, for the messages
 * @returns {string[]}  one message per problem; empty when valid
 */
export const resultProblems = (data, file = 'result') => [
  ...checker.problems(data, file),
  ...duplicateCells(data, file),
];

/**
 * Cells with the same id: a schema cannot say that ids are unique, and a copy
 * would count as one more repeat and move a median.
 */
function duplicateCells(data, file) {
  if (!Array.isArray(data?.cells)) return [];
  const first = new Map();
  const problems = [];
  data.cells.forEach((cell, i) => {
    if (typeof cell?.id !== 'string') return;
    if (!first.has(cell.id)) first.set(cell.id, i);
    else {
      problems.push(
        `${file}: cells[${i}].id: "${cell.id}" is the id of cells[${first.get(cell.id)}] too; ` +
          'each repeat of a cell has an id of its own (…/r2): remove the copy, or give it the id of its repeat',
      );
    }
  });
  return problems;
}

/** Throws one error listing every problem, or returns the data. */
export function assertValidResult(data, file = 'result') {
  const problems = resultProblems(data, file);
  if (problems.length > 0) {
    const error = new Error(`${file} is not a valid result:\n  ${problems.join('\n  ')}`);
    error.problems = problems;
    throw error;
  }
  return data;
}

/** Reads a result file: JSON syntax errors name the line and column. */
export const readResultFile = readJsonFile;
