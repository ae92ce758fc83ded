import {test} from 'node:test';
import assert from 'node:assert/strict';
import {themes} from 'prism-react-renderer';
import {codeThemes} from './code-themes.mjs';

// WCAG 2.1's contrast ratio (relative luminance of sRGB), written out here.
const rgb = (c) =>
  c.startsWith('#') ? [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)) : c.match(/\d+/g).map(Number);
const luminance = (c) => {
  const [r, g, b] = rgb(c).map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

test('every token colour of both code themes reads at 4.5:1 or more on its background', () => {
  const {theme, darkTheme} = codeThemes(themes);
  for (const t of [theme, darkTheme]) {
    const low = t.styles
      .filter((s) => s.style.color)
      .map((s) => [s.types.join('/'), contrast(s.style.color, t.plain.backgroundColor)])
      .filter(([, ratio]) => ratio < 4.5);
    assert.deepEqual(low, [], t.plain.backgroundColor);
  }
  // The ratio as published for black on white, and the GitHub theme's string colour as it was (4.32:1).
  assert.equal(contrast('#000000', '#ffffff'), 21);
  assert.equal(contrast('#e3116c', '#f6f8fa').toFixed(2), '4.32');
});

test('only the colours below the threshold change: the rest of each theme is Prism’s own', () => {
  const {theme, darkTheme} = codeThemes(themes);
  assert.deepEqual(theme.plain, themes.github.plain);
  assert.deepEqual(darkTheme.plain, themes.dracula.plain);
  const changed = (mine, theirs) => mine.styles.filter((s, i) => s.style.color !== theirs.styles[i].style.color).length;
  assert.equal(changed(theme, themes.github), 5);
  assert.equal(changed(darkTheme, themes.dracula), 1);
});
