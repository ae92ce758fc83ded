// An instructions run's profiles, kept beside its result: read only from the result's own folder, never through
// a link, and refused when their totals are not their cells' (issue 67's probes 5 and 6).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {profileProblems, readRunProfiles} from './run-profiles.mjs';
import {copyKeptFile} from '../results/kept-files.mjs';

const FIXTURE = new URL('../../test/fixtures/instructions/', import.meta.url).pathname;
const NAME = readdirSync(FIXTURE).find((f) => f.endsWith('.json'));
const FOLDER = NAME.replace(/\.json$/, '.cachegrind');

/** The fixture run copied into a results folder of its own: {dir, file, result}. */
function copied(t) {
  const root = mkdtempSync(path.join(tmpdir(), 'kept-files-'));
  t.after(() => rmSync(root, {recursive: true, force: true}));
  const dir = path.join(root, 'results');
  mkdirSync(dir);
  cpSync(FIXTURE, dir, {recursive: true});
  const file = path.join(dir, NAME);
  return {root, dir, file, result: JSON.parse(readFileSync(file, 'utf8'))};
}

const FIX = 'restore them as the runner wrote them (from git), or run the suite again.';

test('the files as the runner wrote them: no problem, and every profile read', (t) => {
  const {file, result} = copied(t);
  assert.deepEqual(profileProblems(file, result, {name: NAME}), []);
  assert.equal(readRunProfiles(file, result).size, result.profiles.length);
});

test("the probe's profile, a link to a file of the machine, is refused and never read or copied", (t) => {
  const {root, dir, file, result} = copied(t);
  const secret = path.join(root, 'shadow');
  writeFileSync(secret, 'root:$6$secret\n');
  const long = path.join(dir, result.profiles[0].files.long);
  rmSync(long);
  symlinkSync(secret, long);
  assert.deepEqual(profileProblems(file, result, {name: NAME}), [
    `${NAME}: "${result.profiles[0].files.long}" passes through a link (${path.basename(long)}), which could lead ` +
      `anywhere. A result names files in its own folder (the runner's <run id>.cachegrind/…): ${FIX}`,
  ]);
  assert.throws(() => readRunProfiles(file, result), /passes through a link/);
  const to = path.join(root, 'published.out');
  assert.throws(() => copyKeptFile(file, result.profiles[0].files.long, to), /passes through a link/);
  assert.throws(() => readFileSync(to), /ENOENT/, 'nothing was copied');
});

test('a folder that is a link, a path that climbs out, an absolute one, a missing one: each refused by name', (t) => {
  const {root, dir, file, result} = copied(t);
  // The profiles' folder replaced by a link to a folder outside results/.
  const outside = path.join(root, 'elsewhere');
  cpSync(path.join(dir, FOLDER), outside, {recursive: true});
  rmSync(path.join(dir, FOLDER), {recursive: true});
  symlinkSync(outside, path.join(dir, FOLDER));
  const viaLink = profileProblems(file, result, {name: NAME});
  assert.equal(viaLink.length, result.profiles.length);
  assert.match(viaLink[0], new RegExp(`passes through a link \\(${FOLDER.replace(/\./g, '\\.')}\\)`));
  const named = (rel) => {
    const edited = structuredClone(result);
    edited.profiles[0].files.short = rel;
    return profileProblems(file, edited, {name: NAME})[0];
  };
  assert.match(named(`../${FOLDER}/x.out`), /"\.\.\/.*" leaves the result's folder/);
  assert.match(named('/etc/passwd'), /"\/etc\/passwd" leaves the result's folder/);
  rmSync(path.join(dir, FOLDER));
  assert.match(named(`${FOLDER}/pg17.s.tpcb.c1.short.out`), /is missing\. A result names files in its own folder/);
});

test("a profile whose functions add up to 50,000,012 a transaction beside its cells' count is refused", (t) => {
  const {dir, file, result} = copied(t);
  const entry = result.profiles[0];
  const long = path.join(dir, entry.files.long);
  // One function given 50,000,012 more instructions per transaction of the longer runs, the file's summary
  // made to agree: a Cachegrind file that reads, with a total no cell counted.
  const added = (entry.transactionsPerClient.long - entry.transactionsPerClient.short) * entry.clients;
  const more = 50_000_012 * added * entry.cells.length;
  const text = readFileSync(long, 'utf8');
  const summary = Number(/^summary: (\d+)$/m.exec(text)[1]);
  const [firstCount] = /^0 \d+$/m.exec(text);
  const forged = text
    .replace(firstCount, `0 ${Number(firstCount.slice(2)) + more}`)
    .replace(/^summary: \d+$/m, `summary: ${summary + more}`);
  writeFileSync(long, forged);
  const cells = entry.cells.map((id) => result.cells.find((c) => c.id === id).instructions.perTransaction);
  const mean = cells.reduce((a, b) => a + b, 0) / cells.length;
  const [problem] = profileProblems(file, result, {name: NAME});
  const shown = (n) => n.toLocaleString('en', {maximumFractionDigits: 3});
  assert.equal(
    problem,
    `${NAME}: profiles[0] (${entry.target} ${entry.scenario}/${entry.workload}/c${entry.clients}): its functions ` +
      `add up to ${shown(mean + 50_000_012)} instructions per transaction, its ${cells.length} cells to ` +
      `${shown(mean)} (their mean): a profile is its cells' counts, added up, so they agree to the last digit. ` +
      'Restore the files as the runner wrote them (from git), or run the suite again with --measure instructions.',
  );
});

test('a profile that is a hard link to a file elsewhere is refused too: git never makes one', (t) => {
  const {root, dir, file, result} = copied(t);
  const elsewhere = path.join(root, 'elsewhere.out');
  const long = path.join(dir, result.profiles[0].files.long);
  cpSync(long, elsewhere);
  rmSync(long);
  linkSync(elsewhere, long);
  assert.match(profileProblems(file, result, {name: NAME})[0], /is a hard link to a file that has another name/);
});
