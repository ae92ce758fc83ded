// A target's name on the pages, in the page's language: its version, and the
// settings that tell it from the run's other servers.
import {derivedOf, majorOf, serversByMajor, targetById} from '../results/targets.mjs';
import {keySettingValue} from '../suites/like-for-like.mjs';

// The settings a new version's defaults changed: a target that differs from the run's first in one of them is
// named with it, declared or not.
const NAMED_SETTINGS = ['data_checksums', 'io_method'];

/**
 * Per major version and named setting, the values the run's servers of that version recorded: whether
 * another server of a version differs from one is then a look at a value or two, not a search of every
 * other server (a run of 10,000 targets made 25 million comparisons).
 * @returns {Map<string, Map<string, Set<string>>>}
 */
function settingValues(result) {
  const out = new Map();
  for (const [major, servers] of serversByMajor(result)) {
    const bySetting = new Map(NAMED_SETTINGS.map((n) => [n, new Set()]));
    for (const x of servers.filter((s) => s.keySettings)) {
      for (const [n, values] of bySetting) values.add(keySettingValue(x.keySettings, n));
    }
    out.set(major, bySetting);
  }
  return out;
}

/**
 * A target's name on the pages: "PostgreSQL 18"; a target the suite declared different in some key
 * settings (a version at its own defaults), or one that differs from the run's first target in data
 * checksums or I/O method, says which, with its values: "PostgreSQL 18 (data_checksums on, io_method
 * worker)", so that two servers of one version are never named alike, and a server at other settings
 * never passes for one like the others. When two servers of one version differ, each says its values.
 */
export function targetName(t, result, targetId) {
  const version = majorOf(result, targetId);
  const target = targetById(result, targetId);
  const first = result.environment.targets.find((x) => !x.error && x.keySettings);
  const differ = (other, n) =>
    other?.keySettings &&
    target?.keySettings &&
    keySettingValue(target.keySettings, n) !== null &&
    keySettingValue(other.keySettings, n) !== null &&
    keySettingValue(target.keySettings, n) !== keySettingValue(other.keySettings, n);
  // Another server of the same version at other settings: both say theirs, so neither passes for the version.
  const values = derivedOf(result, settingValues, settingValues).get(version);
  const otherValue = (n) => {
    const own = target?.keySettings ? keySettingValue(target.keySettings, n) : null;
    return own !== null && [...(values?.get(n) ?? [])].some((v) => v !== null && v !== own);
  };
  const differing = NAMED_SETTINGS.filter((n) => differ(first, n) || otherValue(n));
  const names = [...new Set([...(target?.differs ?? []), ...differing])];
  if (names.length === 0) return t('common.postgresVersion', {version});
  const settings = names.map((n) => `${n} ${keySettingValue(target.keySettings, n) ?? '?'}`).join(', ');
  return t('common.postgresVersionDiffers', {version, settings});
}
