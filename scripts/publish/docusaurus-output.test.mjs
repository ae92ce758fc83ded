import assert from 'node:assert/strict';
import {Readable} from 'node:stream';
import {test} from 'node:test';
import {passDocusaurusOutput, serveCommand} from './docusaurus-output.mjs';

test("Docusaurus's output passes through, but for its hint on serving, coloured or not", async () => {
  const written = [];
  const output = Readable.from([
    '[INFO] Website will be built for all these locales:\n- en\n',
    '[SUCCESS] Generated static files in "build".\n\u001b[36m[INFO]\u001b[39m Use \u001b[36m`npm run serve`',
    '\u001b[39m command to test your build locally.\n[INFO] Use `npm run serve` command to test your build locally.\n',
    'last line without a newline',
  ]);
  await passDocusaurusOutput(output, (line) => written.push(line));
  assert.deepEqual(written, [
    '[INFO] Website will be built for all these locales:',
    '- en',
    '[SUCCESS] Generated static files in "build".',
    'last line without a newline',
  ]);
});

test('the command that serves a build names its locale where the build is a preview', () => {
  assert.equal(serveCommand('build'), 'npm run serve');
  assert.equal(serveCommand('.preview/ja'), 'npm run serve -- --locale ja');
  assert.equal(serveCommand('/tmp/site'), 'npx docusaurus serve --dir /tmp/site');
});
