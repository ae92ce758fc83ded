// The build, run as a user runs it (`node scripts/build.mjs --locale en`) on a
// copy of the project whose results/ are the fixture runs, refuses what it must
// not publish before Docusaurus starts: a figure edited by hand, two files of
// one run, a server setting that holds a secret. Each refusal names the file and
// what is wrong, exits 1, and leaves no build.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {copyFileSync, existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {freshCopy} from '../site/site.mjs';
import {ownTmp} from './own-tmp.mjs';

ownTmp('build-refuses');

const QUICK = 'results/quick-20261122T125226Z.json';

test('the build refuses an edited figure, two files of one run and a secret, before Docusaurus starts', (t) => {
  const dir = freshCopy({fixtures: true});
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  const original = readFileSync(path.join(dir, QUICK), 'utf8');
  const build = () =>
    spawnSync(process.execPath, ['scripts/build.mjs', '--locale', 'en'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
    });
  const refused = (what, expected) => {
    const {status, stdout, stderr} = build();
    assert.equal(status, 1, `${what}: ${stdout}${stderr}`);
    assert.ok(`${stdout}${stderr}`.includes(expected), `${what}: ${stdout}${stderr}`);
    assert.doesNotMatch(stdout, /Emitted \d+ result files|\[INFO\]|Creating an optimized production build/, what);
    assert.equal(existsSync(path.join(dir, 'build')), false, `${what}: no build`);
    writeFileSync(path.join(dir, QUICK), original);
    return `${stdout}${stderr}`;
  };

  // The probe's edit (issue 49): one result's summary.tps multiplied by 10, its raw output untouched.
  const edited = JSON.parse(original);
  edited.cells[0].summary.tps *= 10;
  writeFileSync(path.join(dir, QUICK), JSON.stringify(edited, null, 2));
  refused(
    'summary.tps × 10',
    `${QUICK}: cells[0] (pg17/select-only/small/c1/r1).summary.tps is 53908.95828; derived from its output, it is ` +
      '5390.895828',
  );

  // A second file of the same run: each would be published as data/quick-20261122T125226Z.json.
  copyFileSync(path.join(dir, QUICK), path.join(dir, 'results/quick-copy.json'));
  refused('two files of one run', `results/quick-copy.json: run.id "quick-20261122T125226Z" is the id of ${QUICK} too`);
  rmSync(path.join(dir, 'results/quick-copy.json'));

  // An external server's settings as the probe found them published.
  const secret = JSON.parse(original);
  secret.environment.targets[0].settings.primary_conninfo = 'host=primary user=rep password=Pr1mary!';
  writeFileSync(path.join(dir, QUICK), JSON.stringify(secret, null, 2));
  const output = refused(
    'a secret in the settings',
    `${QUICK}: environment.targets[0].settings.primary_conninfo: holds a secret`,
  );
  assert.doesNotMatch(output, /Pr1mary/, 'the error never shows the secret');
});
