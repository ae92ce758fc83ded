// Reads published datasets (datasets/*.json): schema first, then the references
// a schema cannot check (every figure names a system the dataset lists…).
import validate from '../validation/compiled/dataset.mjs';
import {createChecker, readJsonFile} from '../validation/schema-checker.mjs';

const checker = createChecker({
  validate,
  doc: 'schemas/dataset.md',
  schemaVersion: 1,
});

export function readDataset(file) {
  const data = checker.assertValid(readJsonFile(file), file, 'dataset');
  const systems = new Set(data.systems.map((s) => s.id));
  const problems = [];
  data.tests.forEach((t, i) => {
    const at = `${file}: tests[${i}]`;
    for (const [list, key] of [
      [t.instances, 'instances'],
      [t.figures, 'figures'],
      [t.stated ?? [], 'stated'],
    ]) {
      list.forEach((item, j) => {
        for (const field of ['system', 'versus']) {
          if (item[field] !== undefined && !systems.has(item[field])) {
            problems.push(
              `${at}.${key}[${j}].${field}: "${item[field]}" is not one of the dataset's systems ` +
                `(${[...systems].join(', ')})`,
            );
          }
        }
      });
    }
    t.figures.forEach((f, j) => {
      const one = f.tps !== undefined;
      const range = f.tpsLow !== undefined && f.tpsHigh !== undefined && f.tpsLow <= f.tpsHigh;
      if (one === range || (one && (f.tpsLow !== undefined || f.tpsHigh !== undefined))) {
        problems.push(
          `${at}.figures[${j}]: give either "tps", or "tpsLow" and "tpsHigh" (low ≤ high), in transactions per second`,
        );
      }
      if (f.basis === 'derived' && !f.derivation)
        problems.push(`${at}.figures[${j}]: a derived figure needs its "derivation"`);
    });
  });
  if (problems.length > 0) throw new Error(`${file} is not a valid dataset:\n  ${problems.join('\n  ')}`);
  return data;
}
