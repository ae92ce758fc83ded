// What the pages of measured runs share: a figure with its spread, a comparison
// with its verdict, the sentence a verdict states, an A/A control's note, and a
// boxed note of sentences. Figures arrive formatted from the data plugin.
import {useSentenceGap, useT} from '@site/src/components/Msg';
import {Num, Spread} from '@site/src/components/DataTable';
import NoteBox from '@site/src/components/NoteBox';
import {Explained} from '@site/src/components/Terms';
import {
  AGREEMENT_CLAIM,
  AGREEMENT_OUTCOME,
  verdictSentenceKey,
  VERDICT_SHORT,
  messageKey,
} from '@site/lib/i18n/message-keys.mjs';

/** A table row's heading: a server's name, its exact version under it. */
export function VersionCell({name, version}) {
  return (
    <th scope="row">
      <Explained>{name}</Explained>
      <Spread>{version}</Spread>
    </th>
  );
}

/** A median with its repeats' spread under it. */
export function Stat({stat, figure}) {
  if (!stat) return <Num>—</Num>;
  return (
    <Num data-figure={figure}>
      {stat.text}
      {stat.ok > 1 && stat.spread !== stat.text && <Spread>{stat.spread}</Spread>}
    </Num>
  );
}

/** The A/A control of a group: what it is, then its verdict against its twin. */
export function ControlNote({control, measure = 'time'}) {
  const t = useT();
  const gap = useSentenceGap();
  if (!control) return null;
  if (control.unpaired) {
    return (
      <p data-control={control.target} data-measure={measure} data-unpaired>
        <Explained>{t('common.controlUnpaired', {name: control.name, base: control.base})}</Explained>
      </p>
    );
  }
  return (
    <p data-control={control.target} data-measure={measure}>
      <Explained>
        {sentences(
          [
            t('common.controlNote', {name: control.name, base: control.base}),
            verdictSentence(t, control, measure),
            control.beyondMargin && t('common.controlBeyondMargin', {margin: control.margin}),
          ],
          gap,
        )}
      </Explained>
    </p>
  );
}

/** A boxed note: its title, then its sentences (empty ones left out), then anything after them. */
export function SentenceNote({title, sentences, children}) {
  const gap = useSentenceGap();
  return (
    <NoteBox>
      <strong>
        <Explained>{title}</Explained>
      </strong>
      {gap}
      <Explained>{sentences.filter(Boolean).join(gap)}</Explained>
      {children}
    </NoteBox>
  );
}

/** A comparison with the baseline: the change (versions) or times (planner), and its verdict. */
export function Versus({compare, as = 'percent', measure = 'time'}) {
  const t = useT();
  if (!compare) return <Num>{t('common.baseline')}</Num>;
  const main = as === 'percent' ? compare.changeText : t('common.times', {ratio: compare.ratioText});
  // The change (or, as times, 1 + the change) is a Hodges-Lehmann shift: beside it its interval and the ratio
  // of the medians, which can differ from it (in sign, when the runs overlap; the table's note says so).
  return (
    <Num data-figure={as === 'percent' ? 'percent' : 'ratio'} data-verdict={compare.verdict}>
      {main}
      {compare.lowText && (
        <Spread>
          {as === 'percent'
            ? t('common.versus.interval', {low: compare.lowText, high: compare.highText})
            : t('common.versus.interval', {
                low: t('common.times', {ratio: compare.ratioLowText}),
                high: t('common.times', {ratio: compare.ratioHighText}),
              })}
        </Spread>
      )}
      <Spread>{t('common.versus.medians', {ratio: compare.mediansText})}</Spread>
      <Spread>{t(messageKey(VERDICT_SHORT[measure], compare.verdict, 'VERDICT_SHORT'))}</Spread>
    </Num>
  );
}

/** A table's note, and what its "against" column holds when it has one; `gap` between sentences (useSentenceGap). */
export const tableNote = (t, repeats, versus = 'common.table.versusNote', gap = ' ') =>
  versus ? `${t('common.table.note', {repeats})}${gap}${t(versus)}` : t('common.table.note', {repeats});

/**
 * The sentence a verdict states (lib/stats decides it; the catalog words it);
 * a timed comparison that cannot decide also says what it could have detected.
 */
export function verdictSentence(t, v, measure = 'time') {
  const who = {name: v.name, base: v.base, runs: v.runs};
  if (v.low === null) return t('common.verdict.sentence.tooFew', who);
  const {changeText: change, lowText: low, highText: high, margin, level} = v;
  const sentence = t(verdictSentenceKey(measure, v), {
    ...who,
    change,
    // Without its sign, for the sentences whose words say which way it went ("faster by 3.2%").
    amount: change.replace(/^[+\-−]/, ''),
    low,
    high,
    margin,
    level,
  });
  if (measure !== 'time' || v.verdict !== 'inconclusive' || !v.detectableText) return sentence;
  return [
    sentence,
    t('common.detectable', {detectable: v.detectableText, rounds: v.roundsForWanted, wanted: v.wantedText}),
  ];
}

/** Sentences (some verdicts give two) joined by the locale's gap. */
export const sentences = (list, gap) => list.flat().filter(Boolean).join(gap);

/** Whether our verdicts agree with the published study's finding, in one sentence. */
export function Agreement({agreement, source}) {
  const t = useT();
  if (!agreement) return null;
  const claim = t(messageKey(AGREEMENT_CLAIM, agreement.claim, 'AGREEMENT_CLAIM'), {
    names: agreement.names,
    base: agreement.base,
  });
  return (
    <p className="finding" data-agreement={agreement.outcome}>
      <Explained>
        {t(messageKey(AGREEMENT_OUTCOME, agreement.outcome, 'AGREEMENT_OUTCOME'), {
          source,
          claim,
          names: agreement.names,
          base: agreement.base,
        })}
      </Explained>
      {/* The study's own figures beside its reading of them, computed here, never inside its quoted words. */}
      {agreement.low &&
        ` ${t('common.agreement.range', {
          low: agreement.low,
          high: agreement.high,
          base: t('common.postgresVersion', {version: agreement.spreadBase}),
        })}`}
    </p>
  );
}
