// bench import: outputs measured elsewhere, into a result file or a services dataset.
import path from 'node:path';
import {parseCommand, refuseOverwrite, UsageError} from './cli.mjs';

export const name = 'import';
export const operands = 'PATH...';
export const description = `Turns saved pgbench outputs into one result file (lib/results/import-outputs.mjs says what
PATH may be and where the labels come from); PostgresBench result files (JSON, recognised
by their content) into one services dataset (schemas/services.md), with where they came from.`;
const SERVICES_ONLY = 'for PostgresBench result files only';
export const options = {
  out: {type: 'string', value: 'FILE', required: true, help: 'the result or dataset file to write'},
  repository: {type: 'string', value: 'OWNER/NAME', help: `the repository the files come from (${SERVICES_ONLY})`},
  commit: {type: 'string', value: 'SHA', help: `the commit they were read at (${SERVICES_ONLY})`},
  license: {type: 'string', value: 'ID', help: `their licence, an SPDX id (${SERVICES_ONLY})`},
  root: {type: 'string', value: 'DIR', help: `the folder their paths are given from (${SERVICES_ONLY})`},
  id: {type: 'string', value: 'ID', help: `the dataset's id, instead of the output's folder name (${SERVICES_ONLY})`},
};

async function importServices(services, values, paths) {
  const {writeFileAtomically} = await import('../../lib/write-file-atomically.mjs');
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

async function importOutputs(values, paths) {
  const unknown = ['repository', 'commit', 'license', 'root', 'id'].find((k) => values[k] !== undefined);
  if (unknown) throw new UsageError(`import: --${unknown} is ${SERVICES_ONLY}`);
  const [{importOutputs: read}, {writeResult}] = await Promise.all([
    import('../../lib/results/import-outputs.mjs'),
    import('../../lib/results/write-result.mjs'),
  ]);
  const result = await read(paths);
  writeResult(values.out, result);
  const count = (status) => result.cells.filter((c) => c.status === status).length;
  const counts = ['ok', 'failed', 'aborted'].filter(count).map((s) => `${count(s)} ${s}`);
  console.error(`Imported ${result.cells.length} outputs (${counts.join(', ')}) into ${values.out}.`);
  return 0;
}

export async function run(args) {
  const {values, positionals: paths} = parseCommand({name, options}, args);
  if (!values.out) throw new UsageError('import: give the file to write with --out FILE');
  if (paths.length === 0) throw new UsageError('import: name the files or folders to import');
  refuseOverwrite('import', [values.out], paths);
  const services = await import('../../lib/postgresbench/import-services.mjs');
  const json = paths.filter((p) => services.containsPostgresBench(p));
  if (json.length === 0) return importOutputs(values, paths);
  if (json.length < paths.length) {
    const others = paths.filter((p) => !json.includes(p));
    throw new UsageError(
      `import: ${json.join(', ')} hold PostgresBench results and ${others.join(', ')} do not: ` +
        'import them separately.',
    );
  }
  return importServices(services, values, paths);
}
