// Lists files under a folder, recursively, in a stable order.
import {readdirSync} from 'node:fs';
import path from 'node:path';

/** Files under `dir` whose names end with one of `extensions`, sorted. */
export function listFiles(dir, extensions) {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile() && extensions.some((ext) => e.name.endsWith(ext)))
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .sort();
}
