// Where the work changed, under a group's instructions: for each server, the
// functions whose instructions per transaction moved most against a base
// server, from the run's Cachegrind profiles. Against every base a reader can
// choose (the versions answer's baseline), not only the first: the page shows
// one base's tables, and the others load on demand when the reader picks one.
import {functionChanges, functionNoise} from '../cachegrind/function-changes.mjs';
import {parseCellKey} from '../model/keys.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {comparableBuilds} from '../model/targets.mjs';
import {controlsOf} from '../model/comparisons.mjs';

/** How many functions each "where the work changed" table lists. */
const TOP_FUNCTIONS = 10;

/**
 * How far a function's count per transaction moves by chance: the largest of the run's A/A pairs'
 * (functionNoise, a fraction of the twin's total), the same code measured twice; 0 without a pair.
 */
function aaNoise(result, profiles) {
  let noise = 0;
  for (const [control, twin] of controlsOf(result)) {
    for (const [key, profile] of profiles) {
      const cell = parseCellKey(key);
      if (cell?.target !== control) continue;
      const twinProfile = profiles.get(`${twin} ${cell.group}`);
      if (twinProfile) noise = Math.max(noise, functionNoise(twinProfile, profile));
    }
  }
  return noise;
}

/**
 * The group's function tables: `functions` against the first server (`functionsBase`), and `functionsVersus`,
 * those against each other server that has a profile, by its id. A pair built otherwise and not of one
 * version (comparableBuilds) has none.
 * @param {object} options
 * @param {object} options.result  the instructions run
 * @param {{target: string}[]} options.rows  the group's servers, the first the table's base
 * @param {Map} options.profiles  the run's profiles (readRunProfiles)
 * @param {(target: string) => object|undefined} options.profileOf  a server's profile of this group
 */
export function functionFigures({result, rows, profiles, profileOf, name, locale}) {
  const noise = aaNoise(result, profiles);
  const against = (base) =>
    rows.flatMap((r) => {
      const [before, after] = [profileOf(base), profileOf(r.target)];
      if (r.target === base || !before || !after || !comparableBuilds(result, r.target, base)) return [];
      const changes = functionChanges(before, after, {top: TOP_FUNCTIONS, noise});
      return [changeFigures(changes, {target: r.target, base, name, locale})];
    });
  const [first, ...others] = rows.map((r) => r.target);
  return {
    functionsBase: first,
    functions: against(first),
    functionsVersus: Object.fromEntries(
      others.flatMap((base) => {
        const list = profileOf(base) ? against(base) : [];
        return list.length > 0 ? [[base, list]] : [];
      }),
    ),
  };
}

/** One server's change against its base, in the page's words and figures. */
function changeFigures(changes, {target, base, name, locale}) {
  const count = (v) => formatFigure(v, 'instructions', locale);
  return {
    target,
    baseTarget: base,
    name: name(target),
    base: name(base),
    before: count(changes.before),
    after: count(changes.after),
    change: formatFigure(changes.change, 'instructionsChange', locale),
    rows: changes.functions.map((f) => ({
      function: f.name,
      before: count(f.before),
      after: count(f.after),
      change: formatFigure(f.change, 'instructionsChange', locale),
      share: formatFigure(f.share, 'percent', locale),
    })),
    noise: count(changes.noise),
    belowNoise: formatFigure(changes.belowNoise, 'integer', locale),
    beyond: formatFigure(changes.beyond.count, 'integer', locale),
    beyondChange: formatFigure(changes.beyond.change, 'instructionsChange', locale),
    // How many, and the most negative few by name: the list can run to a hundred functions.
    negative:
      changes.negative.length > 0
        ? {
            count: formatFigure(changes.negative.length, 'integer', locale),
            functions: changes.negative.slice(0, 3).join(', '),
          }
        : null,
  };
}

/**
 * The groups with their function tables against `base` where a group has them (the page's first view: the
 * answer's first baseline), those against the first server kept among the others.
 */
export function functionsAgainst(groups, base) {
  return groups.map((g) => {
    const f = g.instructions;
    const chosen = f?.functionsVersus?.[base];
    if (!chosen) return g;
    const {[base]: _, ...rest} = f.functionsVersus;
    const versus = {...rest, [f.functionsBase]: f.functions};
    return {...g, instructions: {...f, functionsBase: base, functions: chosen, functionsVersus: versus}};
  });
}
