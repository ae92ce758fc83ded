// bench export: a result's TPC-B-like cells in PostgresBench's layout, to contribute upstream.
import path from 'node:path';
import {isWhole, parseCommand, refuseOverwrite, UsageError} from './cli.mjs';

export const name = 'export';
export const operands = 'RESULT';
export const description = `Writes a result's TPC-B-like cells in PostgresBench's layout, one file per target and
scenario (DIR/<service>/results/<service>_<n>cpu_<n>gb_<scale>.json). The machine is the
host's when the server ran there; give --vcpus and --ram-gb for a server elsewhere.`;
export const options = {
  out: {type: 'string', value: 'DIR', required: true, help: 'the folder to write into'},
  system: {type: 'string', value: 'NAME', required: true, help: "the service's display name"},
  service: {type: 'string', value: 'ID', required: true, help: "the service's folder name (a-z, 0-9, _ and -)"},
  vcpus: {type: 'string', value: 'N', help: "the server's vCPUs (with --ram-gb)"},
  'ram-gb': {type: 'string', value: 'N', help: "the server's memory in GB (with --vcpus)"},
  'instance-type': {type: 'string', value: 'TYPE', help: "the server's instance type"},
  'instance-storage': {type: 'string', value: 'TEXT', help: "the instance's storage, as PostgresBench writes it"},
  'primary-storage': {type: 'string', value: 'TEXT', help: 'the primary storage, as PostgresBench writes it'},
  comment: {type: 'string', value: 'TEXT', help: "a comment for the files' comment field"},
};

/** The machine the options describe; both --vcpus and --ram-gb, or neither. */
function machineOf(values) {
  const whole = (key) => {
    if (values[key] === undefined) return undefined;
    if (!isWhole(values[key])) throw new UsageError(`export: --${key} takes a whole number`);
    return Number(values[key]);
  };
  const machine = {vcpus: whole('vcpus'), memoryGb: whole('ram-gb'), type: values['instance-type']};
  if ((machine.vcpus === undefined) !== (machine.memoryGb === undefined)) {
    throw new UsageError('export: give both --vcpus and --ram-gb, or neither');
  }
  return Object.fromEntries(Object.entries(machine).filter(([, v]) => v !== undefined));
}

export async function run(args) {
  const {values, positionals} = parseCommand({name, options}, args);
  if (positionals.length !== 1) throw new UsageError('export: name one result file');
  if (!values.out) throw new UsageError('export: give the folder to write into with --out DIR');
  if (!values.system || !values.service) {
    throw new UsageError('export: name the service: --system "Display name" --service folder-name');
  }
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(values.service)) {
    throw new UsageError('export: --service is a folder name: lowercase letters, digits, _ and -');
  }
  const machine = machineOf(values);
  const [{readResultFile, assertValidResult}, {toPostgresBench}, {writeFileAtomically}] = await Promise.all([
    import('../../lib/results/validate-result.mjs'),
    import('../../lib/postgresbench/export-postgresbench.mjs'),
    import('../../lib/write-file-atomically.mjs'),
  ]);
  const result = assertValidResult(readResultFile(positionals[0]), positionals[0]);
  const files = toPostgresBench(result, {
    system: values.system,
    service: values.service,
    machine,
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
