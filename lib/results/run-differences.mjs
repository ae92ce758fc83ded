// What two runs differ in besides the code they compare (bench compare OLD NEW says it before the
// figures): suite, suite file, parameters, and each compared target's server version and settings.
// Apart from compare-results.mjs, which the browser's bundle holds (the versions page): this needs
// machine.mjs, which hashes with node:crypto.
import {comparisonGroups} from '../model/comparisons.mjs';
import {groupKey} from '../model/keys.mjs';
import {shapingSettings} from './machine.mjs';
import {byTargetOrder, targetById} from '../model/targets.mjs';

/** A recorded value as a difference names it: a setting a run did not record is "(not recorded)". */
const valueText = (v) =>
  v === null || v === undefined ? '(not recorded)' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Entries of the same kind, name and values, gathered: [{…entry, [listKey]: [what each was of]}]. */
function gathered(entries, listKey) {
  const out = new Map();
  for (const {of, ...entry} of entries) {
    const key = JSON.stringify(entry);
    if (!out.has(key)) out.set(key, {...entry, [listKey]: []});
    out.get(key)[listKey].push(of);
  }
  return [...out.values()];
}

/**
 * What two runs differ in besides what is compared, each named with its value in either run: the suite,
 * its file (suiteHash), the runner's way of measuring (design.method, design.cpus), and, where both runs
 * measured a group, its parameters (scale, duration, threads, mode, session settings, …) and each compared
 * target's server version and settings (its non-default and key settings as recorded; where a server listens is
 * left out: lib/results/machine.mjs). Differences of
 * one kind and value are gathered: `groups` or `targets` lists what they hold for. The machine is
 * `bench compare`'s to say (scripts/compare-report.mjs, machinesOf).
 * @returns {{kind: 'suite'|'suite-file'|'method'|'parameter'|'version'|'setting', name?: string, older: *, newer: *,
 *   groups?: string[], targets?: string[], text: string}[]}
 */
export function runDifferences(older, newer) {
  const [a, b] = [older.run, newer.run];
  const out = [];
  if (a.suite !== b.suite) {
    out.push({
      kind: 'suite',
      older: a.suite ?? null,
      newer: b.suite ?? null,
      text:
        `Runs of different suites (${a.suite ?? 'an import'}, ${b.suite ?? 'an import'}): only cells with the same ` +
        'scenario, workload and client count are compared, and one name may not mean the same work in both.',
    });
  } else if (a.suiteHash && b.suiteHash && a.suiteHash !== b.suiteHash) {
    out.push({
      kind: 'suite-file',
      older: a.suiteHash,
      newer: b.suiteHash,
      text: `The suite's file differs (suiteHash ${a.suiteHash.slice(0, 12)}…, ${b.suiteHash.slice(0, 12)}…).`,
    });
  }
  // The runner's way of measuring: its method, and CPUs kept apart or shared (bench run --pin).
  const way = (run) => ({method: run.design?.method ?? null, cpus: run.design?.cpus ?? null});
  for (const name of ['method', 'cpus']) {
    const [u, v] = [way(a)[name], way(b)[name]];
    if (JSON.stringify(u) !== JSON.stringify(v)) {
      const shown = (x) => (name === 'cpus' && x === null ? 'shared' : valueText(x));
      out.push({
        kind: 'method',
        name,
        older: u,
        newer: v,
        text:
          `The runner measured them two ways (${name === 'cpus' ? 'CPUs of the servers and pgbench' : 'method'}: ` +
          `${shown(u)} → ${shown(v)}): a change between them may be the runner's, not the server's.`,
      });
    }
  }
  const newGroups = new Map(comparisonGroups(newer).map((g) => [groupKey(g), g]));
  const parameters = [];
  const versions = [];
  const settings = [];
  const compared = new Set();
  for (const group of comparisonGroups(older)) {
    const other = newGroups.get(groupKey(group));
    if (!other) continue;
    const [x, y] = [[...group.byTarget.values()][0][0].parameters, [...other.byTarget.values()][0][0].parameters];
    for (const name of [...new Set([...Object.keys(x), ...Object.keys(y)])].filter((n) => n !== 'clients')) {
      const [u, v] = [x[name] ?? null, y[name] ?? null];
      if (JSON.stringify(u) !== JSON.stringify(v)) parameters.push({name, older: u, newer: v, of: groupKey(group)});
    }
    for (const target of group.byTarget.keys()) if (other.byTarget.has(target)) compared.add(target);
  }
  for (const target of [...compared].sort(byTargetOrder(older))) {
    const [t, u] = [targetById(older, target) ?? {}, targetById(newer, target) ?? {}];
    const [tv, uv] = [t.serverVersionFull ?? t.serverVersion ?? null, u.serverVersionFull ?? u.serverVersion ?? null];
    if (tv !== uv) versions.push({older: tv, newer: uv, of: target});
    const [ts, us] = [shapingSettings(t), shapingSettings(u)];
    for (const name of [...new Set([...Object.keys(ts), ...Object.keys(us)])].sort()) {
      if (ts[name] !== us[name]) settings.push({name, older: ts[name] ?? null, newer: us[name] ?? null, of: target});
    }
  }
  const change = (d) => `${valueText(d.older)} → ${valueText(d.newer)}`;
  for (const d of gathered(parameters, 'groups'))
    out.push({kind: 'parameter', ...d, text: `Parameter ${d.name} of ${d.groups.join(', ')}: ${change(d)}.`});
  for (const d of gathered(versions, 'targets'))
    out.push({kind: 'version', ...d, text: `Server version of ${d.targets.join(', ')}: ${change(d)}.`});
  for (const d of gathered(settings, 'targets'))
    out.push({kind: 'setting', ...d, text: `Setting ${d.name} of ${d.targets.join(', ')}: ${change(d)}.`});
  return out;
}
