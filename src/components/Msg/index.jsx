// The words of a page. Each page's data (from the data plugin) carries the
// part of its locale's catalog that the page uses; <Page> provides it to
// every <Msg> and component inside, so no page downloads the whole catalog.
import {createContext, Fragment, useContext, useMemo} from 'react';
import {createPartsTranslator, createTranslator} from '@site/lib/i18n/messages.mjs';
import {gapBetween, labelMark, listSeparator, sentenceGap, separated} from '@site/lib/i18n/list.mjs';
import {Explained, TermsOfPage} from '@site/src/components/Terms';
import {Marked, MarksOfPage, useMarks} from '@site/src/components/Marks';

const PageText = createContext(null);

/** Wraps a page's content: its data's locale and messages become the page's words. */
export function Page({data, children}) {
  const value = useMemo(
    () => ({
      locale: data.locale,
      t: createTranslator(data.locale, data.messages),
      parts: createPartsTranslator(data.locale, data.messages),
    }),
    [data],
  );
  return (
    <PageText.Provider value={value}>
      {data.fallback?.length > 0 && (
        // A translation with problems is built anyway: its unusable messages are English's, and the page says so.
        <p className="fallback-note" role="note" data-fallback={data.fallback.join(' ')}>
          {value.t('site.fallback', {count: String(data.fallback.length), command: 'npm run i18n:check'})}
        </p>
      )}
      {data.wholeInEnglish && (
        // The catalog cannot be used at all: the page is English's, and English to the browser too.
        <p className="fallback-note" role="note" data-fallback="whole" lang="en">
          {value.t('site.fallbackWhole', {command: 'npm run i18n:check'})}
        </p>
      )}
      <MarksOfPage marks={data.marks} t={value.t}>
        <TermsOfPage t={value.t}>{data.wholeInEnglish ? <div lang="en">{children}</div> : children}</TermsOfPage>
      </MarksOfPage>
    </PageText.Provider>
  );
}

function usePageText() {
  const value = useContext(PageText);
  if (!value) throw new Error('A message was used outside <Page data={…}>: wrap the page content in it.');
  return value;
}

/** The translator of the page's locale. */
export const useT = () => usePageText().t;

/** The page's locale. */
/**
 * A message of the page's catalog; `values` fill its {{placeholders}}. A value
 * may be an element (a link): the message is then rendered around it.
 */
export default function Msg({id, values}) {
  const {t, parts} = usePageText();
  const marks = useMarks();
  const plain = !Object.values(values ?? {}).some((v) => v !== null && typeof v === 'object');
  const text = plain ? (
    <Explained>{t(id, values)}</Explained>
  ) : (
    // The parts of one message never reorder: their place is their identity. Its words explain their terms.
    parts(id, values).map((part, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <Fragment key={i}>{typeof part === 'string' ? <Explained>{part}</Explained> : part}</Fragment>
    ))
  );
  // Its key is known here: the message is marked whole, by it, not found by its words.
  return marks?.state.has(id) || marks?.keys ? (
    <Marked id={id} state={marks.state.get(id)}>
      {text}
    </Marked>
  ) : (
    text
  );
}

/**
 * What goes between two sentences of running text: a space in English and
 * Korean, nothing in Japanese and Chinese (their full stop ends the sentence).
 */
export function useSentenceGap() {
  return sentenceGap(usePageText().locale);
}

/**
 * The gap between two pieces of text set side by side (a label and its link): (before, after) => ' ' or '' as the
 * page's language spaces them (lib/i18n/list.mjs, gapBetween); with them, the mark after a label and a list's.
 */
export function useGaps() {
  const {locale} = usePageText();
  return {
    gap: (before, after = '') => gapBetween(before, after, locale),
    label: labelMark(locale),
    list: listSeparator(locale),
  };
}

/** Sets items apart by a mark (· by default) as the page's language spaces it (lib/i18n/list.mjs, separated). */
export function useSeparated() {
  const {locale} = usePageText();
  return (items, mark) => separated(items, locale, mark);
}

/** Joins a bare list's items as the page's language does: 、 in Japanese and Chinese, a comma elsewhere. */
export function useJoin() {
  const separator = listSeparator(usePageText().locale);
  return (items) => items.join(separator);
}
