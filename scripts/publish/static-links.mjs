// Files copied into the site as they are (static/) must be the project's own:
// a link in static/ to a file or folder outside the project (/etc/passwd,
// /proc/self/environ) would publish it. The build refuses them, naming each.
import {lstatSync, readdirSync, realpathSync} from 'node:fs';
import path from 'node:path';

/**
 * The links under `dir` that lead outside `root` (or nowhere), as
 * {link, target}; links inside the project are fine. Folders are walked
 * without following links.
 * @returns {{link: string, target: string|null}[]}
 */
export function linksOutside(dir, root) {
  const realRoot = realpathSync(root);
  const found = [];
  const walk = (folder) => {
    for (const name of readdirSync(folder)) {
      const entry = path.join(folder, name);
      const stat = lstatSync(entry);
      if (stat.isSymbolicLink()) {
        let target = null;
        try {
          target = realpathSync(entry);
        } catch {
          // Dangling: it leads nowhere the project has.
        }
        if (target === null || !(target === realRoot || target.startsWith(realRoot + path.sep))) {
          found.push({link: path.relative(root, entry), target});
        }
      } else if (stat.isDirectory()) walk(entry);
    }
  };
  walk(dir);
  return found;
}
