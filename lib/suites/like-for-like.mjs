// Like for like: the targets of one comparison group run with the same key
// settings (those that bound the figures, data checksums and I/O among them),
// unless a target declares in the suite that it differs (`differs:`, a version
// at its own defaults, say). The runner checks twice: before it starts, from
// what the suite decides (an embedded server's version defaults included), and
// as each server is described, from what the server reports.
import {groupKey} from '../model/keys.mjs';
import {settingValue} from './setting-values.mjs';

/** The settings that bound the figures whatever their source (environment.targets[].keySettings). */
export const KEY_SETTINGS = [
  'checkpoint_timeout',
  'data_checksums',
  'fsync',
  'full_page_writes',
  'io_method',
  'max_wal_size',
  'shared_buffers',
  'synchronous_commit',
  'wal_sync_method',
];

// A key setting a version does not have, read as what it does: before 18, I/O is synchronous.
const ABSENT = {io_method: 'sync'};

/** A key setting's value, a version without it read as what it does (io_method: sync); null when unknown. */
export const keySettingValue = (settings, name) => settings?.[name] ?? ABSENT[name] ?? null;

// PostgreSQL's own defaults (15–18, on Linux) of the key settings that did not change between versions: an
// embedded server runs with them unless the suite sets its own, so a difference is known before it starts.
const DEFAULTS = {
  checkpoint_timeout: '5min',
  fsync: 'on',
  full_page_writes: 'on',
  max_wal_size: '1GB',
  shared_buffers: '128MB',
  synchronous_commit: 'on',
  wal_sync_method: 'fdatasync',
};

/**
 * The key settings an embedded target will run with, as the suite and its
 * version decide them: the suite's, else PostgreSQL's defaults (data checksums
 * and I/O method changed theirs in 18). An external target's are known once it answers.
 */
export function plannedKeySettings(target) {
  if (target.kind !== 'embedded') return null;
  const set = Object.fromEntries(
    Object.entries(target.settings ?? {})
      .filter(([k]) => KEY_SETTINGS.includes(k))
      .map(([k, v]) => [k, String(v)]),
  );
  const checksums = target.checksums ?? target.major >= 18;
  return {
    ...DEFAULTS,
    ...set,
    data_checksums: checksums ? 'on' : 'off',
    io_method: set.io_method ?? (target.major >= 18 ? 'worker' : 'sync'),
  };
}

/**
 * The targets of each comparison group (workload, scenario, clients) among the cells.
 * @returns {Map<string, string[]>}
 */
export function groupsOf(cells) {
  const groups = new Map();
  for (const c of cells) {
    const key = groupKey(c);
    if (!groups.has(key)) groups.set(key, new Set());
    groups.get(key).add(c.target);
  }
  return new Map([...groups].map(([k, v]) => [k, [...v]]));
}

/**
 * Key settings that differ within a group between targets that did not declare it.
 * @param {Map<string, string[]>} groups  groupsOf
 * @param {Map<string, {differs?: string[], keySettings: object|null}>} targets  by id; what is null or missing
 *   is not known yet, and not compared
 * @returns {{group: string, setting: string, values: {target: string, value: string|null}[]}[]}
 */
export function undeclaredDifferences(groups, targets) {
  const found = [];
  for (const [group, ids] of groups) {
    const known = ids.filter((id) => targets.get(id)?.keySettings);
    for (const setting of KEY_SETTINGS) {
      const undeclared = known.filter((id) => !(targets.get(id).differs ?? []).includes(setting));
      const values = undeclared
        .sort()
        .map((id) => ({target: id, value: keySettingValue(targets.get(id).keySettings, setting)}))
        // Not known yet (a setting the suite leaves to the server): compared once the server reports it.
        .filter((v) => v.value !== null);
      // Compared in the setting's unit: 128MB and 16384 (8 kB pages) are one value, off and false too.
      if (new Set(values.map((v) => settingValue(setting, v.value))).size > 1) found.push({group, setting, values});
    }
  }
  return found;
}

// How a target is given the others' value; io_method exists from 18 only, so it goes on the 18 target.
const FIX = {
  data_checksums: '"checksums: false" or "checksums: true"',
  io_method: '"settings: {io_method: sync}" on the 18 target, since earlier versions have no such setting,',
};

/** One line per difference: where, what, and the two ways to fix it. */
export function differenceText({group, setting, values}) {
  const list = values.map((v) => `${v.target} ${v.value ?? 'unknown'}`).join(', ');
  return (
    `in ${group}, ${setting} differs (${list}): give these targets the same ${setting} ` +
    `(${FIX[setting] ?? `"settings: {${setting}: …}"`} on the target), ` +
    `or declare it on the target meant to differ ("differs: [${setting}]")`
  );
}
