// The one data table of the site: a header row, the rows the caller gives,
// an optional caption, and a box that scrolls sideways on narrow screens so
// the page never does (a shadow at an edge says there is more). The caption
// is a note under the box, not a <caption> inside it, so a narrow screen shows
// all of it; the table names it as its description. Cells: <Num> for a figure (right-aligned, tabular
// digits), <Spread> for what is shown under a figure (its repeats' range).
import {useId} from 'react';
import styles from './styles.module.css';

/**
 * @param {object} props
 * @param {(string|{label: string, numeric?: boolean}|null)[]} props.columns  header cells (null: an empty one)
 * @param {React.ReactNode} props.children  the body rows
 * @param {React.ReactNode} [props.caption]
 * Any data-* prop is put on the table, for tests and links.
 */
export default function DataTable({columns, children, caption, ...attributes}) {
  const captionId = useId();
  const table = (
    <div className={styles.scroll}>
      <table className={styles.table} aria-describedby={caption ? captionId : undefined} {...attributes}>
        <thead>
          <tr>
            {columns.map((c) => {
              const {label, numeric} = typeof c === 'string' || c === null ? {label: c} : c;
              return (
                <th
                  key={label ?? ''}
                  scope={label === null ? undefined : 'col'}
                  className={numeric ? styles.number : undefined}
                >
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
  if (!caption) return table;
  return (
    <div className={styles.captioned}>
      {table}
      <p className={styles.caption} id={captionId} data-caption>
        {caption}
      </p>
    </div>
  );
}

/** A figure's cell. */
export function Num({children, ...attributes}) {
  return (
    <td className={styles.number} {...attributes}>
      {children}
    </td>
  );
}

/** A line under a figure: its spread, or a note on it. */
export const Spread = ({children}) => <span className={styles.spread}>{children}</span>;
