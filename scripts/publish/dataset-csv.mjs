// A published dataset (datasets/<id>.json) as CSV: one line per test and
// system, for spreadsheets. The JSON file stays the source of truth.
import {csvField} from './result-csv.mjs';

/** A line of the CSV: one figure of one test, with its system's name and instance. */
const rowsOf = (dataset) =>
  dataset.tests.flatMap((test) =>
    test.figures.map((figure) => ({
      test,
      figure,
      name: dataset.systems.find((s) => s.id === figure.system)?.name,
      instance: test.instances.find((i) => i.system === figure.system) ?? {},
    })),
  );

const DATASET_CSV_COLUMNS = [
  ['test', (r) => r.test.id],
  ['workload', (r) => r.test.workload],
  ['bound', (r) => r.test.bound],
  ['scale', (r) => r.test.scale],
  ['dataset_gb', (r) => r.test.datasetGb],
  ['system', (r) => r.figure.system],
  ['name', (r) => r.name],
  // One figure, or the range the source printed: tps_low = tps_high = tps for one figure.
  ['tps_low', (r) => r.figure.tpsLow ?? r.figure.tps],
  ['tps_high', (r) => r.figure.tpsHigh ?? r.figure.tps],
  ['basis', (r) => r.figure.basis],
  ['postgres_version', (r) => r.instance.postgresVersion],
  ['vcpus', (r) => r.instance.vcpus],
  ['memory_gb', (r) => r.instance.memoryGb],
  ['disk_tb', (r) => r.instance.diskTb],
  ['storage', (r) => r.instance.storage],
  ['iops', (r) => r.instance.iops],
  ['command', (r) => r.test.commands.find((c) => c.step === 'run')?.command],
];

export function datasetCsv(dataset) {
  const lines = [DATASET_CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const row of rowsOf(dataset)) lines.push(DATASET_CSV_COLUMNS.map(([, get]) => csvField(get(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
