// A function's name as versions are compared by it: GCC's clone suffixes
// dropped (foo.isra.1 in one build is foo.isra.2 in another, the same source
// function), and the functions PostgreSQL renamed or merged between 15 and 18
// (function-renames.json, each checked against the binaries) called by their
// newest name, so that a rename is not shown as one function gone and another new;
// a function split into several (LWLockRelease and 18's LWLockReleaseInternal) is
// compared as one, named by its parts.
import {readFileSync} from 'node:fs';

const {renames, splits} = JSON.parse(readFileSync(new URL('./function-renames.json', import.meta.url), 'utf8'));
const exact = new Map(renames.filter((r) => r.from).map((r) => [r.from, r.to]));
const splitOf = new Map(splits.flatMap((s) => s.parts.map((part) => [part, s.parts.join(' + ')])));
const patterns = renames.filter((r) => r.pattern).map((r) => ({re: new RegExp(r.pattern), to: r.to}));

// .isra.3, .constprop.0, .part.11, .cold, .lto_priv.0, one after another (foo.isra.10.part.11).
const CLONE = /(?:\.(?:isra|constprop|part|cold|lto_priv|localalias)(?:\.\d+)?)+$/;
// Callgrind's recursion level (foo'2: foo called from within itself), the same function.
const RECURSION = /'\d+$/;

/** The name without Callgrind's recursion level and GCC's clone suffixes. */
export const withoutCloneSuffix = (name) => name.replace(RECURSION, '').replace(CLONE, '');

/** The name versions are compared by. */
export function comparedName(name) {
  const bare = withoutCloneSuffix(name);
  const renamed = exact.get(bare) ?? patterns.find((p) => p.re.test(bare))?.to ?? bare;
  return splitOf.get(renamed) ?? renamed;
}

/** The rename and split entries, as the repository's table lists them (for its test). */
export const RENAMES = renames;
export const SPLITS = splits;
