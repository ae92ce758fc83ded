// Checks a result against schemas/result.schema.json, with messages that name
// the file, the JSON path and what to do about it.
import {readFileSync} from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {explainSchemaError, readablePath} from '../schema-messages.mjs';

const SCHEMA_FILE = new URL('../../../schemas/result.schema.json', import.meta.url);
export const SCHEMA_VERSION = 1;

// strictTypes off: shared definitions leave "type" to each place that uses them (object, or object or null).
const ajv = new Ajv2020({allErrors: true, verbose: true, strict: true, strictTypes: false, allowUnionTypes: true});
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));

/**
 * @param {unknown} data  a parsed result
 * @param {string} [file]  where it came from, for the messages
 * @returns {string[]}  one message per problem; empty when valid
 */
export function resultProblems(data, file = 'result') {
  if (validate(data)) return [];
  // "must match the then schema" only repeats what the errors inside it say.
  const errors = validate.errors.filter((e) => e.keyword !== 'if');
  const seen = new Set();
  return errors
    .map((e) => `${file}: ${readablePath(e.instancePath)}: ${explainSchemaError(e, {schemaVersion: SCHEMA_VERSION, doc: 'schemas/result.md'})}`)
    .filter((m) => !seen.has(m) && seen.add(m));
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
export function readResultFile(file) {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = Number(/position (\d+)/.exec(error.message)?.[1]);
    if (!Number.isFinite(at)) throw new Error(`${file}: not valid JSON: ${error.message}`);
    const before = text.slice(0, at).split('\n');
    throw new Error(`${file}:${before.length}:${before.at(-1).length + 1}: not valid JSON: ${error.message.replace(/ in JSON at position \d+.*$/, '')}`);
  }
}
