// The A/A control of a comparison group: a second server of a version, with
// its own data, measured in the same rounds as its twin. Its comparison with
// the twin is decided like any other and shown apart: it is the machine's
// noise floor, never a version's result.
import {versusBaseline} from '../numbers/repeat-stats.mjs';

/**
 * The rows of a group's table: every target but the A/A controls whose twin ran the group (controlOf shows those
 * apart); a control whose twin did not run it (a run of --only target=<control>) is a row of its own, last, and
 * `unpaired`: it has no base to be read against, so it is never compared, nor anything with it.
 * @param {object[]} inGroup  the group's figures per target (groupFigures), in the targets' order
 * @param {Map<string, string>} controls  control target → its twin (controlsOf)
 * @returns {{rows: object[], unpaired: Set<string>}}
 */
export function groupRows(inGroup, controls) {
  const ran = new Set(inGroup.map((g) => g.target));
  const unpaired = inGroup.filter((g) => controls.has(g.target) && !ran.has(controls.get(g.target)));
  return {
    rows: [...inGroup.filter((g) => !controls.has(g.target)), ...unpaired],
    unpaired: new Set(unpaired.map((g) => g.target)),
  };
}

/**
 * The group's A/A control against its twin, or null when the group has none; `unpaired` (and no comparison) when
 * its twin did not run the group.
 * @param {object[]} inGroup  the group's figures per target (groupFigures)
 * @param {Map<string, string>} controls  control target → its twin (controlsOf)
 */
export function controlOf(inGroup, controls, {name, locale, margin, t, figure = 'tps'}) {
  const control = inGroup.find((g) => controls.has(g.target));
  if (!control) return null;
  const twin = inGroup.find((g) => g.target === controls.get(control.target));
  if (!twin) {
    const base = name(controls.get(control.target));
    return {
      target: control.target,
      twin: controls.get(control.target),
      name: name(control.target),
      base,
      unpaired: true,
    };
  }
  const [v] = versusBaseline(twin.figures[figure], [control.figures[figure]], {locale, margin, figure});
  const twinName = name(twin.target);
  return {
    target: control.target,
    twin: twin.target,
    name: t('common.controlName', {name: twinName}),
    base: twinName,
    [figure]: control.figures[figure],
    ...v,
  };
}
