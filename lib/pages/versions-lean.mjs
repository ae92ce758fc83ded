// What the versions page's first load keeps of a group: the texts the page
// writes. The numbers behind them (a median, a change at full precision, what
// a comparison could have detected) made the sentences and the charts at build
// time; the versions matrix keeps its own, rounded.

const shownStat = (stat) => stat && {text: stat.text, spread: stat.spread, ok: stat.ok, repeats: stat.repeats};
const shownVersus = (v) =>
  v && {
    verdict: v.verdict,
    changeText: v.changeText,
    lowText: v.lowText,
    highText: v.highText,
    mediansText: v.mediansText,
    ratioText: v.ratioText,
  };

/** An A/A control as its note states it (lib/stats decided it; its sentence needs these). */
const shownControl = (c) =>
  c && {
    target: c.target,
    name: c.name,
    base: c.base,
    runs: c.runs,
    verdict: c.verdict,
    low: c.low,
    high: c.high,
    changeText: c.changeText,
    lowText: c.lowText,
    highText: c.highText,
    margin: c.margin,
    level: c.level,
    beyondMargin: c.beyondMargin,
    detectableText: c.detectableText,
    roundsForWanted: c.roundsForWanted,
    wantedText: c.wantedText,
  };

/**
 * A group as its first load carries it: the statements stand for the findings they were made from; its key and
 * clients (the page shows its anchor and parameters) and a setup command it did not have stay out.
 */
export function leanGroup({findings, names, key, clients, ...group}) {
  const f = group.instructions;
  const figures = (all) => Object.fromEntries(Object.entries(all).map(([k, stat]) => [k, shownStat(stat)]));
  const {setup, ...commands} = group.commands;
  return {
    ...group,
    commands: setup ? group.commands : commands,
    control: shownControl(group.control),
    published: group.published && {
      ...group.published,
      rows: group.published.rows.map((r) => ({
        ...r,
        figures: figures(r.figures),
        comparison: r.comparison && {changeText: r.comparison.changeText},
      })),
    },
    rows: group.rows.map((r) => ({
      ...r,
      figures: figures(r.figures),
      comparison: shownVersus(r.comparison),
    })),
    instructions: f && {
      ...f,
      control: shownControl(f.control),
      findings: f.statement ? [] : f.findings,
      rows: f.rows.map((r) => ({
        ...r,
        instructions: shownStat(r.instructions),
        other: shownStat(r.other),
        comparison: shownVersus(r.comparison),
      })),
    },
  };
}
