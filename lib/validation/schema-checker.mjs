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

const QUOTE = 34;
const BACKSLASH = 92;
const OPENING = new Set([91, 123]); // [ {
const CLOSING = new Set([93, 125]); // ] }
// What a JSON number is written with: - + . digits e E.
const isNumberChar = (c) => c === 45 || c === 43 || c === 46 || (c >= 48 && c <= 57) || c === 101 || c === 69;

/**
 * Where a JSON text nests too deep, or holds an integer a double cannot keep exactly: [index, message], or null.
 * One pass, character by character: strings skipped, brackets counted, each number read whole. (A regular
 * expression for strings recursed once per character and overflowed the stack on a string of 8 MB.)
 */
function unreadable(text) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (OPENING.has(c)) {
      if (++depth > MAX_JSON_DEPTH) return [i, `nests deeper than ${MAX_JSON_DEPTH} levels`];
    } else if (CLOSING.has(c)) depth--;
    else if (isNumberChar(c)) {
      let end = i;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
      const token = text.slice(i, end);
      if (/^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
        const number = token.length > 24 ? `a ${token.length}-digit number` : token;
        return [i, `${number} is beyond 2^53 and would be read as another number`];
      }
      i = end - 1;
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
