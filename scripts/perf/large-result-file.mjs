// A large result for scripts/perf/large-result.mjs: the quick suite's fixture with each of its
// comparison groups repeated until it holds `count` cells, as the newest quick run.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {scaledCell} from '../../lib/results/scaled-cell.mjs';

const root = new URL('../../', import.meta.url).pathname;

/** The quick fixture's groups repeated to `count` cells, as a new quick run. */
export function largeResult(count) {
  const fixtures = path.join(root, 'test', 'fixtures', 'results');
  const [file] = readdirSync(fixtures).filter((f) => /^quick-.*\.json$/.test(f));
  const result = JSON.parse(readFileSync(path.join(fixtures, file), 'utf8'));
  const firsts = result.cells.filter((c) => c.repeat === 1);
  // Newer than the fixture, not in the future: the build refuses a run dated ahead.
  const id = 'quick-20261126T000000Z';
  // A fixed sequence, so every run of this benchmark builds the same file.
  let seed = 1;
  const jitter = () => {
    seed = (seed * 48271) % 2147483647;
    return 1 + ((seed / 2147483647) * 4 - 2) / 100;
  };
  const out = [];
  for (let repeat = 1; out.length < count; repeat++) {
    for (const cell of firsts) {
      if (out.length === count) break;
      // Its output too: the build derives each cell's figures from it again.
      out.push({...scaledCell(cell, jitter()), id: cell.id.replace(/\/r1$/, `/r${repeat}`), repeat});
    }
  }
  return {
    ...result,
    run: {...result.run, id, startedAt: '2026-11-26T00:00:00.000Z', finishedAt: '2026-11-26T23:00:00.000Z'},
    cells: out,
  };
}
