// A target's name on the pages, in the page's language: its version, and the
// settings that tell it from the run's other servers.
import {derivedOf, majorOf, optimizationOf, serversByMajor, targetById} from '../model/targets.mjs';
import {keySettingValue} from '../suites/like-for-like.mjs';

// The settings a new version's defaults changed: a target that differs from the run's first in one of them is
// named with it, declared or not.
const NAMED_SETTINGS = ['data_checksums', 'io_method'];
// Settings each server has of its own (where it listens, its folders): never what tells two servers apart.
const OWN_SETTINGS = new Set(['port', 'listen_addresses', 'unix_socket_directories', 'data_directory']);

// The parts of a name, held apart until a page joins them as its language does (common.nameSeparator: a comma in
// English and Korean, 、 in Japanese and Chinese, whose brackets hold them).
const APART = '\u0000';

/** A server's value of a setting: its key settings' (complete), else what it reported as set, else null. */
const settingOf = (server, name) => keySettingValue(server.keySettings ?? {}, name) ?? server.settings?.[name] ?? null;

/**
 * Per target, the settings its name states, with its values ("shared_buffers 16MB"), or '' for none: once per
 * run, so that naming every server of a run of 10,000 is a look-up (a search of every other server for each
 * made 25 million comparisons). Two servers of one version are named by every setting in which they differ
 * (declared by either, or a setting one of them reports at another value), and a server that differs from the
 * run's first target in data checksums or I/O method says which. In a run of servers built at different
 * optimization levels, every server's name starts with its own ("-O2"). Servers of one version that would still be
 * named alike (a difference no setting shows) are told apart by their ids.
 */
function namesOf(result) {
  const first = result.environment.targets.find((x) => !x.error && x.keySettings);
  const names = new Map();
  // Servers built at more than one optimization level: each is named with its own, the first thing to know.
  const levels = new Set([...serversByMajor(result).values()].flat().map(optimizationOf));
  const level = (x) => (levels.size > 1 ? [optimizationOf(x) ?? '?'] : []);
  for (const [, all] of serversByMajor(result)) {
    const servers = all.filter((x) => !x.controlOf);
    const candidates = new Set([
      ...NAMED_SETTINGS,
      ...servers.flatMap((x) => x.differs ?? []),
      ...servers.flatMap((x) => Object.keys(x.settings ?? {})).filter((n) => !OWN_SETTINGS.has(n)),
    ]);
    // A setting in which this version's servers differ, each value known.
    const differing = [...candidates].filter((n) => {
      const values = servers.map((x) => settingOf(x, n));
      return values.every((v) => v !== null) && new Set(values).size > 1;
    });
    for (const x of all) {
      const unlikeFirst = NAMED_SETTINGS.filter(
        (n) =>
          first && settingOf(x, n) !== null && settingOf(first, n) !== null && settingOf(x, n) !== settingOf(first, n),
      );
      const named = [...new Set([...(x.differs ?? []), ...unlikeFirst, ...differing])];
      names.set(x.id, [...level(x), ...named.map((n) => `${n} ${settingOf(x, n) ?? '?'}`)].join(APART));
    }
    const seen = new Map();
    for (const x of servers) seen.set(names.get(x.id), (seen.get(names.get(x.id)) ?? 0) + 1);
    for (const x of servers.filter((s) => seen.get(names.get(s.id)) > 1))
      names.set(x.id, [names.get(x.id), x.id].filter(Boolean).join(APART));
  }
  return names;
}

/**
 * A target's name on the pages: "PostgreSQL 18"; a target that differs in some settings from another server of
 * its version, or from the run's first target in data checksums or I/O method, says which, with its values:
 * "PostgreSQL 18 (data_checksums on, io_method worker)", so that two servers of one version are never named
 * alike, and a server at other settings never passes for one like the others.
 */
export function targetName(t, result, targetId) {
  const version = majorOf(result, targetId);
  const parts = derivedOf(result, namesOf, namesOf).get(targetById(result, targetId)?.id) ?? '';
  if (!parts) return t('common.postgresVersion', {version});
  return t('common.postgresVersionDiffers', {version, settings: parts.split(APART).join(t('common.nameSeparator'))});
}
