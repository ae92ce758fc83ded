import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {mountTinyDisk} from '../test/helpers/tiny-disk.mjs';
import {writeFilesAtomically} from './write-file-atomically.mjs';

test('several files are written all or none: a full disk at the second leaves the first as it was', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'files-atomically-'));
  const unmount = mountTinyDisk(dir);
  t.after(() => {
    unmount?.();
    rmSync(dir, {recursive: true, force: true});
  });
  if (!unmount) return t.skip('mounting a tmpfs needs root');
  const [a, b] = [path.join(dir, 'a.out'), path.join(dir, 'b.out')];
  writeFilesAtomically([
    [a, 'a1'],
    [b, 'b1'],
  ]);
  assert.throws(
    () =>
      writeFilesAtomically([
        [a, 'a2'],
        [b, 'x'.repeat(200_000)],
      ]),
    /b\.out: could not be written \(ENOSPC\)/,
  );
  assert.deepEqual([readFileSync(a, 'utf8'), readFileSync(b, 'utf8')], ['a1', 'b1']);
  assert.deepEqual(readdirSync(dir).sort(), ['a.out', 'b.out']);
});
