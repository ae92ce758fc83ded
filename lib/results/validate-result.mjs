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
  ...cellProblems(data, file),
];

/**
 * What a schema cannot say of a cell: an ok cell has its figures (a page or a
 * comparison would show an empty one as a measurement), its target is one the
 * environment lists, and its counts add up.
 */
// A value of another type, or a negative one, is the schema's to name.
const absentOrZero = (value) => value === undefined || value === null || value === 0;

function cellProblems(data, file) {
  if (!Array.isArray(data?.cells) || !Array.isArray(data?.environment?.targets)) return [];
  const targets = new Set(data.environment.targets.map((t) => t?.id));
  const instructions = data.run?.design?.measure === 'instructions';
  const problems = [];
  data.cells.forEach((cell, i) => {
    if (!cell || typeof cell !== 'object') return;
    const at = `${file}: cells[${i}]`;
    if (typeof cell.target === 'string' && !targets.has(cell.target)) {
      problems.push(
        `${at}.target: "${cell.target}" is not among environment.targets (${[...targets].join(', ')}): ` +
          'add the target there, or correct the cell',
      );
    }
    const s = cell.summary;
    if (cell.status === 'ok' && s && typeof s === 'object') {
      const missing = instructions
        ? typeof cell.instructions?.perTransaction !== 'number' && 'instructions.perTransaction'
        : absentOrZero(s.processed)
          ? 'summary.processed above 0'
          : absentOrZero(s.tps) && 'summary.tps above 0';
      if (missing) {
        problems.push(`${at}: an ok cell has ${missing}: record the cell as failed, with the reason in its error`);
      }
    }
    // In pgbench 18 a script's "N transactions" counts its failed and skipped ones too (15–17: its processed).
    for (const [j, script] of (Array.isArray(s?.scripts) ? s.scripts : []).entries()) {
      const {transactions, processed = 0, failed = 0, skipped = 0} = script ?? {};
      if (typeof transactions !== 'number' || transactions === processed) continue;
      if (processed + failed + skipped > transactions) {
        problems.push(
          `${at}.summary.scripts[${j}]: ${processed} processed + ${failed} failed + ${skipped} skipped is more ` +
            `than its ${transactions} transactions: the output was altered; import it as pgbench wrote it`,
        );
      }
    }
  });
  return problems;
}

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
