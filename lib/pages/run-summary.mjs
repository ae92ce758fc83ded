// "What this run shows": the answer a reader came for, at the top of the
// versions and planner pages, generated from every verdict of both measures.
// Per version, how its instructions per transaction compare with the
// baseline's across the groups (how many fewer, more, the same, undecided,
// with the range of the changes); then how many timed comparisons decided,
// and how large a change the undecided ones could have seen.
import {formatFigure} from '../numbers/format.mjs';
import {SUMMARY_PART, messageKey} from '../i18n/message-keys.mjs';

const VERDICT_ORDER = ['better', 'worse', 'equivalent', 'below-margin', 'inconclusive'];

/** "−0.61% to −0.52%", or one change when they are written alike. */
function range(values, kind, locale) {
  const sorted = [...values].sort((a, b) => a - b);
  const [low, high] = [formatFigure(sorted[0], kind, locale), formatFigure(sorted.at(-1), kind, locale)];
  return low === high ? low : {low, high};
}

/**
 * @param {{id: string, title: string, findings: object[], instructions: object|null}[]} groups  a page's groups
 *   (or cases): their timed findings and instructions figures (instructionGroup)
 * @param {{t: Function, locale: string}} options
 * @returns {{instructions: string[]|null, time: string|null, links: {id: string, title: string}[]}}
 */
export function runSummary(groups, {t, locale}) {
  const list = (items) => new Intl.ListFormat(locale, {type: 'conjunction'}).format(items);
  const withInstructions = groups.filter((g) => g.instructions);
  let instructions = null;
  if (withInstructions.length > 0) {
    const byVersion = new Map();
    for (const g of withInstructions) {
      for (const f of g.instructions.findings) {
        if (!byVersion.has(f.name)) byVersion.set(f.name, {base: f.base, findings: []});
        byVersion.get(f.name).findings.push(f);
      }
    }
    instructions = [...byVersion].map(([name, {base, findings}]) => {
      const parts = VERDICT_ORDER.flatMap((verdict) => {
        const these = findings.filter((f) => (f.low === null ? 'inconclusive' : f.verdict) === verdict);
        if (these.length === 0) return [];
        const span = range(
          these.map((f) => f.change),
          'percent',
          locale,
        );
        const values = {
          count: formatFigure(these.length, 'integer', locale),
          total: formatFigure(findings.length, 'integer', locale),
          margin: these[0].margin,
          ...(typeof span === 'string' ? {change: span} : span),
        };
        const key = typeof span === 'string' ? 'one' : 'range';
        return [t(messageKey(SUMMARY_PART, verdict, 'SUMMARY_PART')[key], values)];
      });
      return t('common.summary.instructions', {name, base, parts: list(parts)});
    });
  }
  const timed = groups.flatMap((g) => g.findings);
  let time = null;
  if (timed.length > 0) {
    const open = timed.filter((f) => f.low === null || f.verdict === 'inconclusive');
    const decided = formatFigure(timed.length - open.length, 'integer', locale);
    const total = formatFigure(timed.length, 'integer', locale);
    const detectable = open.filter((f) => f.detectable !== null && f.detectable !== undefined);
    if (open.length === 0) time = t('common.summary.time.all', {total});
    else if (detectable.length === 0) time = t('common.summary.time.tooFew', {decided, total});
    else {
      const span = range(
        detectable.map((f) => f.detectable),
        'percent',
        locale,
      );
      const values = typeof span === 'string' ? {low: span, high: span} : span;
      time = t('common.summary.time.some', {
        decided,
        total,
        low: values.low.replace(/^\+/, ''),
        high: values.high.replace(/^\+/, ''),
      });
    }
  }
  return {instructions, time, links: groups.map((g) => ({id: g.id, title: g.title}))};
}
