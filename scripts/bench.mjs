#!/usr/bin/env node
// The benchmark command line.
//
//   node scripts/bench.mjs run SUITE [--out DIR] [--only KEY=VALUE,...] [--duration 10s]
//                              [--repeat N] [--scale N] [--seed N] [--dry-run] [--resume] [--shard K/N]
//                              [--measure time|instructions]
//       Runs a suite's matrix (SUITE: benchmarks/<id>/suite.yaml, or just <id>)
//       and writes DIR/<id>-<time>.json (default DIR: results/). --measure
//       instructions counts the CPU instructions per transaction under
//       Valgrind's Callgrind instead of timing (default: time).
//   node scripts/bench.mjs merge RESULT... --out FILE [--shards N] [--replace]
//       Joins the results of a suite's shards; with --shards, the cells of a
//       shard that left no result or stopped early are recorded as failed;
//       with --replace, a later result's comparison groups take the place of
//       the same groups in earlier ones (a group measured again).
//   node scripts/bench.mjs parse FILE... [--log LOGFILE...]
//       Reads one run's pgbench output (stdout, stderr, or both merged; any order)
//       and prints it as one JSON object; with --log, the run's log statistics too.
//   node scripts/bench.mjs import PATH... --out FILE [--repository OWNER/NAME --commit SHA ...]
//       Turns saved pgbench outputs into one result file (see
//       lib/results/import-outputs.mjs for what PATH may be and the labels);
//       PostgresBench result files (JSON, recognised by their content) into
//       one services dataset (schemas/services.md), with where they came from.
//   node scripts/bench.mjs export RESULT --out DIR --system NAME --service ID [--vcpus N --ram-gb N]
//       Writes a result's TPC-B-like cells in PostgresBench's layout, one file
//       per target and scenario (DIR/<service>/results/<service>_<n>cpu_<n>gb_<scale>.json).
//   node scripts/bench.mjs validate FILE...
//       Checks result files against schemas/result.schema.json.
//   node scripts/bench.mjs compare RESULT [RESULT2] [--baseline TARGET] [--margin 3%] [--json] [--summary FILE]
//       With one result, each target against the baseline target (default: the
//       first) in every comparison group, and each A/A control against its twin;
//       with two, the same cells of the older run against the newer. Exact
//       Mann–Whitney tests, Hodges–Lehmann changes with 95% intervals and a
//       verdict each (lib/stats/compare.mjs); the margin defaults to the suite's,
//       recorded in the result. Says when two runs ran on different machines;
//       --summary appends the comparisons as Markdown to FILE (a CI job's
//       summary). An instructions run compares instructions per transaction
//       (lower is better). Exit 1 when a TPS or instructions comparison is
//       "worse", 2 on bad input.
//   node scripts/bench.mjs shards SUITE --shards N [--only KEY=VALUE,...]
//       The shards a suite splits into (at most one per comparison group), as
//       count= and list= lines: a CI workflow's matrix.
//   node scripts/bench.mjs published SUITE --from URL_OR_DIR --out FILE
//       Saves the newest finished run of SUITE that a published site (or a
//       build folder) lists in data/index.json; nothing when it has none.
//   node scripts/bench.mjs k8s SUITE --shards N --out DIR [--image IMAGE] [--results-pvc NAME] [--secret NAME]
//       Writes Kubernetes manifests: an Indexed Job whose pods run one shard
//       each, and a Job that merges them and builds the site (DIR/README.md
//       says how to apply them).
//   node scripts/bench.mjs --help (-h, help)
//       Prints the usage above, in short, and exits 0.
//
// Reads: the files named. Writes: stdout; run, merge and import write result
//        files (atomically, only when valid).
// Exit:  0 done; 1 the input could not be read, a suite or result is not valid,
//        a run could not start, or it could not write its result (it stopped;
//        what it measured is saved elsewhere, and the error says where); 2 wrong
//        usage; 3 a run finished, but some cells failed or aborted (they are in
//        the result, with why; a target it could not use is in
//        environment.targets with its error; run --resume measures the failed
//        cells again); 130 (143, 129)
//        a run was interrupted by Ctrl-C (SIGTERM, SIGHUP): its result is saved
//        unfinished, and run --resume finishes it.
import {createReadStream, existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';

/** Whether an option's text is a whole number of at least 1 (--shards, --repeat, --scale, …). */
const isWhole = (text) => /^[1-9]\d*$/.test(text);

// Each command imports what it needs when it runs: a command starts without
// loading the others' modules (the runner, the schema validator, the parser).
const load = {
  parser: () => import('../lib/pgbench/parse-output.mjs'),
  logs: () => import('../lib/pgbench/read-logs.mjs'),
  importer: () => import('../lib/results/import-outputs.mjs'),
  services: () => import('../lib/postgresbench/import-services.mjs'),
  validator: () => import('../lib/results/validate-result.mjs'),
  writer: () => import('../lib/results/write-result.mjs'),
  matrix: () => import('../lib/suites/matrix.mjs'),
  groups: () => import('../lib/results/groups.mjs'),
  merger: () => import('../lib/results/merge-results.mjs'),
  progress: () => import('./runner/progress.mjs'),
  processes: () => import('./runner/processes.mjs'),
  runner: () => import('./runner/run-suite.mjs'),
  suite: () => import('../lib/suites/suite.mjs'),
  comparer: () => import('../lib/stats/compare-results.mjs'),
};

const USAGE = `Usage:
  node scripts/bench.mjs run SUITE [--out DIR] [--only KEY=VALUE,...] [--duration 10s]
                             [--repeat N] [--scale N] [--seed N] [--dry-run] [--resume] [--shard K/N]
                             [--measure time|instructions]
  node scripts/bench.mjs merge RESULT... --out FILE [--shards N] [--replace]
  node scripts/bench.mjs parse FILE... [--log LOGFILE...]
  node scripts/bench.mjs import PATH... --out FILE [--repository OWNER/NAME --commit SHA --license ID --root DIR]
  node scripts/bench.mjs export RESULT --out DIR --system NAME --service ID [--vcpus N --ram-gb N]
                                [--instance-type T] [--instance-storage TEXT] [--primary-storage TEXT]
  node scripts/bench.mjs validate FILE...
  node scripts/bench.mjs compare RESULT [RESULT2] [--baseline TARGET] [--margin 3%] [--json] [--summary FILE]
  node scripts/bench.mjs shards SUITE --shards N [--only KEY=VALUE,...] [--measure time|instructions]
  node scripts/bench.mjs published SUITE --from URL_OR_DIR --out FILE
  node scripts/bench.mjs k8s SUITE --shards N --out DIR [--image IMAGE] [--results-pvc NAME] [--secret NAME]
                             [--duration 10s] [--measure time|instructions]`;

class UsageError extends Error {}

/** Splits arguments at `--flag`: what comes before, and what follows until the next flag. */
function splitAt(args, flag) {
  const at = args.indexOf(flag);
  if (at < 0) return [args, []];
  const rest = args.slice(at + 1);
  const end = rest.findIndex((a) => a.startsWith('--'));
  return [[...args.slice(0, at), ...(end < 0 ? [] : rest.slice(end))], end < 0 ? rest : rest.slice(0, end)];
}

/** A command's options and positionals, parsed; a wrong option is a usage error naming the command. */
function parseCommand(command, args, options) {
  try {
    return parseArgs({args, allowPositionals: true, options});
  } catch (error) {
    throw new UsageError(`${command}: ${error.message}`);
  }
}

async function parse(args) {
  const [files, logs] = splitAt(args, '--log');
  const unknown = files.find((a) => a.startsWith('--'));
  if (unknown) throw new UsageError(`parse: unknown option ${unknown}`);
  if (files.length === 0) throw new UsageError('parse: name at least one file of pgbench output');
  if (args.includes('--log') && logs.length === 0) throw new UsageError('parse: --log needs the log files after it');
  const {parseOutputStreams} = await load.parser();
  const result = await parseOutputStreams(...files.map((f) => createReadStream(f, {encoding: 'utf8'})));
  if (logs.length > 0) {
    const {logColumnsOf, readLogs} = await load.logs();
    result.log = await readLogs(logs, logColumnsOf(result));
  }
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  return result.errors.some((e) => /^No pgbench output/.test(e.message)) ? 1 : 0;
}

/**
 * Refuses an output that would overwrite an input: the same file, or a file
 * inside a folder read (which the next import would read back too).
 */
function refuseOverwrite(command, outputs, inputs) {
  const resolved = inputs.map((p) => path.resolve(p));
  for (const out of outputs) {
    const file = path.resolve(out);
    const hit = resolved.find((p) => file === p || file.startsWith(`${p}${path.sep}`));
    if (hit) {
      throw new UsageError(
        `${command}: ${out} would ${file === hit ? 'overwrite' : 'be written inside'} the input ` +
          `${path.relative('.', hit) || hit}: ` +
          'write it elsewhere; nothing was written',
      );
    }
  }
}

async function importCommand(args) {
  const {values, positionals: paths} = parseCommand('import', args, {
    out: {type: 'string'},
    repository: {type: 'string'},
    commit: {type: 'string'},
    license: {type: 'string'},
    root: {type: 'string'},
    id: {type: 'string'},
  });
  if (!values.out) throw new UsageError('import: give the file to write with --out FILE');
  if (paths.length === 0) throw new UsageError('import: name the files or folders to import');
  refuseOverwrite('import', [values.out], paths);
  const services = await load.services();
  const json = paths.filter((p) => services.containsPostgresBench(p));
  if (json.length > 0) {
    // PostgresBench result files, recognised by their content: a services dataset.
    if (json.length < paths.length) {
      const others = paths.filter((p) => !json.includes(p));
      throw new UsageError(
        `import: ${json.join(', ')} hold PostgresBench results and ${others.join(', ')} do not: ` +
          'import them separately.',
      );
    }
    const {writeFileAtomically} = await import('../lib/write-file-atomically.mjs');
    const dataset = services.importServices(paths, {
      id: values.id ?? path.basename(path.dirname(path.resolve(values.out))),
      repository: values.repository ?? null,
      commit: values.commit ?? null,
      license: values.license,
      root: values.root,
    });
    writeFileAtomically(values.out, `${JSON.stringify(dataset, null, 2)}\n`);
    const runs = dataset.files.reduce((n, f) => n + f.runs.length, 0);
    console.error(`Imported ${dataset.files.length} PostgresBench files (${runs} runs) into ${values.out}.`);
    return 0;
  }
  const unknown = ['repository', 'commit', 'license', 'root', 'id'].find((k) => values[k] !== undefined);
  if (unknown) throw new UsageError(`import: --${unknown} is for PostgresBench result files only`);
  const {importOutputs} = await load.importer();
  const {writeResult} = await load.writer();
  const result = await importOutputs(paths);
  writeResult(values.out, result);
  const count = (status) => result.cells.filter((c) => c.status === status).length;
  const counts = ['ok', 'failed', 'aborted'].filter(count).map((s) => `${count(s)} ${s}`);
  console.error(`Imported ${result.cells.length} outputs (${counts.join(', ')}) into ${values.out}.`);
  return 0;
}

/** A result's TPC-B-like cells as PostgresBench files, one per target and scenario, under DIR. */
async function exportCommand(args) {
  const {values, positionals} = parseCommand('export', args, {
    out: {type: 'string'},
    system: {type: 'string'},
    service: {type: 'string'},
    vcpus: {type: 'string'},
    'ram-gb': {type: 'string'},
    'instance-type': {type: 'string'},
    'instance-storage': {type: 'string'},
    'primary-storage': {type: 'string'},
    comment: {type: 'string'},
  });
  if (positionals.length !== 1) throw new UsageError('export: name one result file');
  if (!values.out) throw new UsageError('export: give the folder to write into with --out DIR');
  if (!values.system || !values.service) {
    throw new UsageError('export: name the service: --system "Display name" --service folder-name');
  }
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(values.service)) {
    throw new UsageError('export: --service is a folder name: lowercase letters, digits, _ and -');
  }
  const whole = (key) => {
    if (values[key] === undefined) return undefined;
    if (!isWhole(values[key])) throw new UsageError(`export: --${key} takes a whole number`);
    return Number(values[key]);
  };
  const machine = {vcpus: whole('vcpus'), memoryGb: whole('ram-gb'), type: values['instance-type']};
  if ((machine.vcpus === undefined) !== (machine.memoryGb === undefined)) {
    throw new UsageError('export: give both --vcpus and --ram-gb, or neither');
  }
  const [{readResultFile, assertValidResult}, {toPostgresBench}, {writeFileAtomically}] = await Promise.all([
    load.validator(),
    import('../lib/postgresbench/export-postgresbench.mjs'),
    import('../lib/write-file-atomically.mjs'),
  ]);
  const result = assertValidResult(readResultFile(positionals[0]), positionals[0]);
  const files = toPostgresBench(result, {
    system: values.system,
    service: values.service,
    machine: Object.fromEntries(Object.entries(machine).filter(([, v]) => v !== undefined)),
    storage: {instanceStorage: values['instance-storage'], primaryStorage: values['primary-storage']},
    comment: values.comment,
  });
  refuseOverwrite(
    'export',
    files.map((f) => path.join(values.out, f.path)),
    positionals,
  );
  for (const f of files) {
    writeFileAtomically(path.join(values.out, f.path), `${JSON.stringify(f.json, null, 2)}\n`);
    console.error(`${f.target}/${f.scenario}: ${path.join(values.out, f.path)}`);
  }
  return 0;
}

