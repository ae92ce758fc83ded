import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {applyEdits, EDITS, installedFile} from './index.mjs';

test('each edit applies exactly once to the installed Docusaurus module', () => {
  for (const {module, edits} of EDITS) {
    const file = installedFile(module);
    const edited = applyEdits(readFileSync(file, 'utf8'), edits, file);
    for (const {to} of edits) assert.ok(edited.includes(to), `${module}: ${to}`);
  }
});

test('the installed modules get their updates in a transition, and the sort compares names as code units', () => {
  const read = (module) => {
    const {edits} = EDITS.find((e) => e.module === module);
    const file = installedFile(module);
    return applyEdits(readFileSync(file, 'utf8'), edits, file);
  };
  assert.match(
    read('@docusaurus/core/lib/client/browserContext.js'),
    /startTransition\(\(\) => setIsBrowser\(true\)\)/,
  );
  const windowSize = read('@docusaurus/theme-common/lib/hooks/useWindowSize.js');
  assert.match(windowSize, /startTransition\(updateWindowSize\);/);
  assert.match(windowSize, /addEventListener\('resize', updateWindowSize\)/, 'a resize stays urgent');
  assert.doesNotMatch(read('@docusaurus/theme-common/lib/utils/reactUtils.js'), /localeCompare/);
  assert.match(
    read('@docusaurus/plugin-content-docs/lib/client/docsPreferredVersion.js'),
    /startTransition\(\(\) => setState\(readStorageState\(/,
  );
});

test('an edit whose text is missing, or there twice, fails naming the file and what to do', () => {
  assert.throws(
    () => applyEdits('const a = 1;', [{from: 'setIsBrowser(true);', to: 'x'}], '/x/browserContext.js'),
    (error) =>
      error.message.startsWith('/x/browserContext.js: expected "setIsBrowser(true);" once, found it 0 time(s).') &&
      error.message.endsWith('update or remove the edit in src/plugins/gentle-first-render/index.mjs.'),
  );
  assert.throws(
    () => applyEdits('f(); f();', [{from: 'f();', to: 'g();'}], 'y.js'),
    /y\.js: expected "f\(\);" once, found it 2 time/,
  );
  assert.equal(
    applyEdits('f(); h();', [{from: 'f();', to: 'g($&);'}], 'y.js'),
    'g($&); h();',
    'the replacement is literal',
  );
});
