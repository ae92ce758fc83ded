// Parts of a page shown one at a time, chosen by tabs: every part is in the
// HTML (for the search index and the reader without JavaScript, who sees the
// first), the others hidden. The address's fragment chooses: a link to a part
// (#small-tpcb) or to anything inside it (#small-tpcb-commands) opens that
// part, and choosing a tab writes its id there, so a view can be linked to.
import {useEffect, useRef, useState} from 'react';
import styles from './styles.module.css';

/** The part a fragment points into: the part itself, or the part holding the element of that id. */
function partOf(hash, ids) {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return null;
  if (ids.includes(id)) return id;
  const inside = document.getElementById(id)?.closest('[data-tab-panel]');
  return inside && ids.includes(inside.dataset.tabPanel) ? inside.dataset.tabPanel : null;
}

/**
 * @param {{label: string, parts: {id: string, title: string, content: React.ReactNode}[]}} props
 *   label: what the tabs choose between (for screen readers)
 */
export default function GroupTabs({label, parts}) {
  const key = parts.map((p) => p.id).join(' ');
  const ids = key.split(' ');
  const [chosen, setChosen] = useState(ids[0]);
  const tabs = useRef(new Map());
  useEffect(() => {
    const follow = () => {
      const id = partOf(window.location.hash, key.split(' '));
      if (!id) return;
      setChosen(id);
      // The part is shown on the next frame; then the element the link names can be scrolled to.
      requestAnimationFrame(() => document.getElementById(window.location.hash.slice(1))?.scrollIntoView());
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, [key]);
  const choose = (id, focus = false) => {
    setChosen(id);
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${id}`);
    if (focus) tabs.current.get(id)?.focus();
  };
  // Arrow keys move between tabs, Home and End to the first and last (the WAI-ARIA tabs pattern).
  const onKeyDown = (e) => {
    const i = ids.indexOf(chosen);
    const next = {ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: ids.length - 1}[e.key];
    if (next === undefined) return;
    e.preventDefault();
    choose(ids[(next + ids.length) % ids.length], true);
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={onKeyDown}>
        {parts.map((p) => (
          <button
            key={p.id}
            type="button"
            role="tab"
            id={`tab-${p.id}`}
            aria-selected={p.id === chosen}
            aria-controls={`panel-${p.id}`}
            tabIndex={p.id === chosen ? 0 : -1}
            className={styles.tab}
            ref={(el) => tabs.current.set(p.id, el)}
            onClick={() => choose(p.id)}
            data-tab={p.id}
          >
            {p.title}
          </button>
        ))}
      </div>
      {parts.map((p) => (
        <div
          key={p.id}
          role="tabpanel"
          id={`panel-${p.id}`}
          aria-labelledby={`tab-${p.id}`}
          hidden={p.id !== chosen}
          data-tab-panel={p.id}
        >
          {p.content}
        </div>
      ))}
    </div>
  );
}
