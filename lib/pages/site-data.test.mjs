import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {buildPages, latestRun, loadSiteData} from './site-data.mjs';
import {plannerRun, quickRun, versionsRun} from '../../test/helpers/fixtures.mjs';

test('a page uses the newest finished run of its suite', () => {
  const older = versionsRun();
  const newer = versionsRun();
  newer.run.startedAt = '2027-01-01T00:00:00.000Z';
  const unfinished = versionsRun();
  unfinished.run.startedAt = '2028-01-01T00:00:00.000Z';
  unfinished.run.finishedAt = null;
  assert.equal(latestRun([older, plannerRun(), unfinished, newer], 'pg-versions'), newer);
});

test('without a run of its suite, the build stops and says how to make one', () => {
  assert.throws(
    () => latestRun([plannerRun()], 'pg-versions'),
    /results\/ has no finished "pg-versions" run.*npm run bench -- run pg-versions/,
  );
});

test('the quick-run page shows the newest quick run, and builds without one', () => {
  const siteDir = new URL('../../', import.meta.url).pathname;
  const messages = JSON.parse(readFileSync(`${siteDir}i18n/ko/benchmarks.json`, 'utf8'));
  const content = {...loadSiteData(siteDir), results: [versionsRun(), plannerRun(), quickRun()]};
  const pages = buildPages(content, 'ko', messages);
  assert.equal(pages['quick-run'].run.id, quickRun().run.id);
  assert.deepEqual(Object.keys(pages['quick-run'].messages), ['common', 'quick', 'site']);
  assert.deepEqual(Object.keys(pages.translating.messages), ['translate', 'common', 'site']);
  const without = buildPages({...content, results: [versionsRun(), plannerRun()]}, 'ko', messages);
  assert.equal(without['quick-run'].run, null);
  assert.equal(without.runs.runs.length, 2);
});
