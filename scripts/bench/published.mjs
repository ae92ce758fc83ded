// bench published: the newest finished run of a suite that a published site lists.
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseCommand, refuseOverwrite, UsageError} from './cli.mjs';

export const name = 'published';
export const operands = 'SUITE';
export const description = `Saves the newest finished run of SUITE that a published site (or a build folder) lists in
its data/index.json, which the build writes; nothing is written when it has none.`;
export const options = {
  from: {type: 'string', value: 'URL_OR_DIR', required: true, help: "the site's address, or a build folder"},
  out: {type: 'string', value: 'FILE', required: true, help: 'the result file to write'},
};

/** Reads data/NAME from a site's address or a build folder; null when it is not there. */
function readerOf(from) {
  const base = /^https?:\/\//.test(from) ? from.replace(/\/?$/, '/') : null;
  if (!base) {
    return async (name) => {
      const file = path.join(from, 'data', name);
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    };
  }
  return async (name) => {
    const response = await fetch(new URL(`data/${name}`, base));
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
    return response.text();
  };
}

export async function run(args) {
  const {values, positionals} = parseCommand({name, options}, args);
  if (positionals.length !== 1) throw new UsageError('published: name one suite');
  if (!values.from || !values.out) throw new UsageError('published: give --from URL_OR_DIR and --out FILE');
  const read = readerOf(values.from);
  if (!/^https?:\/\//.test(values.from)) refuseOverwrite('published', [values.out], [path.join(values.from, 'data')]);
  // What a site publishes is read as untrusted input: JSON that names files inside data/ only.
  const parse = (text, file) => {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(
        `${values.from} data/${file}: not valid JSON (${error.message}): is this a site this tool built?`,
      );
    }
  };
  const index = await read('index.json');
  const runs = index === null ? [] : parse(index, 'index.json');
  if (!Array.isArray(runs)) throw new Error(`${values.from} data/index.json: expected a list of runs.`);
  const newest = runs.find((r) => r?.suite === positionals[0] && r.finishedAt);
  if (!newest) {
    console.error(`${values.from} has published no finished ${positionals[0]} run yet: nothing written.`);
    return 0;
  }
  if (typeof newest.json !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9._-]*\.json$/.test(newest.json)) {
    throw new Error(
      `${values.from} data/index.json: run ${JSON.stringify(newest.id)} names its file ` +
        `${JSON.stringify(newest.json)}, ` +
        'which is not a file name inside data/: nothing was read or written.',
    );
  }
  const [{assertValidResult}, {writeResult}] = await Promise.all([
    import('../../lib/results/validate-result.mjs'),
    import('../../lib/results/write-result.mjs'),
  ]);
  const text = await read(newest.json);
  if (text === null) throw new Error(`${values.from} data/${newest.json}: listed in index.json, but not there.`);
  const result = assertValidResult(parse(text, newest.json), `${values.from} data/${newest.json}`);
  writeResult(values.out, result);
  console.error(`${newest.id} (${newest.startedAt}) from ${values.from} written to ${values.out}.`);
  return 0;
}
