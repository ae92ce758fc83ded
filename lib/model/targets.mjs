// A result's targets as every page and `bench compare` order and name them:
// by the major version each server reported, oldest first.

// Each result's targets by id, its majors and its servers by major, made once per list of targets: pages
// name every target of a run, each name asks after every other target, and a search per question made a
// build of 1,000 targets cubic (scripts/perf/many-targets.mjs). Keyed by the list, a result read anew (or
// given other targets) gets an index of its own, and so does a list grown or cut in place; a target is
// not edited once read (the site freezes results).
const indexes = new WeakMap();

function indexOf(result) {
  const {targets} = result.environment;
  let index = indexes.get(targets);
  if (index?.size !== targets.length) {
    index = {size: targets.length, byId: new Map(targets.map((t) => [t.id, t])), majors: new Map(), derived: new Map()};
    indexes.set(targets, index);
  }
  return index;
}

/** A result's target by its id (undefined when it has none). */
export const targetById = (result, targetId) => indexOf(result).byId.get(targetId);

/**
 * What `make(result)` gives, made once per list of targets as the index is: for a page's question about all
 * of a run's targets that each of its targets asks (`key` says which, e.g. the function that makes it).
 */
export function derivedOf(result, key, make) {
  const {derived} = indexOf(result);
  if (!derived.has(key)) derived.set(key, make(result));
  return derived.get(key);
}

/** The major version of a target, from the server version the run recorded ("17.10" → 17). */
export function majorOf(result, targetId) {
  const {majors} = indexOf(result);
  if (!majors.has(targetId)) majors.set(targetId, majorOfTarget(result, targetId));
  return majors.get(targetId);
}

/**
 * The servers of a result that reported a version and worked, by major version: the targets another of
 * that version may be confused with.
 * @returns {Map<string, object[]>}
 */
export const serversByMajor = (result) => derivedOf(result, serversByMajor, groupByMajor);

function groupByMajor(result) {
  const byMajor = new Map();
  for (const t of result.environment.targets.filter((x) => !x.error && x.serverVersion)) {
    const major = majorOf(result, t.id);
    if (!byMajor.has(major)) byMajor.set(major, []);
    byMajor.get(major).push(t);
  }
  return byMajor;
}

function majorOfTarget(result, targetId) {
  const target = targetById(result, targetId);
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
 * The targets of a result, oldest version first, one version's servers as the
 * result lists them (its suite's order) with an A/A control after its twin:
 * the order pages list them in and compare them from. So a settings comparison
 * of one version has its suite's first target as its baseline.
 */
export function targetOrder(result) {
  const known = result.environment.targets.filter((t) => t.serverVersion);
  const order = known
    .map((t, i) => ({id: t.id, major: majorOf(result, t.id), rank: i + (t.controlOf ? known.length : 0)}))
    .sort((a, b) => byVersion(a.major, b.major) || a.rank - b.rank)
    .map((t) => t.id);
  return [...order, ...result.environment.targets.filter((t) => !t.serverVersion).map((t) => t.id)];
}

/** A comparator of target ids (or of objects with `target`), in targetOrder. */
export function byTargetOrder(result) {
  const rank = new Map(targetOrder(result).map((id, i) => [id, i]));
  const key = (x) => rank.get(typeof x === 'string' ? x : x.target) ?? rank.size;
  return (a, b) => key(a) - key(b);
}

/** The optimization flag of a server's build ("-O2", "-Os"; "-O0" when its CFLAGS give none); null when unknown. */
export const optimizationOf = (target) =>
  target?.build ? (/(?:^| )(-O\w*)(?= |$)/.exec(target.build.cflags ?? '')?.[1] ?? '-O0') : null;

/**
 * `result` with the targets of `other` (a run of the same suite by another measure) that it lacks, after its
 * own: so that a page naming and ordering the servers of both runs names each server once, the same way.
 */
export function withTargetsOf(result, other) {
  const own = new Set(result.environment.targets.map((t) => t.id));
  const more = (other?.environment.targets ?? []).filter((t) => !own.has(t.id));
  if (more.length === 0) return result;
  return {...result, environment: {...result.environment, targets: [...result.environment.targets, ...more]}};
}

/**
 * Whether two servers of a result may be compared: built alike (the same optimization flag, or neither known),
 * or two builds of one version, whose difference is what the build moves. A version against another built
 * otherwise would measure the compiler as much as the version.
 */
export function comparableBuilds(result, a, b) {
  const [x, y] = [targetById(result, a), targetById(result, b)];
  return optimizationOf(x) === optimizationOf(y) || majorOf(result, a) === majorOf(result, b);
}
