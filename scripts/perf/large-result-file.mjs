// A large result for scripts/perf/large-result.mjs: the quick suite's fixture with each of its
// comparison groups repeated until it holds `count` cells, as the newest quick run.
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

/** The quick fixture's groups repeated to `count` cells, as a new quick run. */
export function largeResult(count) {
  const fixtures = path.join(root, 'test', 'fixtures', 'results');
  const [file] = readdirSync(fixtures).filter((f) => /^quick-.*\.json$/.test(f));
  const result = JSON.parse(readFileSync(path.join(fixtures, file), 'utf8'));
  const firsts = result.cells.filter((c) => c.repeat === 1);
  const id = 'quick-20991231T000000Z';
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
      const summary = {...cell.summary, tps: cell.summary.tps * jitter()};
      out.push({...cell, id: cell.id.replace(/\/r1$/, `/r${repeat}`), repeat, summary});
    }
  }
  return {
    ...result,
    run: {...result.run, id, startedAt: '2099-12-31T00:00:00.000Z', finishedAt: '2099-12-31T23:00:00.000Z'},
    cells: out,
  };
}
