// Property: whatever JSON or text a file holds, the pgbench importer either
// refuses it or it was pgbench's output: no input that is neither becomes a
// result (issue 29: "{}", null, package.json and empty files once imported).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {NOTHING_RECOGNIZED, parseOutput} from '../pgbench/parse-output.mjs';
import {importOutputs} from './import-outputs.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'import-prop-'));
const OUTPUT = readFileSync(new URL('../../test/fixtures/pgbench/17/run_T_progress/stdout', import.meta.url), 'utf8');
let n = 0;

/** Imports one file holding `content`: the result, or null when refused. */
async function importText(content, name = 'pg17__tpcb.txt') {
  const file = path.join(dir, `${n++}-${name}`);
  writeFileSync(file, content);
  try {
    return await importOutputs([file]);
  } catch (error) {
    assert.ok(error instanceof Error && error.message.length > 0, 'a refusal says why');
    return null;
  }
}

/** Every cell of an imported result read pgbench's output, and one at least measured. */
function assertRecognised(result, content) {
  for (const cell of result.cells) {
    assert.ok(!cell.summary.errors.some((e) => e.message === NOTHING_RECOGNIZED), `imported: ${content.slice(0, 80)}`);
  }
  assert.ok(result.cells.some((c) => c.status === 'ok'));
}

test('arbitrary JSON is never imported as pgbench output', async () => {
  await fc.assert(
    fc.asyncProperty(fc.jsonValue(), async (value) => {
      const content = JSON.stringify(value);
      const result = await importText(content, 'x.json');
      assert.equal(result, null, `imported: ${content.slice(0, 80)}`);
    }),
    {numRuns: 150},
  );
});

test('arbitrary text is imported only when it is a run pgbench printed', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({unit: 'binary', maxLength: 400}), async (text) => {
      const result = await importText(text);
      if (result) assertRecognised(result, text);
    }),
    {numRuns: 150},
  );
});

test("pgbench's lines cut, shuffled and mixed with others: imported only with a run that measured", async () => {
  const lines = OUTPUT.split('\n');
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.oneof(fc.constantFrom(...lines), fc.string({maxLength: 40})), {maxLength: 30}),
      async (picked) => {
        const text = picked.join('\n');
        const result = await importText(text);
        if (!result) return;
        assertRecognised(result, text);
        const summary = parseOutput(text);
        assert.ok(summary.processed > 0 && summary.tps > 0, 'an ok cell has its figures');
      },
    ),
    {numRuns: 150},
  );
});
