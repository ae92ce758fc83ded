// The A/A control of a comparison group: a second server of a version, with
// its own data, measured in the same rounds as its twin. Its comparison with
// the twin is decided like any other and shown apart: it is the machine's
// noise floor, never a version's result.
import {versusBaseline} from '../numbers/repeat-stats.mjs';

/**
 * The group's A/A control against its twin, or null when the group has none.
 * @param {object[]} inGroup  the group's figures per target (groupFigures)
 * @param {Map<string, string>} controls  control target → its twin (controlsOf)
 */
export function controlOf(inGroup, controls, {name, locale, margin, t, figure = 'tps'}) {
  const control = inGroup.find((g) => controls.has(g.target));
  const twin = control && inGroup.find((g) => g.target === controls.get(control.target));
  if (!twin) return null;
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
