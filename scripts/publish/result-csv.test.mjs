import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {CSV_COLUMNS, resultCsv} from './result-csv.mjs';

const result = JSON.parse(
  readFileSync(new URL('../../test/fixtures/results/pg-versions-20261122T110343Z.json', import.meta.url), 'utf8'),
);

/** A small RFC 4180 reader, to read back what resultCsv wrote. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  return rows;
}

test('one line per repeat, every column, figures as measured', () => {
  const rows = parseCsv(resultCsv(result));
  assert.deepEqual(
    rows[0],
    CSV_COLUMNS.map(([name]) => name),
  );
  assert.equal(rows.length, result.cells.length + 1);
  const header = rows[0];
  const first = Object.fromEntries(header.map((h, i) => [h, rows[1][i]]));
  const cell = result.cells[0];
  assert.equal(first.cell, cell.id);
  assert.equal(first.server_version, '15.18');
  assert.equal(Number(first.tps), cell.summary.tps);
  assert.equal(Number(first.latency_p99_ms), cell.log.latencyUs.p99 / 1000);
  assert.equal(first.command, cell.command);
});

test('fields with commas, quotes or line breaks are quoted and read back whole', () => {
  const odd = structuredClone(result);
  odd.cells = [odd.cells[0]];
  odd.cells[0].command = `PGOPTIONS='-c a=1' pgbench -f "x, y.sql"`;
  odd.cells[0].status = 'failed';
  odd.cells[0].error = {kind: 'other', message: 'line one\nline "two"'};
  const [, row] = parseCsv(resultCsv(odd));
  const get = (name) => row[CSV_COLUMNS.findIndex(([n]) => n === name)];
  assert.equal(get('command'), odd.cells[0].command);
  assert.equal(get('error'), 'line one\nline "two"');
});
