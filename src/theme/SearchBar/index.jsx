// The navbar search. The page's JavaScript holds only this field: the search
// itself (./SearchField.jsx: results, keyboard, query normalisation) is a
// chunk loaded the first time the reader focuses the field or presses Ctrl/⌘+K,
// and the Pagefind engine and index come after it. The label comes from the
// catalog's `search` messages, through the data plugin's global data.
import {useEffect, useRef, useState} from 'react';
import {usePluginData} from '@docusaurus/useGlobalData';
import styles from './styles.module.css';

export default function SearchBar() {
  const {search: messages} = usePluginData('benchmark-data');
  const field = useRef(null);
  const [SearchField, setSearchField] = useState(null);

  const load = () => {
    import('./SearchField.jsx').then((module) => setSearchField(() => module.default));
  };

  // Ctrl+K / ⌘+K focuses the field from anywhere on the page (the loaded field takes this over).
  useEffect(() => {
    if (SearchField) return undefined;
    const onKey = (event) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        field.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [SearchField]);

  if (SearchField) {
    // Read when the loaded field replaces this one (the old field is still in the page), so that what
    // the reader typed while the chunk loaded is kept, and the focus follows only if it was here.
    return (
      <SearchField
        startTyped={field.current?.value ?? ''}
        focus={field.current !== null && document.activeElement === field.current}
      />
    );
  }
  return (
    <div className={styles.search} data-search="idle" data-search-typed="">
      <input
        ref={field}
        type="search"
        className={styles.input}
        aria-label={messages.label}
        placeholder={messages.label}
        aria-keyshortcuts="Control+K Meta+K"
        autoComplete="off"
        spellCheck={false}
        onFocus={load}
      />
    </div>
  );
}
