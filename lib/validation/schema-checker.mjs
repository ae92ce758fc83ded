// Checks data against one of the project's JSON Schemas (compiled ahead of
// time: compile-schemas.mjs), with messages that name the file, the JSON path
// and what to do (see schema-messages.mjs).
import {readFileSync} from 'node:fs';
import {explainSchemaError, readablePath} from './schema-messages.mjs';

/**
 * @param {object} options
 * @param {Function} options.validate  the schema's compiled validator (lib/validation/compiled/)
 * @param {string} options.doc  the page explaining its fields (for messages)
 * @param {number} options.schemaVersion  the version this tool reads
 */
export function createChecker({validate, doc, schemaVersion}) {
  /** One message per problem; empty when valid. */
  function problems(data, file) {
    if (validate(data)) return [];
    // "must match the then schema" only repeats what the errors inside it say.
    const seen = new Set();
    return validate.errors
      .filter((e) => e.keyword !== 'if')
      .map((e) => `${file}: ${readablePath(e.instancePath)}: ${explainSchemaError(e, {doc, schemaVersion})}`)
      .filter((m) => !seen.has(m) && seen.add(m));
  }

  /** Throws one error listing every problem, or returns the data. */
  function assertValid(data, file, what = 'file') {
    const list = problems(data, file);
    if (list.length > 0) {
      const error = new Error(`${file} is not a valid ${what}:\n  ${list.join('\n  ')}`);
      error.problems = list;
      throw error;
    }
    return data;
  }

  return {problems, assertValid};
}

/** Reads a JSON file: syntax errors name the line and column. */
export function readJsonFile(file) {
  const text = readFileSync(file, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    const at = Number(/position (\d+)/.exec(error.message)?.[1]);
    if (!Number.isFinite(at)) throw new Error(`${file}: not valid JSON: ${error.message}`);
    const before = text.slice(0, at).split('\n');
    throw new Error(
      `${file}:${before.length}:${before.at(-1).length + 1}: not valid JSON: ` +
        `${error.message.replace(/ in JSON at position \d+.*$/, '')}`,
    );
  }
}
