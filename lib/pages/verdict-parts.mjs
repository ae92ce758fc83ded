// A statement over many comparisons, one part per verdict met ("fewer in 3 of 4 (-3.2% to -1.4%) and more in the
// other 1 (+0.4%)"), so that a page says once what a sentence per comparison would repeat: a group's
// statement of its servers, an answer's of a pair's groups. Each measure gives a verdict's words for one change and
// for a range (lib/model/measures.mjs); an undecided timed part says how large a change the noise hides.
import {unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatChange, formatFigure} from '../numbers/format.mjs';
import {FIGURES, MEASURES} from '../model/measures.mjs';
import {howMany} from '../i18n/how-many.mjs';
import {listOf} from '../i18n/list.mjs';
import {messageKey} from '../i18n/message-keys.mjs';
import {VERDICTS} from '../stats/compare.mjs';
import {sentences, verdictSentence, wordedVerdict} from './verdict-words.mjs';

const PART_ORDER = [...VERDICTS.filter((v) => v !== 'inconclusive'), 'apartBetter', 'apartWorse', 'inconclusive'];

/**
 * The figure a part gives the range of: the change as a percent, each written to the precision of its own
 * interval (formatChange), or, where a page shows changes as times the throughput, the ratio.
 */
const CHANGE = {
  of: (c) => c.change,
  write: (c, locale) =>
    c.low === null || c.low === undefined
      ? formatFigure(c.change, 'percent', locale)
      : formatChange(c.change, c.high - c.low, locale),
};
const RATIO = {of: (c) => c.ratio, write: (c, locale) => formatFigure(c.ratio, 'ratio', locale)};
/** What the noise hides, "about" so large: two significant digits. */
const DETECTABLE = {
  of: (c) => c.detectable,
  write: (c, locale) => formatFigure(c.detectable, 'approximatePercent', locale),
};

/** "−0.61% to −0.52%", or one change when they are written alike. */
function span(cells, figure, locale) {
  const sorted = [...cells].sort((a, b) => figure.of(a) - figure.of(b));
  const [low, high] = [figure.write(sorted[0], locale), figure.write(sorted.at(-1), locale)];
  return low === high ? {one: true, change: low, low, high} : {one: false, low, high};
}

/**
 * The parts of a statement for one measure, joined as one clause list: one part per verdict met, with how many and
 * the range of their changes (`as: 'ratio'`: of their times the throughput); undecided timed comparisons say
 * instead how large a change this machine's noise hides.
 * @param {object[]} cells  worded comparisons (verdict-words.mjs, worded)
 */
export function verdictParts(cells, {t, locale, margin, measure, as = 'percent'}) {
  const map = as === 'ratio' ? MEASURES[measure].ratioPart : MEASURES[measure].part;
  const marginText = unsignedPercent(margin, locale);
  // In the order lib/stats decides them: what changed, then what did not, then which way but not by how much (where
  // the measure words it apart), then what cannot tell.
  const verdictOf = (c) => {
    const word = wordedVerdict(c, measure);
    return Object.hasOwn(map, word) ? word : c.verdict;
  };
  const met = PART_ORDER.map((verdict) => [verdict, cells.filter((c) => verdictOf(c) === verdict)]).filter(
    ([, these]) => these.length > 0,
  );
  const parts = met.map(([verdict, these], i) => {
    const keys = messageKey(map, verdict, 'answer part');
    // The last of several parts is the rest of the whole: "and the other 4", each language its own way.
    const share = {count: these.length, total: cells.length, rest: i > 0 && i === met.length - 1, locale};
    const values = {howMany: howMany(t, 'comparisons', share), margin: marginText};
    if (keys.tooFew) {
      const open = these.filter((c) => c.detectable !== null && c.detectable !== undefined);
      if (open.length === 0) return t(keys.tooFew, values);
      const seen = span(open, DETECTABLE, locale);
      const unsigned = (text) => text.replace(/^\+/, '');
      return t(seen.one ? keys.one : keys.range, {...values, low: unsigned(seen.low), high: unsigned(seen.high)});
    }
    const changes = span(these, as === 'ratio' ? RATIO : CHANGE, locale);
    return t(changes.one ? keys.one : keys.range, {...values, ...changes});
  });
  return listOf(parts, locale, {clauses: true});
}

/**
 * What a group's comparisons of one measure say, against its first server: one statement of them all, with how
 * many rounds a 5% change would take where some could not decide; a lone comparison its own sentence;
 * too few runs for any test, said once for them all. Null without comparisons.
 * @param {{name: string, base: string, worded: object}[]} findings
 */
export function groupStatement(findings, {t, locale, margin, measure, as}) {
  if (findings.length === 0) return null;
  const {base} = findings[0];
  const {runs} = findings[0].worded;
  if (findings.every((f) => f.worded.low === null)) {
    // Timed: the medians, which are all such runs can give (the sizes the reader came for).
    if (measure === 'time') {
      const value = (v) => formatFigure(v, FIGURES[MEASURES.time.headline].kind, locale);
      const named = findings.map((f) =>
        t('common.verdict.withMedian', {name: f.name, value: value(f.worded.candidate.median)}),
      );
      const medians = t('common.verdict.sentence.tooFewMedians', {
        name: listOf(named, locale),
        base,
        baseValue: value(findings[0].worded.baseline.median),
        runs,
      });
      // The change the tables show where it points the other way from the medians: said here, beside them.
      const otherWay = findings
        .filter((f) => f.worded.mediansOtherWay)
        .map((f) => t('common.verdict.sentence.otherWay', {name: f.name, change: f.worded.changeText}));
      return sentences([medians, ...otherWay], locale);
    }
    const names = listOf(
      findings.map((f) => f.name),
      locale,
    );
    return t('common.verdict.sentence.tooFew', {name: names, base, runs});
  }
  // One comparison: its own sentence, naming both servers ("1 of 1 comparisons" says less).
  if (findings.length === 1 && as !== 'ratio') {
    return verdictSentence(t, findings[0].worded, {...findings[0], measure, locale});
  }
  const parts = verdictParts(
    findings.map((f) => f.worded),
    {t, locale, margin, measure, as},
  );
  const statement = t(MEASURES[measure].statement, {base, runs, parts});
  const rounds = findings.map((f) => f.worded).filter((w) => w.verdict === 'inconclusive' && w.rounds !== null);
  if (measure !== 'time' || rounds.length === 0) return statement;
  const counts = rounds.map((w) => w.rounds).sort((a, b) => a - b);
  const [low, high] = [counts[0], counts.at(-1)].map((n) => formatFigure(n, 'integer', locale));
  const wanted = rounds[0].wantedText;
  return sentences(
    [
      statement,
      low === high
        ? t('versions.statement.roundsOne', {wanted, rounds: low})
        : t('versions.statement.rounds', {wanted, low, high}),
    ],
    locale,
  );
}
