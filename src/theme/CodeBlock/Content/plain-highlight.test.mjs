import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import test from 'node:test';
import {createElement as h} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import PlainHighlight from './plain-highlight.js';

const {Highlight, themes} = createRequire(import.meta.url)('prism-react-renderer');

// What the theme's CodeBlock/Content does with Highlight's render props, in short.
const draw = ({className, style, tokens, getLineProps, getTokenProps}) =>
  h(
    'pre',
    {className, style},
    tokens.map((line, i) =>
      h(
        'div',
        {key: i, ...getLineProps({line, className: i === 1 ? 'highlighted' : undefined})},
        line.map((token, k) => h('span', {key: k, ...getTokenProps({token})})),
      ),
    ),
  );

const code = '# the run\npgbench -c 16 -j 4 -T 300 bench\n\n\r\nnpm run build\n';

test('code without a grammar renders exactly as prism-react-renderer renders it', () => {
  for (const theme of [themes.github, themes.dracula]) {
    for (const language of ['bash', 'text', 'Console']) {
      const props = {code, language, theme};
      assert.equal(
        renderToStaticMarkup(h(PlainHighlight, props, draw)),
        renderToStaticMarkup(h(Highlight, props, draw)),
      );
    }
  }
});
