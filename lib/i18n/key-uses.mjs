// Where the site's code uses each message: every key is written out whole,
// in quotes (run-time choices through lib/i18n/message-keys.mjs), so a plain
// scan of the sources finds each use, and a key assembled from parts is a
// mistake this scan reports.
import fs, {existsSync} from 'node:fs';
import path from 'node:path';
import {listFiles} from '../list-files.mjs';

/** The folders whose code shows messages; tests are not uses. */
const SOURCE_DIRS = ['src', 'lib', 'scripts', 'docs'];
const TEST_FILE = /\.test\.m?jsx?$/;

/** Every source file under the site's code folders, relative to `siteDir`, in a stable order. */
const sourceFiles = (siteDir) =>
  SOURCE_DIRS.filter((dir) => existsSync(path.join(siteDir, dir)))
    .flatMap((dir) => listFiles(path.join(siteDir, dir), ['.mjs', '.js', '.jsx', '.mdx']))
    .filter((file) => !TEST_FILE.test(file))
    .map((file) => path.relative(siteDir, file))
    .sort();

const QUOTED = /(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;

/**
 * The places each of `keys` is written in the sources.
 * @returns {Map<string, {file: string, line: number}[]>}  every key, with [] where it is never used
 */
export function keyUses(siteDir, keys) {
  const uses = new Map([...keys].map((k) => [k, []]));
  for (const file of sourceFiles(siteDir)) {
    const lines = fs.readFileSync(path.join(siteDir, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      for (const [, , key] of text.matchAll(QUOTED)) uses.get(key)?.push({file, line: i + 1});
    });
  }
  return uses;
}

/** A message asked for by t, or by Msg's id, with a template string that has parts. */
const TEMPLATE_ID = /\bt\(\s*`[^`]*\$\{|<Msg\b[^>]*\bid=\{\s*`[^`]*\$\{/;

/**
 * Template strings that build a message key from parts (`group.${id}.title`
 * for the catalog's top-level `groups`, or any template given to t or Msg):
 * each is a key no search finds.
 * @returns {{file: string, line: number, text: string}[]}
 */
export function assembledKeys(siteDir, groups) {
  const grouped = new RegExp(`\`(?:${groups.join('|')})\\.[\\w.-]*\\$\\{`);
  const assembled = (text) => grouped.test(text) || TEMPLATE_ID.test(text);
  const found = [];
  for (const file of sourceFiles(siteDir)) {
    const lines = fs.readFileSync(path.join(siteDir, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      if (assembled(text)) found.push({file, line: i + 1, text: text.trim()});
    });
  }
  return found;
}
