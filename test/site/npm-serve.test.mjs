// `npm run serve` (scripts/start.mjs --no-build) on the site tier's build of
// every language: it lists each language's address, each answers in its
// language, and Ctrl-C stops it.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {localePath, locales} from '../../lib/locales.mjs';
import {refuses, startSite} from '../helpers/npm-start.mjs';
import {root} from './site.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('npm run serve: the build of every language as it is, each at its path; Ctrl-C stops it', async (t) => {
  const serve = startSite(root, ['--no-build']);
  t.after(() => serve.child.kill('SIGKILL'));
  const url = await serve.served;
  // The list of what is served follows the URL.
  for (let i = 0; i < 100 && !serve.output().includes('Press Ctrl-C to stop.'); i++) await sleep(50);
  for (const locale of Object.keys(locales)) {
    assert.match(serve.output(), new RegExp(`${locales[locale].label}\\s+${url}${localePath(locale).slice(1)}`));
    const html = await (await fetch(new URL(localePath(locale), url))).text();
    assert.match(html, new RegExp(`<html lang="?${locales[locale].htmlLang}"?`), locale);
  }
  serve.child.kill('SIGINT');
  assert.deepEqual(await serve.exited, {code: 0, signal: null});
  assert.ok(await refuses(url), `${url} still answers after Ctrl-C`);
});
