// Terms a reader may not know, explained where they stand (lib/i18n/terms.mjs): a term in a page's text is a
// button that opens its one-sentence explanation, a popover the page holds once per term (the browser opens
// and closes it: no script of ours, and it works by touch, keyboard and screen reader alike).
import {Fragment, createContext, useContext, useEffect, useMemo} from 'react';
import {splitTerms, termPattern, termsOf} from '@site/lib/i18n/terms.mjs';
import {findMessages} from '@site/lib/i18n/marks.mjs';
import {Marked, useMarks} from '@site/src/components/Marks';
import styles from './styles.module.css';

const Terms = createContext(null);

/** Gives the page's terms (in its language, through `t`) to every <Explained> inside. */
export function TermsOfPage({t, children}) {
  const value = useMemo(() => {
    const terms = termsOf(t);
    return {terms, pattern: termPattern(terms)};
  }, [t]);
  useRepeatsOutOfTabOrder();
  return (
    <Terms.Provider value={value}>
      {children}
      <TermNotes terms={value.terms} />
    </Terms.Provider>
  );
}

/**
 * A term's later buttons stay pressable but out of the keyboard's tab order: a page naming a term a hundred
 * times (a server's name in every row) made a hundred stops. Attributes React does not manage, set once the
 * page has hydrated; parts shown later (a tab, a folded section) keep theirs.
 */
function useRepeatsOutOfTabOrder() {
  useEffect(() => {
    const seen = new Set();
    for (const button of document.querySelectorAll('article button[data-term]')) {
      if (seen.has(button.dataset.term)) button.tabIndex = -1;
      seen.add(button.dataset.term);
    }
  }, []);
}

/** Each term's explanation, hidden until its term is pressed; out of the search index (not the page's words). */
function TermNotes({terms}) {
  return (
    <div data-pagefind-ignore="all" data-terms="">
      {terms.map((term) => (
        <div key={term.id} id={`term-${term.id}`} popover="auto" role="note" className={styles.note}>
          <strong>{term.name}</strong> {term.explain}
        </div>
      ))}
    </div>
  );
}

/**
 * `children` (a string) with every term it names opening its explanation, and each message the page marks (or,
 * in the translator's view, each message) marked where it stands (src/components/Marks); anything else as it is.
 */
export function Explained({children, terms = true}) {
  const marks = useMarks();
  if (typeof children !== 'string') return children;
  // A heading's words are marked as messages, but its terms are explained where the text uses them.
  const Inner = terms ? TermsIn : PlainText;
  // Most pages mark nothing: their strings go straight to the terms.
  if (!marks?.finder) return <Inner>{children}</Inner>;
  return findMessages(children, marks.finder).map((part, i) =>
    typeof part === 'string' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a part's place in its text is its identity
      <Inner key={i}>{part}</Inner>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <Marked key={i} id={part.key} state={part.state}>
        <Inner>{part.text}</Inner>
      </Marked>
    ),
  );
}

const PlainText = ({children}) => children;

// The particle a Korean or Japanese term takes right after it ("명령어가", "命令数が"): kept on the term's line, as
// a line never starts with a particle.
const PARTICLE = /^(?:\p{Script=Hangul}{1,3}(?=[\s.,:;)]|$)|\p{Script=Hiragana}{1,2})/u;

/** A string with every term it names opening its explanation. */
function TermsIn({children}) {
  const value = useContext(Terms);
  if (!value) return children;
  const parts = splitTerms(children, value.pattern);
  return parts.map((part, i) => {
    if (typeof part === 'string') {
      // A particle already set beside the term before it.
      const taken = typeof parts[i - 1] === 'object' ? (PARTICLE.exec(part)?.[0] ?? '') : '';
      // biome-ignore lint/suspicious/noArrayIndexKey: a part's place in its text is its identity
      return <Fragment key={i}>{part.slice(taken.length)}</Fragment>;
    }
    const next = parts[i + 1];
    const particle = typeof next === 'string' ? (PARTICLE.exec(next)?.[0] ?? '') : '';
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: as above
      <span key={i} className={particle ? styles.withParticle : undefined}>
        <button type="button" className={styles.term} popoverTarget={`term-${part.id}`} data-term={part.id}>
          {part.text}
        </button>
        {particle}
      </span>
    );
  });
}
