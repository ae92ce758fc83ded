import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {mountTinyDisk} from '../../test/helpers/tiny-disk.mjs';
import {writeResult} from './write-result.mjs';

const SAMPLE = JSON.parse(
  readFileSync(new URL('../../test/fixtures/results/sample-import.json', import.meta.url), 'utf8'),
);

/** A folder on a real 64 KiB file system, unmounted and removed after the test; null without mount rights. */
function tinyDisk(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'tiny-disk-'));
  const unmount = mountTinyDisk(dir);
  t.after(() => {
    unmount?.();
    rmSync(dir, {recursive: true, force: true});
  });
  return unmount ? dir : null;
}

test('a full disk: the error names the file and the fix, the old file stays whole, no temporary file is left', (t) => {
  const dir = tinyDisk(t);
  if (!dir) return t.skip('mounting a tmpfs needs root');
  const file = path.join(dir, 'results', 'run.json');
  mkdirSync(path.dirname(file));
  writeResult(file, SAMPLE);
  const before = readFileSync(file, 'utf8');
  const big = structuredClone(SAMPLE);
  big.cells[0].raw = {output: 'x'.repeat(200_000)};
  assert.throws(
    () => writeResult(file, big),
    (error) => {
      assert.equal(
        error.message,
        `${file}: could not be written (ENOSPC): the disk is full: free space and run the command again. The file ` +
          `as it was before is unchanged.`,
      );
      return true;
    },
  );
  assert.equal(readFileSync(file, 'utf8'), before);
  assert.deepEqual(readdirSync(path.dirname(file)), ['run.json']);
});
