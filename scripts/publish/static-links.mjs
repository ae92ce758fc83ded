// Files copied into the site as they are (static/) must be static/'s own: a
// link in static/ to anything outside it (/etc/passwd, /proc/self/environ, the
// project's .git or .env) would publish what it leads to, and so would static/
// itself as a link. The build refuses them, naming each.
import {lstatSync, readdirSync, realpathSync} from 'node:fs';
import path from 'node:path';

/** Where a link leads, or null when it leads nowhere. */
function targetOf(entry) {
  try {
    return realpathSync(entry);
  } catch {
    return null;
  }
}

/**
 * The links under `dir` (and `dir` itself) that lead outside `dir`, or
 * nowhere, as {link, target} with `link` relative to `root`. Folders are
 * walked without following links.
 * @returns {{link: string, target: string|null}[]}
 */
export function linksOutside(dir, root) {
  if (!lstatSync(dir, {throwIfNoEntry: false})) return [];
  if (lstatSync(dir).isSymbolicLink()) return [{link: path.relative(root, dir), target: targetOf(dir)}];
  const home = realpathSync(dir);
  const found = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const entry = path.join(folder, name);
      const stat = lstatSync(entry);
      if (stat.isSymbolicLink()) {
        const target = targetOf(entry);
        if (target === null || !target.startsWith(home + path.sep))
          found.push({link: path.relative(root, entry), target});
      } else if (stat.isDirectory()) walk(entry);
    }
  };
  walk(dir);
  return found;
}