async function validateCommand(files) {
  if (files.length === 0) throw new UsageError('validate: name the result files to check');
  const {readResultFile, resultProblems} = await load.validator();
  let invalid = 0;
  for (const file of files) {
    const problems = resultProblems(readResultFile(file), file);
    if (problems.length === 0) console.log(`${file}: valid`);
    else {
      invalid++;
      for (const p of problems) console.error(p);
    }
  }
  return invalid > 0 ? 1 : 0;
}

async function run(args) {
  const {values, positionals} = parseCommand('run', args, {
    out: {type: 'string', default: 'results'},
    only: {type: 'string'},
    duration: {type: 'string'},
    repeat: {type: 'string'},
    scale: {type: 'string'},
    'dry-run': {type: 'boolean'},
    resume: {type: 'boolean'},
    shard: {type: 'string'},
    seed: {type: 'string'},
    measure: {type: 'string', default: 'time'},
  });
  if (positionals.length !== 1) throw new UsageError('run: name one suite (benchmarks/<id>/suite.yaml, or its id)');
  if (!['time', 'instructions'].includes(values.measure))
    throw new UsageError(`run: --measure takes time or instructions, not ${JSON.stringify(values.measure)}`);
  const file = suiteFile(positionals[0]);
  const {parseOnly, parseShard} = await load.matrix();
  const {loadSuite, parseDuration} = await load.suite();
  let matrix;
  try {
    matrix = {
      measure: values.measure,
      // Given only when typed: --resume restores the --only its run started with.
      ...(values.only !== undefined && {only: parseOnly(values.only)}),
      ...(values.shard && {shard: parseShard(values.shard)}),
      ...(values.duration && {durationS: parseDuration(values.duration)}),
      ...(values.repeat && {repeat: isWhole(values.repeat) ? Number(values.repeat) : NaN}),
      ...(values.scale && {scale: isWhole(values.scale) ? Number(values.scale) : NaN}),
      ...(values.seed && {
        seed: /^\d+$/.test(values.seed) && Number(values.seed) < 2 ** 32 ? Number(values.seed) : NaN,
      }),
    };
  } catch (error) {
    throw new UsageError(`run: ${error.message}`);
  }
  if (Number.isNaN(matrix.scale)) throw new UsageError('run: --scale takes a whole number of at least 1');
  if (Number.isNaN(matrix.repeat)) throw new UsageError('run: --repeat takes a whole number of at least 1');
  if (Number.isNaN(matrix.seed)) throw new UsageError('run: --seed takes a whole number from 0 to 4294967295');
  const suite = loadSuite(file);
  const [{runSuite}, {createProgress}, {EXIT_CODE}] = await Promise.all([
    load.runner(),
    load.progress(),
    load.processes(),
  ]);
  const {failed, interrupted} = await runSuite(suite, {
    outDir: values.out,
    matrix,
    dryRun: values['dry-run'],
    resume: values.resume,
    progress: createProgress(),
  });
  if (interrupted) return EXIT_CODE[interrupted];
  return failed > 0 ? 3 : 0;
}

