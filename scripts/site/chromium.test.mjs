import {test} from 'node:test';
import assert from 'node:assert/strict';
import {chromiumExecutablePath, SYSTEM_CHROMIUM} from './chromium.mjs';

const existing =
  (...paths) =>
  (path) =>
    paths.includes(path);

test('CHROMIUM_PATH wins over the system browser', () => {
  const env = {CHROMIUM_PATH: '/opt/chrome/chrome'};
  assert.equal(chromiumExecutablePath(env, existing('/opt/chrome/chrome', SYSTEM_CHROMIUM)), '/opt/chrome/chrome');
});

test('a CHROMIUM_PATH that does not exist is an error naming it', () => {
  assert.throws(
    () => chromiumExecutablePath({CHROMIUM_PATH: '/nope'}, existing(SYSTEM_CHROMIUM)),
    /CHROMIUM_PATH=\/nope does not exist/,
  );
});

test("Debian's chromium is used when present", () => {
  assert.equal(chromiumExecutablePath({}, existing(SYSTEM_CHROMIUM)), SYSTEM_CHROMIUM);
});

test("without either, Playwright's own browser is asked for", () => {
  assert.equal(chromiumExecutablePath({}, existing()), undefined);
});
