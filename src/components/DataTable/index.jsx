// The one data table of the site: a header row, the rows the caller gives,
// an optional caption, and a box that scrolls sideways on narrow screens so
// the page never does. Cells: <Num> for a figure (right-aligned, tabular
// digits), <Spread> for what is shown under a figure (its repeats' range).
import styles from './styles.module.css';

/**
 * @param {object} props
 * @param {(string|{label: string, numeric?: boolean}|null)[]} props.columns  header cells (null: an empty one)
 * @param {React.ReactNode} props.children  the body rows
 * @param {React.ReactNode} [props.caption]
 * Any data-* prop is put on the table, for tests and links.
 */
export default function DataTable({columns, children, caption, ...attributes}) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table} {...attributes}>
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
        {caption && <caption className={styles.caption}>{caption}</caption>}
      </table>
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