async function merge(args) {
  const {values, positionals: files} = parseCommand('merge', args, {
    out: {type: 'string'},
    shards: {type: 'string'},
    replace: {type: 'boolean'},
  });
  if (!values.out) throw new UsageError('merge: give the result file to write with --out FILE');
  refuseOverwrite('merge', [values.out], files);
  if (values.shards !== undefined && !isWhole(values.shards))
    throw new UsageError('merge: --shards takes the number of shards the suite ran as, e.g. --shards 4');
  if (files.length === 0) throw new UsageError('merge: name the result files to merge');
  const [{mergeResults}, {readResultFile, assertValidResult}, {writeResult}] = await Promise.all([
    load.merger(),
    load.validator(),
    load.writer(),
  ]);
  const parts = files.map((file) => ({file, result: assertValidResult(readResultFile(file), file)}));
  let expected = null;
  if (values.shards) {
    // The cells a lost shard should have measured come from the suite the shards ran.
    const {loadSuite} = await load.suite();
    const id = parts[0].result.run.suite;
    expected = {suite: loadSuite(path.join('benchmarks', id, 'suite.yaml')), count: Number(values.shards)};
  }
  const merged = mergeResults(parts, {
    expected,
    replace: values.replace === true,
    // A result merged anew takes the name it is written under.
    ...(values.replace && {id: path.basename(values.out, '.json')}),
  });
  if (merged.profiles) {
    // The parts' Cachegrind files, copied beside the merged result under its name.
    const {copyProfiles} = await import('./runner/profile-files.mjs');
    merged.profiles = copyProfiles(merged.profiles, values.out);
  }
  writeResult(values.out, merged);
  const lost = merged.run.overrides.missingCells;
  console.error(
    `Merged ${files.length} results into ${values.out}` +
      (lost ? `; ${lost} cells of lost or stopped shards recorded as failed.` : '.'),
  );
  return lost ? 3 : 0;
}

