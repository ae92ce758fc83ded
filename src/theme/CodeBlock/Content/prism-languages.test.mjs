import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import test from 'node:test';
import {PRISM_LANGUAGES} from './prism-languages.js';

const {Prism} = createRequire(import.meta.url)('prism-react-renderer');

test('the written-out languages are the ones the installed Prism has a grammar for', () => {
  const grammars = Object.keys(Prism.languages).filter((name) => typeof Prism.languages[name] === 'object');
  // An empty grammar leaves code one plain token: the plain renderer draws it the same.
  const plainText = grammars.filter((name) => Object.keys(Prism.languages[name]).length === 0);
  assert.deepEqual(plainText.sort(), ['plain', 'plaintext', 'text', 'txt']);
  assert.deepEqual(
    [...PRISM_LANGUAGES].sort(),
    grammars.filter((name) => !plainText.includes(name)).sort(),
    'prism-react-renderer changed its languages: update prism-languages.js',
  );
});
