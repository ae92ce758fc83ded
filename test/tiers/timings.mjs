// A node:test reporter: one JSON line per top-level test of a file (its file,
// name, duration and outcome), which test/tiers/run.mjs reads to print the
// slowest tests once every tier has run.
import {relative} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

export default async function* timings(source) {
  for await (const {type, data} of source) {
    if ((type !== 'test:pass' && type !== 'test:fail') || data.nesting !== 0) continue;
    if (data.skip || data.todo) continue;
    const file = data.file ? relative(root, data.file) : null;
    const ms = Math.round(data.details.duration_ms);
    yield `${JSON.stringify({file, name: data.name, ms, ok: type === 'test:pass'})}\n`;
  }
}