/** A suite file named by path or by id. */
const suiteFile = (name) => (existsSync(name) ? name : path.join('benchmarks', name, 'suite.yaml'));

/**
 * The shards a suite splits into: at most N, and no more than it has
 * comparison groups (a shard holds whole groups). Printed as `count=` and
 * `list=` lines, which a GitHub Actions step can append to $GITHUB_OUTPUT as they are.
 */
async function shards(args) {
  const {values, positionals} = parseCommand('shards', args, {
    shards: {type: 'string'},
    only: {type: 'string'},
    measure: {type: 'string', default: 'time'},
  });
  if (positionals.length !== 1) throw new UsageError('shards: name one suite');
  if (!isWhole(values.shards ?? '')) throw new UsageError('shards: give --shards N, a whole number');
  const [{loadSuite}, {expandMatrix, parseOnly}, {groupKey}] = await Promise.all([
    load.suite(),
    load.matrix(),
    load.groups(),
  ]);
  const suite = loadSuite(suiteFile(positionals[0]));
  let cells;
  try {
    ({cells} = expandMatrix(suite, {only: parseOnly(values.only), measure: values.measure}));
  } catch (error) {
    throw new UsageError(`shards: ${error.message}`);
  }
  const count = Math.min(Number(values.shards), new Set(cells.map(groupKey)).size);
  const list = Array.from({length: count}, (_, i) => `${i + 1}/${count}`);
  console.log(`count=${count}\nlist=${JSON.stringify(list)}`);
  return 0;
}

