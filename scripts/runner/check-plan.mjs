// What a run refuses before anything starts: an instructions run on an
// external server, and targets that would not be compared like for like as
// far as the suite decides their settings. Each server is checked again once
// it answers, with the settings it reports.
import {differenceText, plannedKeySettings, undeclaredDifferences} from '../../lib/suites/like-for-like.mjs';
import {installedBinaries} from './postgres-binaries.mjs';

/** Instructions are counted only on embedded servers: an external one among the planned cells is refused. */
export function checkInstructionsTargets(suite, plannedCells) {
  const external = [...new Set(plannedCells.filter((c) => c.targetSpec.kind !== 'embedded').map((c) => c.target))];
  if (external.length > 0) {
    throw new Error(
      `${suite.file}: ${external.join(', ')} ` +
        `${external.length > 1 ? 'are external servers' : 'is an external server'}: ` +
        'instructions are counted only on embedded servers, which the runner starts under Valgrind. Leave ' +
        `${external.length > 1 ? 'them' : 'it'} out with --only target=…`,
    );
  }
}

/**
 * An installed target's binaries, checked before anything starts (and by --dry-run): a misspelled folder, or one
 * of another version, would otherwise fail the target only once the other targets had been measured.
 */
export function checkInstalledTargets(suite, plannedCells) {
  const installed = new Map(
    plannedCells.filter((c) => c.targetSpec.bin || c.targetSpec.pgConfig).map((c) => [c.target, c.targetSpec]),
  );
  const problems = [];
  for (const target of installed.values()) {
    try {
      installedBinaries(target);
    } catch (error) {
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new Error(`${suite.file}:\n  ${problems.join('\n  ')}`);
}

/** Refuses a run whose groups (groupsOf) would differ in a setting the suite did not declare. */
export function checkLikeForLike(suite, groups) {
  const plannedTargets = new Map(
    suite.targets.map((t) => [t.id, {differs: t.differs, keySettings: plannedKeySettings(t)}]),
  );
  const unlike = undeclaredDifferences(groups, plannedTargets);
  if (unlike.length > 0) {
    throw new Error(
      `${suite.file}: the targets would not be compared like for like:\n  ${unlike.map(differenceText).join('\n  ')}`,
    );
  }
}

/**
 * openTargets' `unlike`: what a server reports, against what the others reported (or, not yet started, will
 * run with); a difference the suite did not declare fails it.
 */
export const unlikeServer = (suite, groups, result) => (entry) => {
  const settingsOf = (t) =>
    t.id === entry.id
      ? entry.keySettings
      : (result.environment.targets.find((d) => d.id === t.id && !d.error)?.keySettings ?? plannedKeySettings(t));
  const known = new Map(suite.targets.map((t) => [t.id, {differs: t.differs, keySettings: settingsOf(t)}]));
  const found = undeclaredDifferences(groups, known).filter((d) => d.values.some((v) => v.target === entry.id));
  return found.length > 0 ? `not like for like: ${found.map(differenceText).join('; ')}` : null;
};
