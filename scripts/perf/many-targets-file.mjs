// A result of many targets for scripts/perf/many-targets.mjs: the quick suite's fixture with its
// PostgreSQL 17 server's cells (every workload, client count and repeat) given to `count` servers,
// as the newest quick run. Each server has the same cells, so the result grows with its targets only;
// the cells are the fixture's as pgbench printed them (the build derives their figures from the output
// again), dated the hour before `now` (the build refuses a run dated ahead).
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
// Versions in turn: names repeat (four a version in 1,000 targets) as they do in a run of many servers.
const VERSIONS = ['15.18', '16.14', '17.10', '18.4'];

/**
 * The quick fixture's pg17 cells for each of `count` targets (t0001, t0002, …), as a new quick run.
 * @returns {{name: string, result: object}}  its file's name (results/<name>) and its content
 */
export function manyTargetsResult(count, {now = new Date()} = {}) {
  const fixtures = path.join(root, 'test', 'fixtures', 'results');
  const [file] = readdirSync(fixtures).filter((f) => /^quick-.*\.json$/.test(f));
  const result = JSON.parse(readFileSync(path.join(fixtures, file), 'utf8'));
  const template = result.environment.targets.find((t) => t.id === 'pg17');
  const cells = result.cells.filter((c) => c.target === 'pg17');
  const [preparation] = result.preparations.filter((p) => p.target === 'pg17');
  const ids = Array.from({length: count}, (_, i) => `t${String(i + 1).padStart(4, '0')}`);
  const targets = ids.map((id, i) => {
    const version = VERSIONS[i % VERSIONS.length];
    return {
      ...template,
      id,
      serverVersion: version,
      serverVersionFull: template.serverVersionFull.replace('17.10', version),
      keySettings: {data_checksums: 'off', fsync: 'on', shared_buffers: '128MB', synchronous_commit: 'on'},
    };
  });
  const finished = Math.floor(now.getTime() / 1000) * 1000;
  const started = new Date(finished - 3600_000).toISOString();
  const runId = `quick-${started.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}`;
  const generated = {
    ...result,
    run: {...result.run, id: runId, startedAt: started, finishedAt: new Date(finished).toISOString()},
    environment: {...result.environment, targets},
    cells: ids.flatMap((id) =>
      cells.map((c) => ({
        ...c,
        id: c.id.replace(/^pg17\//, `${id}/`),
        target: id,
      })),
    ),
    preparations: ids.map((id) => ({...preparation, target: id})),
  };
  return {name: `${runId}.json`, result: generated};
}
