// A target's name on the pages, in the page's language: its version, and the
// settings that tell it from the run's other servers.
import {majorOf, serversByMajor, targetById} from '../results/targets.mjs';
import {keySettingValue} from '../suites/like-for-like.mjs';

// The settings a new version's defaults changed: a target that differs from the run's first in one of them is
// named with it, declared or not.
const NAMED_SETTINGS = ['data_checksums', 'io_method'];

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
  const sameVersion = (serversByMajor(result).get(version) ?? []).filter((x) => x.id !== targetId);
  const differing = NAMED_SETTINGS.filter((n) => differ(first, n) || sameVersion.some((x) => differ(x, n)));
  const names = [...new Set([...(target?.differs ?? []), ...differing])];
  if (names.length === 0) return t('common.postgresVersion', {version});
  const settings = names.map((n) => `${n} ${keySettingValue(target.keySettings, n) ?? '?'}`).join(', ');
  return t('common.postgresVersionDiffers', {version, settings});
}
