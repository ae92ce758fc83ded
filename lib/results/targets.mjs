// A result's targets as every page and `bench compare` order and name them:
// by the major version each server reported, oldest first.

/** The major version of a target, from the server version the run recorded ("17.10" → 17). */
export function majorOf(result, targetId) {
  const target = result.environment.targets.find((t) => t.id === targetId);
  const version = target?.serverVersion;
  // A target the runner could not use never told its version: it is named by its id (its cells are failed).
  if (!version && target?.error) return target.id;
  if (!version)
    throw new Error(`${result.run.id}: target "${targetId}" has no server version recorded; the page cannot name it.`);
  // A release ("17.4") is named by its major; a pre-release ("18beta1", "19devel") as the server gives it.
  return /^\d+\.\d+/.test(version) ? version.split('.')[0] : version;
}

/** Orders version names as majorOf gives them: 9 before 10, 18beta1 before 18. */
export const byVersion = (a, b) =>
  parseInt(a, 10) - parseInt(b, 10) || (a.length === b.length ? 0 : a.length > b.length ? -1 : 1);

/**
 * The targets of a result, oldest version first (ties by id: pg15 before
 * pg15-aa): the order pages list them in and compare them from. A result lists
 * them in its suite's order (older runs: as the runner met them), which is no
 * meaning a page may rely on.
 */
export function targetOrder(result) {
  const known = result.environment.targets.filter((t) => t.serverVersion);
  const order = known
    .map((t) => ({id: t.id, major: majorOf(result, t.id)}))
    .sort((a, b) => byVersion(a.major, b.major) || a.id.localeCompare(b.id))
    .map((t) => t.id);
  return [...order, ...result.environment.targets.filter((t) => !t.serverVersion).map((t) => t.id)];
}

/** A comparator of target ids (or of objects with `target`), in targetOrder. */
export function byTargetOrder(result) {
  const rank = new Map(targetOrder(result).map((id, i) => [id, i]));
  const key = (x) => rank.get(typeof x === 'string' ? x : x.target) ?? rank.size;
  return (a, b) => key(a) - key(b);
}
