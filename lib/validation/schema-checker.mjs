// Checks data against one of the project's JSON Schemas (compiled ahead of
// time: compile-schemas.mjs), with messages that name the file, the JSON path
// and what to do (see schema-messages.mjs).
import {readTextFile} from '../read-text.mjs';
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

/** Deeper than any file of ours nests (a result is about 8 levels): past it, recursive readers overflow the stack. */
const MAX_JSON_DEPTH = 64;

// Strings (skipped), brackets (counted) and integers of 16 or more digits (checked) outside strings.
const TOKENS = /"(?:[^"\\]|\\.)*"|[[{]|[\]}]|(?<![.\deE+])-?\d{16,}(?![.\deE])/g;

/** Where a JSON text nests too deep, or holds an integer a double cannot keep exactly: a message, or null. */
function unreadable(text) {
  let depth = 0;
  for (const m of text.matchAll(TOKENS)) {
    const token = m[0];
    if (token === '[' || token === '{') {
      if (++depth > MAX_JSON_DEPTH) return [m.index, `nests deeper than ${MAX_JSON_DEPTH} levels`];
    } else if (token === ']' || token === '}') depth--;
    else if (token[0] !== '"' && !Number.isSafeInteger(Number(token))) {
      const number = token.length > 24 ? `a ${token.length}-digit number` : token;
      return [m.index, `${number} is beyond 2^53 and would be read as another number`];
    }
  }
  return null;
}

/** "file:line:column" of a position in text. */
function at(file, text, index) {
  const before = text.slice(0, index).split('\n');
  return `${file}:${before.length}:${before.at(-1).length + 1}`;
}

/**
 * Reads a JSON file (UTF-8, a BOM dropped): syntax errors name the line and
 * column, and so do nesting too deep to read and integers beyond 2^53.
 */
export function readJsonFile(file) {
  const text = readTextFile(file);
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const index = Number(/position (\d+)/.exec(error.message)?.[1]);
    if (!Number.isFinite(index)) throw new Error(`${file}: not valid JSON: ${error.message}`);
    throw new Error(
      `${at(file, text, index)}: not valid JSON: ${error.message.replace(/ in JSON at position \d+.*$/, '')}`,
    );
  }
  const problem = unreadable(text);
  if (problem) throw new Error(`${at(file, text, problem[0])}: ${problem[1]}: correct the file.`);
  return data;
}