/**
 * The newest finished run of a suite on a published site (its data/index.json,
 * which the build writes), saved to FILE; nothing is written when the site has none.
 */
async function published(args) {
  const {values, positionals} = parseCommand('published', args, {from: {type: 'string'}, out: {type: 'string'}});
  if (positionals.length !== 1) throw new UsageError('published: name one suite');
  if (!values.from || !values.out) throw new UsageError('published: give --from URL_OR_DIR and --out FILE');
  const base = /^https?:\/\//.test(values.from) ? values.from.replace(/\/?$/, '/') : null;
  const read = async (name) => {
    if (!base) {
      const {readFileSync} = await import('node:fs');
      const file = path.join(values.from, 'data', name);
      return existsSync(file) ? readFileSync(file, 'utf8') : null;
    }
    const response = await fetch(new URL(`data/${name}`, base));
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`${response.url}: HTTP ${response.status}`);
    return response.text();
  };
  if (!base) refuseOverwrite('published', [values.out], [path.join(values.from, 'data')]);
  // What a site publishes is read as untrusted input: JSON that names files inside data/ only.
  const parse = (text, name) => {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new Error(
        `${values.from} data/${name}: not valid JSON (${error.message}): is this a site this tool built?`,
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
  const [{assertValidResult}, {writeResult}] = await Promise.all([load.validator(), load.writer()]);
  const text = await read(newest.json);
  if (text === null) throw new Error(`${values.from} data/${newest.json}: listed in index.json, but not there.`);
  const result = assertValidResult(parse(text, newest.json), `${values.from} data/${newest.json}`);
  writeResult(values.out, result);
  console.error(`${newest.id} (${newest.startedAt}) from ${values.from} written to ${values.out}.`);
  return 0;
}

/** Kubernetes manifests for a sharded run of a suite, and how to apply them, written into DIR. */
async function k8s(args) {
  const {values, positionals} = parseCommand('k8s', args, {
    shards: {type: 'string'},
    out: {type: 'string'},
    image: {type: 'string', default: 'pg-bench-guide:latest'},
    'results-pvc': {type: 'string'},
    secret: {type: 'string'},
    duration: {type: 'string'},
    measure: {type: 'string', default: 'time'},
  });
  if (positionals.length !== 1) throw new UsageError('k8s: name one suite');
  if (!['time', 'instructions'].includes(values.measure))
    throw new UsageError(`k8s: --measure takes time or instructions, not ${JSON.stringify(values.measure)}`);
  if (!isWhole(values.shards ?? '')) throw new UsageError('k8s: give --shards N, a whole number');
  if (!values.out) throw new UsageError('k8s: give the folder to write the manifests into with --out DIR');
  // Names go into manifests and into the kubectl commands of the README: Kubernetes's own rules, nothing else.
  for (const key of ['results-pvc', 'secret']) {
    const name = values[key];
    if (name !== undefined && !(name.length <= 253 && /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/.test(name))) {
      throw new UsageError(
        `k8s: --${key} ${JSON.stringify(name)} is not a Kubernetes name: lowercase letters, digits, - and ., ` +
          'starting and ending with a letter or digit',
      );
    }
  }
  if (values.image !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._/:@-]{0,254}$/.test(values.image)) {
    throw new UsageError(`k8s: --image ${JSON.stringify(values.image)} is not an image reference (registry/name:tag)`);
  }
  const [{loadSuite, parseDuration}, {expandMatrix}, {groupKey}, manifests, YAML, {writeFileAtomically}] =
    await Promise.all([
      load.suite(),
      load.matrix(),
      load.groups(),
      import('./k8s-manifests.mjs'),
      import('yaml'),
      import('../lib/write-file-atomically.mjs'),
    ]);
  if (values.duration) {
    try {
      parseDuration(values.duration);
    } catch (error) {
      throw new UsageError(`k8s: ${error.message}`);
    }
  }
  const suite = loadSuite(suiteFile(positionals[0]));
  const groups = new Set(expandMatrix(suite, {measure: values.measure}).cells.map(groupKey)).size;
  const shards = Math.min(Number(values.shards), groups);
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const run = `bench-${suite.id}-${stamp}`.toLowerCase().replace(/[^a-z0-9-]/g, '-');
  const options = {
    shards,
    run,
    image: values.image,
    resultsPvc: values['results-pvc'] ?? null,
    secret: values.secret ?? null,
    duration: values.duration ?? null,
    measure: values.measure === 'instructions' ? 'instructions' : null,
  };
  const {shards: first, merge: second} = manifests.k8sManifests(suite, options);
  const yaml = (docs) => docs.map((d) => YAML.stringify(d, {aliasDuplicateObjects: false})).join('---\n');
  writeFileAtomically(path.join(values.out, 'shards.yaml'), yaml(first));
  writeFileAtomically(path.join(values.out, 'merge.yaml'), yaml(second));
  const readme = manifests.k8sReadme(suite, {
    run,
    secretName: values.secret ?? `bench-${suite.id}-urls`,
    urlTargets: suite.targets.filter((t) => t.urlVariable),
    claim: values['results-pvc'] ?? `${run}-results`,
  });
  writeFileAtomically(path.join(values.out, 'README.md'), readme);
  console.error(
    `${shards} shards${shards < Number(values.shards) ? ` (the suite has ${groups} comparison groups)` : ''}: ` +
      `${values.out}/shards.yaml, merge.yaml and README.md (how to apply them).`,
  );
  return 0;
}

