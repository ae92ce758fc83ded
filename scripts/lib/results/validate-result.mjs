// Checks a result against schemas/result.schema.json, with messages that name
// the file, the JSON path and what to do about it.
import {readFileSync} from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const SCHEMA_FILE = new URL('../../../schemas/result.schema.json', import.meta.url);
export const SCHEMA_VERSION = 1;

// strictTypes off: shared definitions leave "type" to each place that uses them (object, or object or null).
const ajv = new Ajv2020({allErrors: true, verbose: true, strict: true, strictTypes: false, allowUnionTypes: true});
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')));

/** "/cells/3/summary/tps" → "cells[3].summary.tps" */
function readablePath(pointer) {
  if (pointer === '') return '(top level)';
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '');
}

const show = (value) => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 60 ? `${text.slice(0, 57)}...` : text;
};

function explain(error) {
  const {keyword, params, data} = error;
  switch (keyword) {
    case 'required':
      return `"${params.missingProperty}" is missing: add it (schemas/result.md says what it holds)`;
    case 'additionalProperties':
      return `"${params.additionalProperty}" is not a field here: remove it, or correct its spelling (schemas/result.md lists the fields)`;
    case 'type': {
      const hint = typeof data === 'string' && /^[\d.,\s]+[kKmM万만億억]?$/.test(data.trim())
        ? `; write numbers as JSON numbers in base units (84800, not "84.8K")`
        : '';
      return `must be ${[params.type].flat().join(' or ')}, not ${show(data)}${hint}`;
    }
    case 'enum':
      return `must be one of ${error.schema.map(show).join(', ')}, not ${show(data)}`;
    case 'const':
      return error.instancePath === '/schemaVersion'
        ? `this file follows result schema version ${show(data)}, and this tool reads version ${SCHEMA_VERSION}: regenerate the file with this tool, or migrate it`
        : `must be ${show(params.allowedValue)}, not ${show(data)}`;
    case 'format':
      return `must be a ${params.format} (e.g. "2026-11-22T10:00:00Z"), not ${show(data)}`;
    case 'pattern':
      return `${show(data)} does not match ${params.pattern}`;
    case 'minimum':
      return `must be at least ${params.limit}, not ${show(data)}`;
    default:
      return error.message;
  }
}

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
    .map((e) => `${file}: ${readablePath(e.instancePath)}: ${explain(e)}`)
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
