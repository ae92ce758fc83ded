// A table of servers' figures, as every page of results shows one (a group's timed figures, its instructions, a
// published study's): its columns' labels, and per row the server, its exact version, each figure with its repeats'
// spread, and its comparison with the baseline in words (or why it has none).
import {FIGURES} from '../model/measures.mjs';
import {comparableBuilds, targetById} from '../model/targets.mjs';
import {controlNote, versusCell, worded} from './verdict-words.mjs';

/**
 * A table of servers' figures (stats of groupFigures, by figure) and their comparisons: its columns' labels, and
 * per row the server, its exact version, each figure with its repeats' spread, and `versus(row)`.
 */
export function tableOf(rows, {t, result, name, figures, versus, firstColumn, base, caption}) {
  const label = (f) => t(FIGURES[f].column.key, FIGURES[f].column.values);
  const cell = (f, stat) =>
    stat
      ? {figure: f, text: stat.text, ...(stat.ok > 1 && stat.spread !== stat.text && {spread: stat.spread})}
      : {figure: f, text: '—'};
  return {
    columns: [
      t(firstColumn),
      ...figures.map((f) => ({label: label(f), numeric: true})),
      {label: t('common.table.versus', {base}), numeric: true},
    ],
    rows: rows.map((r) => ({
      target: r.target,
      name: name(r.target),
      version: targetById(result, r.target)?.serverVersion ?? null,
      cells: figures.map((f) =>
        cell(f, FIGURES[f].shown && r.figures[f] && !FIGURES[f].shown(r.figures[f]) ? null : r.figures[f]),
      ),
      versus: versus(r),
    })),
    caption,
  };
}

/**
 * Each row's comparison cell: the baseline's, an A/A control's without its twin, its finding's (worded), or, for a
 * server that has none, why: built otherwise than the baseline, or nothing to compare.
 */
export const versusOf =
  ({t, result, base, controls, findings, measure = 'time', as}) =>
  (r) => {
    if (r.target === base) return {note: t('common.baseline')};
    if (controls.has(r.target)) return {note: t('common.unpairedControl')};
    const w = findings.find((f) => f.target === r.target)?.worded;
    if (w) return versusCell(t, w, {measure, as});
    return {note: comparableBuilds(result, r.target, base) ? '—' : t('common.otherBuild')};
  };

/**
 * A group's servers as its table lists them, and what the page says apart: every server but the A/A controls whose
 * twin ran the group (the first such control is `control`, shown in a note); a control whose twin did not run it (a
 * run of --only target=<control>) is a row of its own, last, never compared. With each compared server's comparison
 * against the run's baseline in `figure`, worded (`findings`), and the control's note.
 * @param {object[]} inGroup  the group's figures per server (groupFigures), in the servers' order
 */
export function groupParts(inGroup, {decisions, key, figure, measure = 'time', controls, t, name, locale, margin}) {
  const ran = new Set(inGroup.map((g) => g.target));
  const paired = (g) => ran.has(controls.get(g.target));
  const unpaired = inGroup.filter((g) => controls.has(g.target) && !paired(g));
  const rows = [...inGroup.filter((g) => !controls.has(g.target)), ...unpaired];
  const decided = (target) => {
    const d = decisions.of(key, target, figure);
    return d && worded(d, {locale, margin});
  };
  const base = name(decisions.baseline);
  const findings = rows.flatMap((r) => {
    const w = !controls.has(r.target) && decided(r.target);
    return w ? [{target: r.target, baseTarget: decisions.baseline, name: name(r.target), base, worded: w}] : [];
  });
  const c = inGroup.find((g) => controls.has(g.target));
  const twin = c && name(controls.get(c.target));
  let control = null;
  if (c && !paired(c)) control = {target: c.target, name: name(c.target), base: twin, unpaired: true};
  else if (c && decided(c.target)) {
    control = {target: c.target, name: t('common.controlName', {name: twin}), base: twin, worded: decided(c.target)};
  }
  return {rows, findings, control: controlNote(t, control, {measure, locale})};
}