/** A margin as given on the command line: "3%". A bare number is refused: 3 could mean 3% or 300%. */
function parseMargin(text) {
  const m = /^(\d+(?:\.\d+)?)%$/.exec(text ?? '');
  if (m) return Number(m[1]) / 100;
  if (/^\d+(?:\.\d+)?$/.test(text ?? '')) {
    throw new UsageError(
      `compare: --margin ${text} has no %: write --margin ${text}% (a margin is a percentage; ` +
        `read as a fraction, ${text} would be ${+(Number(text) * 100).toFixed(4)}%)`,
    );
  }
  throw new UsageError(`compare: --margin takes a percentage such as 3%, not ${JSON.stringify(text)}`);
}

async function compare(args) {
  const {values, positionals} = parseCommand('compare', args, {
    baseline: {type: 'string'},
    margin: {type: 'string'},
    json: {type: 'boolean'},
    summary: {type: 'string'},
  });
  if (positionals.length < 1 || positionals.length > 2) throw new UsageError('compare: name one or two result files');
  const given = values.margin === undefined ? undefined : parseMargin(values.margin);
  const [{readResultFile, assertValidResult}, {compareRuns, compareWithinRun, marginOf}, report] = await Promise.all([
    load.validator(),
    load.comparer(),
    import('./compare-report.mjs'),
  ]);
  let comparisons;
  let margin;
  let results;
  const skipped = [];
  try {
    results = positionals
      .map((file) => assertValidResult(readResultFile(file), file))
      .sort((a, b) => (a.run.startedAt < b.run.startedAt ? -1 : 1));
    // Without --margin, the suite's margin that the (newer) result recorded.
    margin = marginOf(results.at(-1), given);
    comparisons =
      results.length === 1
        ? compareWithinRun(results[0], {baseline: values.baseline, margin, skipped})
        : compareRuns(...results, {margin, skipped});
  } catch (error) {
    console.error(`bench: ${error.message}`);
    return 2;
  }
  const machines = results.length === 2 ? report.machinesOf(...results) : null;
  if (values.json) process.stdout.write(`${JSON.stringify({margin, machines, comparisons, skipped}, null, 2)}\n`);
  else {
    if (comparisons.length > 0) console.log(report.comparisonTable(comparisons));
    if (skipped.length > 0) console.log(`${comparisons.length > 0 ? '\n' : ''}${report.skippedTable(skipped)}`);
    console.log(
      `\nMargin ±${+(margin * 100).toFixed(2)}%; p is Holm-corrected where several targets meet one baseline; ` +
        '(A/A) marks a control: the same version twice, the noise floor.',
    );
    if (machines?.note) console.log(`\n${machines.note}`);
  }
  if (values.summary) {
    // Appended, as GitHub's $GITHUB_STEP_SUMMARY expects: several steps may write to it.
    const {appendFileSync} = await import('node:fs');
    const title = results.map((r) => r.run.id).join(' → ');
    appendFileSync(values.summary, report.comparisonMarkdown(comparisons, {title, margin, machines, skipped}));
  }
  if (comparisons.length === 0) {
    console.error(
      `bench: nothing to compare: ` +
        `${skipped.length > 0 ? 'no group above has figures on both sides' : 'no comparison group'}` +
        `${results.length === 2 ? ' in both runs' : ' with a second target'}.`,
    );
    return 2;
  }
  // An A/A control that reads worse is noise to look into, not a regression to gate on; a candidate whose
  // cells all failed is the worst regression of all.
  const gated = (c) => ['tps', 'instructions'].includes(c.metric) && !c.control;
  return comparisons.some((c) => gated(c) && c.verdict === 'worse') || skipped.some((s) => gated(s) && s.failed)
    ? 1
    : 0;
}

const COMMANDS = {
  run,
  merge,
  parse,
  import: importCommand,
  export: exportCommand,
  validate: validateCommand,
  compare,
  shards,
  published,
  k8s,
};

const [command, ...args] = process.argv.slice(2);
try {
  if (['help', '--help', '-h'].includes(command)) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!COMMANDS[command]) throw new UsageError(command ? `unknown command "${command}"` : 'name a command');
  process.exitCode = await COMMANDS[command](args);
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`bench: ${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    // A suite's problems are already messages that name the file.
    console.error(error.name === 'SuiteError' ? error.message : `bench: ${error.message}`);
    process.exitCode = 1;
  }
}
