// A decided comparison (lib/model/comparisons.mjs) in a page's words, at build time: its figures as text, the
// sentence its verdict states, the cell of a table that shows it, an A/A control's note, and the statement a group
// makes of several. Every finding a page states is written here; components only lay it out.
import {comparisonText, detectableOf, unsignedPercent} from '../numbers/comparison-text.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {ratio} from '../numbers/ratio.mjs';
import {FIGURES, MEASURES} from '../model/measures.mjs';
import {messageKey} from '../i18n/message-keys.mjs';
import {sentenceGap} from '../i18n/list.mjs';

/** Sentences (some entries false or null, some lists) joined as the locale joins them. */
export const sentences = (list, locale) => list.flat().filter(Boolean).join(sentenceGap(locale));

/**
 * A decided comparison with its text: the change and its interval (also as ratios, for "× as fast"), the ratio of
 * the medians apart, the runs, the margin, and what the runs could have detected; null for none.
 */
export function worded(c, {locale, margin}) {
  if (!c) return null;
  const runs = c.n;
  // "× as fast" states the same estimate as the change (the median of the ratios of every pair of runs), so that
  // "5.3 times" and "+427%" never stand side by side; the ratio of the medians is told apart.
  const times = c.change === null ? ratio(c.candidate.median, c.baseline.median) : 1 + c.change;
  return {
    ...c,
    ...comparisonText(c, locale),
    ratio: times,
    ratioText: formatFigure(times, 'ratio', locale),
    mediansText: formatFigure(ratio(c.candidate.median, c.baseline.median), 'medianRatio', locale),
    // The shift and the ratio of the medians pointing different ways (runs that overlap): said on the spot.
    mediansOtherWay:
      c.change !== null && Math.sign(c.change) * Math.sign(ratio(c.candidate.median, c.baseline.median) - 1) < 0,
    runs: formatFigure(runs, 'integer', locale),
    margin: unsignedPercent(margin, locale),
    // The interval reaches past the margin on either side: for an A/A, noise alone can exceed the margin.
    beyondMargin: c.low !== null && (c.low < -margin || c.high > margin),
    ...detectableOf(c, {margin, runs, locale}),
  };
}

/**
 * The verdict as words say it: an undecided interval wholly on one side of zero says which way the difference goes
 * (apartBetter, apartWorse), so that neither a sentence nor a table's word reads as "no difference".
 */
export function wordedVerdict(w, measure) {
  const apart = w.verdict === 'inconclusive' && w.low !== null && (w.low > 0 || w.high < 0);
  if (!apart) return w.verdict;
  return w.low > 0 === (FIGURES[MEASURES[measure].headline].better === 'higher') ? 'apartBetter' : 'apartWorse';
}

/** The verdict's short word, for a table's cell or the answer's matrix. */
export const verdictShort = (t, w, measure) =>
  t(messageKey(MEASURES[measure].short, wordedVerdict(w, measure), 'verdict'));

/**
 * The sentence a verdict states, naming both servers; a timed comparison that cannot decide also says what it
 * could have detected.
 */
export function verdictSentence(t, w, {name, base, measure = 'time', locale}) {
  const who = {name, base, runs: w.runs};
  if (w.low === null) return t('common.verdict.sentence.tooFew', who);
  const key = messageKey(MEASURES[measure].sentence, wordedVerdict(w, measure), 'verdict sentence');
  const {changeText: change, lowText: low, highText: high, leastText: least, mostText: most, margin, level} = w;
  // Without its sign, for the sentences whose words say which way it went ("faster by 3.2%").
  const unsigned = (text) => text.replace(/^[+\-−]/, '');
  // The interval's ends as sizes ("by 0.6% to 18%"); `bound`, its farther end either way ("no more than 12%").
  const sentence = t(key, {
    ...who,
    change,
    amount: unsigned(change),
    low,
    high,
    least,
    most,
    bound: most,
    margin,
    level,
  });
  if (!MEASURES[measure].detectable || w.verdict !== 'inconclusive' || !w.detectableText) return sentence;
  const more = t('common.detectable', {detectable: w.detectableText, rounds: w.roundsForWanted, wanted: w.wantedText});
  return sentences([sentence, more], locale);
}

/**
 * A table's cell of a comparison: the change (or, `as: 'ratio'`, the times the throughput), and under it its
 * interval, the ratio of the medians and the verdict's short word; `note` instead where the row is not compared.
 */
export function versusCell(t, w, {measure = 'time', as = 'percent'} = {}) {
  if (!w) return {note: t('common.baseline')};
  const times = (value) => t('common.times', {ratio: value});
  const percent = as === 'percent';
  const interval =
    w.lowText &&
    t('common.versus.interval', {
      low: percent ? w.lowText : times(w.ratioLowText),
      high: percent ? w.highText : times(w.ratioHighText),
    });
  return {
    figure: percent ? 'percent' : 'ratio',
    verdict: w.verdict,
    text: percent ? w.changeText : times(w.ratioText),
    // Under it: its interval, the ratio of the medians (which can differ from it, even in sign), the verdict.
    lines: [
      interval,
      t(w.mediansOtherWay ? 'common.versus.mediansOther' : 'common.versus.medians', {ratio: w.mediansText}),
      verdictShort(t, w, measure),
    ].filter(Boolean),
  };
}

/** An A/A control's note: what it is, then its verdict against its twin (or that it has no twin to be read against). */
export function controlNote(t, control, {measure, locale}) {
  if (!control) return null;
  const {target, name, base} = control;
  if (control.unpaired) return {target, unpaired: true, text: t('common.controlUnpaired', {name, base})};
  const w = control.worded;
  return {
    target,
    verdict: w.verdict,
    text: sentences(
      [
        t('common.controlNote', {name, base}),
        verdictSentence(t, w, {name, base, measure, locale}),
        w.beyondMargin && t('common.controlBeyondMargin', {margin: w.margin}),
      ],
      locale,
    ),
  };
}
