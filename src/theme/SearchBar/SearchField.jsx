// The navbar search field at work, over the Pagefind index of this locale's
// pages (scripts/publish/search-index.mjs writes it beside the pages). It is a
// chunk of its own, loaded by ./index.jsx when the reader first focuses the
// field; pagefind.js and the index chunks load then too. The words come from the
// catalog's `search` messages, through the data plugin's global data.
import {useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState} from 'react';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {usePluginData} from '@docusaurus/useGlobalData';
import {createTranslator} from '@site/lib/i18n/messages.mjs';
import {holdsWholeWords, searchQuery, termLists, wholeWords} from '@site/lib/search/query.mjs';
import {SEARCH_TERMS} from '@site/lib/i18n/message-keys.mjs';
import {excerptParts} from './excerpt.mjs';
import styles from './styles.module.css';

const SHOWN = 8;

/** Loads Pagefind once per page load; later calls get the same promise. */
function usePagefind() {
  const bundle = useBaseUrl('/pagefind/pagefind.js');
  const loaded = useRef(null);
  return useCallback(() => {
    loaded.current ??= import(/* webpackIgnore: true */ bundle).then(async (pagefind) => {
      // Long pages (a results page runs to tens of thousands of words) are penalised less than Pagefind's
      // default (0.75): a page about the term should not lose to a short one that names it in a list.
      await pagefind.options({excerptLength: 24, ranking: {pageLength: 0.3}});
      await pagefind.init();
      return pagefind;
    });
    return loaded.current;
  }, [bundle]);
}

/** A result's text with Pagefind's <mark> highlights as <mark> elements. */
function Excerpt({html}) {
  return excerptParts(html).map((part, i) =>
    part.mark ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts never reorder
      <mark key={i}>{part.text}</mark>
    ) : (
      part.text
    ),
  );
}

/**
 * @param {{startTyped: string, focus: boolean}} props  what the reader had typed into the field this
 *   replaces, and whether it still had the focus
 */
