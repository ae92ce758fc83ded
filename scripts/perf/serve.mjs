// Times `GET /` on the build server alone, then with 20 hostile not-found
// requests in flight (2,000 path segments each, the pattern that once cost
// time quadratic in the path's depth), in the same run: hostile requests must
// not delay the others (budget: GET / under 100 ms beside them).
//
// Usage: npm run bench:serve [-- --dir build]
// Reads: the build folder (default build/; npm run build first).
// Writes: stdout, a table of milliseconds. Exit: 0; 1 when over budget or no build.
import http from 'node:http';
import {parseArgs} from 'node:util';
import {serveBuild} from '../site/serve-build.mjs';
import {median} from '../../lib/stats/median.mjs';

const {values} = parseArgs({options: {dir: {type: 'string', default: 'build'}}});
const ROUNDS = 20;
const BUDGET_MS = 100;

const get = (url) =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, {agent: false}, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });

let server;
try {
  server = await serveBuild({dir: values.dir});
} catch (error) {
  console.error(`bench:serve: ${error.message}`);
  process.exit(1);
}
const deep = new URL('a/'.repeat(2000), server.url);
const alone = [];
const beside = [];
for (let i = 0; i < ROUNDS; i++) {
  alone.push(await get(server.url));
  const hostile = Array.from({length: 20}, () => get(deep));
  beside.push(await get(server.url));
  await Promise.all(hostile);
}
await server.close();
const worst = Math.max(...beside);
console.log('GET / (ms)                      median    worst');
console.log(
  `alone                       ${median(alone).toFixed(1).padStart(9)} ${Math.max(...alone)
    .toFixed(1)
    .padStart(8)}`,
);
console.log(`beside 20 deep 404 requests ${median(beside).toFixed(1).padStart(9)} ${worst.toFixed(1).padStart(8)}`);
console.log(`budget: under ${BUDGET_MS} ms beside them: ${worst < BUDGET_MS ? 'met' : 'over'}`);
process.exitCode = worst < BUDGET_MS ? 0 : 1;
