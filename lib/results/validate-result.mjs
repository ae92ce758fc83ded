// Checks a result against schemas/result.schema.json, with messages that name
// the file, the JSON path and what to do about it.
import {createChecker, readJsonFile} from '../validation/schema-checker.mjs';

export const SCHEMA_VERSION = 1;

const checker = createChecker({
  schema: new URL('../../schemas/result.schema.json', import.meta.url),
  doc: 'schemas/result.md',
  schemaVersion: SCHEMA_VERSION,
});

/**
 * @param {unknown} data  a parsed result
 * @param {string} [file]  where it came from, for the messages
 * @returns {string[]}  one message per problem; empty when valid
 */
export const resultProblems = (data, file = 'result') => checker.problems(data, file);

/** Throws one error listing every problem, or returns the data. */
export const assertValidResult = (data, file = 'result') => checker.assertValid(data, file, 'result');

/** Reads a result file: JSON syntax errors name the line and column. */
export const readResultFile = readJsonFile;
