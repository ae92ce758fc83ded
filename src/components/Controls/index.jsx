// What the interactive views share: their state in the address bar's query
// string (a view can be linked to; back and forward move through its
// changes), and a labelled select. The build renders each view's default
// state, which is also what a page without JavaScript shows.
import {useEffect, useState} from 'react';
import styles from './styles.module.css';

/**
 * A view's state from the query string, and a setter that writes it there.
 * @param {(search: string) => object} parse  the state a query string asks for (defaults for what it lacks)
 * @param {(state: object) => string} query  the query string of a state ('' for the default)
 * @param {object} initial  the state the build rendered
 */
export function useQueryState(parse, query, initial) {
  const [state, setState] = useState(initial);
  useEffect(() => {
    const read = () => setState(parse(window.location.search));
    read();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [parse]);
  const change = (patch) => {
    // Through the query string and back, so that a state the page cannot show falls back as a link would.
    const next = parse(query({...state, ...patch}));
    setState(next);
    const {pathname, hash} = window.location;
    window.history.pushState(null, '', `${pathname}${query(next)}${hash}`);
  };
  return [state, change];
}

/** A select with its label above it; options are [value, text] pairs. */
export function Select({id, label, value, options, onChange}) {
  return (
    <label className={styles.control} htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The form the controls of a view sit in: a row that wraps. */
export function ControlRow({label, children}) {
  return (
    <form className={styles.controls} aria-label={label} onSubmit={(e) => e.preventDefault()}>
      {children}
    </form>
  );
}

export const controlStyles = styles;
