// Messages marked where they stand (lib/i18n/marks.mjs): a message shown in English is English to the browser and
// to screen readers (lang="en") and carries a small EN mark; a translation made from an older English carries a
// mark of its own; each mark opens a one-line explanation in the reader's language. With ?keys in the address,
// the translator's view: every message found on the page shows its key, linked to its entry on the Translating
// page (the messages' words are loaded then, from that page's on-demand data).
import {createContext, useContext, useEffect, useMemo, useState} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {messageFinder} from '@site/lib/i18n/marks.mjs';
import styles from './styles.module.css';
// A mark's explanation is shown as a term's is.
import termStyles from '@site/src/components/Terms/styles.module.css';

const Marks = createContext(null);

/** What each mark says, by why a message is marked (lib/i18n/marks.mjs messageMarks). */
const NOTES = {english: 'site.marks.english', stale: 'site.marks.stale'};

/** The translator's view is asked for by ?keys in the address: read once the page has hydrated. */
function useKeysView() {
  const [messages, setMessages] = useState(null);
  useEffect(() => {
    if (!new URLSearchParams(window.location.search).has('keys')) return;
    import('@generated/benchmark-data/default/translating.on-demand.json').then(
      (module) => setMessages(module.default.context.messages),
      () => setMessages([]),
    );
  }, []);
  return messages;
}

/** Gives the page's marks (its data's `marks`) and the translator's view to every <Explained> and <Msg>. */
export function MarksOfPage({marks = [], t, children}) {
  const all = useKeysView();
  const translating = useBaseUrl('/translating/');
  const value = useMemo(() => {
    const state = new Map(marks.map((m) => [m.key, m.state]));
    // The view finds every message by the words this language shows for it (English's where it has none).
    const shown = all?.map((m) => ({key: m.key, text: m.translation ?? m.english, state: state.get(m.key)}));
    return {
      state,
      finder: shown ? messageFinder(shown) : marks.length > 0 ? messageFinder(marks) : null,
      keys: all !== null,
      link: (key) => `${translating}#message-${key}`,
      staleMark: t('site.marks.staleMark'),
    };
  }, [marks, all, translating, t]);
  const states = new Set(marks.map((m) => m.state));
  return (
    <Marks.Provider value={value}>
      {children}
      {states.size > 0 && (
        <div data-pagefind-ignore="all" data-marks="">
          {[...states].map((s) => (
            <div key={s} id={`mark-${s}`} popover="auto" role="note" className={termStyles.note}>
              {t(NOTES[s])}
            </div>
          ))}
        </div>
      )}
    </Marks.Provider>
  );
}

/** Inside one message already marked: its text is not searched for messages again. */
const InsideMark = createContext(false);

/** The marks of the page and its translator's view; null outside a page or inside a marked message. */
export function useMarks() {
  const marks = useContext(Marks);
  return useContext(InsideMark) ? null : marks;
}

/**
 * One message where it stands: its text (already cut into terms by the caller), English to the browser when shown
 * in English, its mark, and in the translator's view its key.
 */
export function Marked({id, state, children}) {
  const marks = useContext(Marks);
  return (
    <>
      <span lang={state === 'english' ? 'en' : undefined} data-msg={id} data-msg-state={state}>
        <InsideMark.Provider value={true}>{children}</InsideMark.Provider>
      </span>
      {state && (
        <button
          type="button"
          className={styles.mark}
          popoverTarget={`mark-${state}`}
          data-mark={state}
          lang={state === 'english' ? 'en' : undefined}
        >
          {state === 'english' ? 'EN' : marks.staleMark}
        </button>
      )}
      {marks?.keys && (
        <a className={styles.key} href={marks.link(id)} data-msg-key={id} lang="en">
          {id}
        </a>
      )}
    </>
  );
}