export default function SearchField({startTyped, focus}) {
  const {locale, t, terms} = useSearchWords();
  const loadPagefind = usePagefind();
  const history = useHistory();
  const input = useRef(null);
  const listId = useId();
  const [typed, setTyped] = useState(startTyped);
  const [active, setActive] = useState(0);
  const [open, setOpen] = useState(false);
  useTakeOverFocus(input, startTyped, focus);
  useFocusShortcut(input);
  const state = useSearchResults(typed, {locale, terms, loadPagefind, setActive});

  const go = (result) => {
    setOpen(false);
    setTyped('');
    input.current?.blur();
    history.push(result.url);
  };

  const showPanel = open && typed.trim() !== '';
  const optionId = (i) => `${listId}-${i}`;
  return (
    <div className={styles.search} data-search={state.status} data-search-typed={state.typed}>
      <input
        ref={input}
        type="search"
        className={styles.input}
        aria-label={t('search.label')}
        placeholder={t('search.label')}
        role="combobox"
        aria-expanded={showPanel}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-keyshortcuts="Control+K Meta+K"
        aria-activedescendant={showPanel && state.results.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
        }}
        onFocus={() => {
          loadPagefind().catch(() => {});
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={resultKeys({results: state.results, active, setActive, setOpen, go, input})}
      />
      {showPanel && (
        <div className={styles.panel}>
          <div id={listId} role="listbox" aria-label={t('search.results')} className={styles.results}>
            {state.results.map((result, i) => (
              <ResultOption
                key={result.url}
                id={optionId(i)}
                result={result}
                selected={i === active}
                onChoose={() => go(result)}
                onPoint={() => setActive(i)}
              />
            ))}
          </div>
          <SearchStatus state={state} typed={typed} t={t} />
        </div>
      )}
    </div>
  );
}

/** The locale, its `search` messages as a translator, and the words the query normaliser treats as terms. */
function useSearchWords() {
  const {locale, search: messages} = usePluginData('benchmark-data');
  const t = useMemo(() => createTranslator(locale, {search: messages}), [locale, messages]);
  const terms = useMemo(() => termLists(SEARCH_TERMS.map((key) => t(key))), [t]);
  return {locale, t, terms};
}

/**
 * It replaces the field the reader just focused: take over the focus, the caret at the end, in the
 * same commit that removed the old field, so no keystroke falls on the page in between.
 */
function useTakeOverFocus(input, startTyped, focus) {
  useLayoutEffect(() => {
    if (!focus) return;
    input.current?.focus();
    input.current?.setSelectionRange(startTyped.length, startTyped.length);
  }, [input, startTyped, focus]);
}

/** Ctrl+K / ⌘+K focuses the field from anywhere on the page. */
function useFocusShortcut(input) {
  useEffect(() => {
    const onKey = (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [input]);
}

/**
 * The results for what the reader typed, searched again as the typing changes (an answer that comes after
 * a newer question is dropped); new results select the first of them through `setActive`.
 * `typed` in the state: what the reader had typed when these results were asked for.
 */
function useSearchResults(typed, {locale, terms, loadPagefind, setActive}) {
  const [state, setState] = useState({typed: '', results: [], status: 'idle'});
  useEffect(() => {
    const query = searchQuery(typed, {locale, terms});
    if (query === '') {
      setState({typed, results: [], status: 'idle'});
      return;
    }
    let current = true;
    setState((s) => ({...s, status: 'loading'}));
    loadPagefind()
      .then(async (pagefind) => {
        const found = await pagefind.debouncedSearch(query, {}, 120);
        if (found === null || !current) return;
        // A word of a language written without spaces is kept whole: a page holding only a piece of it is left
        // out (lib/search/query.mjs), from a few more results than are shown.
        const words = wholeWords(query);
        const asked = found.results.slice(0, words.length > 0 ? SHOWN * 3 : SHOWN);
        const results = (await Promise.all(asked.map((r) => r.data())))
          .filter((data) => holdsWholeWords(data.content, words))
          .slice(0, SHOWN);
        if (current) {
          setState({typed, results: results.map(shownResult), status: 'done'});
          setActive(0);
        }
      })
      .catch(() => current && setState({typed, results: [], status: 'failed'}));
    return () => {
      current = false;
    };
  }, [typed, locale, terms, loadPagefind, setActive]);
  return state;
}

/** The field's keys as a combobox's: arrows move through the results, Enter opens one, Escape leaves. */
function resultKeys({results, active, setActive, setOpen, go, input}) {
  return (event) => {
    const count = results.length;
    if (event.key === 'ArrowDown' && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((a) => (a + 1) % count);
    } else if (event.key === 'ArrowUp' && count > 0) {
      event.preventDefault();
      setActive((a) => (a - 1 + count) % count);
    } else if (event.key === 'Enter' && count > 0) {
      event.preventDefault();
      go(results[Math.min(active, count - 1)]);
    } else if (event.key === 'Escape') {
      setOpen(false);
      input.current?.blur();
    }
  };
}

/** One result in the list, chosen on mouse down: its default prevented, the field keeps the focus. */
function ResultOption({id, result, selected, onChoose, onPoint}) {
  return (
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      className={styles.result}
      onMouseDown={(e) => {
        e.preventDefault();
        onChoose();
      }}
      onMouseEnter={onPoint}
    >
      <a href={result.url} tabIndex={-1} onClick={(e) => e.preventDefault()}>
        <span className={styles.title}>{result.title}</span>
        {result.section && <span className={styles.section}>{result.section}</span>}
        <span className={styles.excerpt}>
          <Excerpt html={result.excerpt} />
        </span>
        {result.conditions.length > 0 && (
          <span className={styles.conditions} data-conditions>
            {result.conditions.join(' ')}
          </span>
        )}
      </a>
    </div>
  );
}

/** Announced to screen readers: no results, a failed search, or that the first results are coming. */
function SearchStatus({state, typed, t}) {
  return (
    <p className={styles.status} aria-live="polite">
      {state.status === 'done' && state.results.length === 0 && t('search.noResults', {query: typed.trim()})}
      {state.status === 'failed' && t('search.failed')}
      {state.status === 'loading' && state.results.length === 0 && t('search.loading')}
    </p>
  );
}

/**
 * What a result shows: the page's title, the section with the most matches
 * (its heading, linked to its anchor) and that section's text around them.
 * Pagefind's URLs already start with the locale's root.
 */
function shownResult(data) {
  const sections = (data.sub_results ?? []).filter((s) => s.url.includes('#'));
  const best = sections.reduce((a, b) => (matches(b) > matches(a) ? b : a), sections[0] ?? null);
  const clean = (text) => text?.replace(/\u200b/g, '').trim();
  const title = clean(data.meta?.title) ?? data.url;
  const section = best ? clean(best.title) : null;
  return {
    url: (best ?? data).url,
    title,
    section: section && section !== title ? section : null,
    excerpt: (best ?? data).excerpt,
    // What the page's figures were measured under (its answer's conditions), beside any figure its excerpt quotes.
    conditions: [data.filters?.conditions_instructions?.[0], data.filters?.conditions_time?.[0]]
      .map(clean)
      .filter(Boolean),
  };
}

const matches = (section) => (section.weighted_locations ?? section.locations ?? []).length;
