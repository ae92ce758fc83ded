// The one data table of the site: a header row, the rows the caller gives,
// an optional caption, and a box that scrolls sideways on narrow screens so
// the page never does (a shadow at an edge says there is more). On a phone a
// table's rows stack instead: each row a block, each cell a line with its
// column's heading before it, so the last column (a comparison's verdict) is
// on the screen without scrolling. The caption
// is a note under the box, not a <caption> inside it, so a narrow screen shows
// all of it; the table names it as its description. Cells: <Num> for a figure (right-aligned, tabular
// digits), <Spread> for what is shown under a figure (its repeats' range).
import {useId} from 'react';
import styles from './styles.module.css';
import {Explained} from '@site/src/components/Terms';

// Stacked cells name their column from a custom property the table sets (--column-N, its heading as a CSS
// string): as many as the stylesheet has rules for.
const STACKED_COLUMNS = 12;

/** The table's column headings as CSS strings, for stacked rows' cells. */
function columnLabels(labels) {
  return Object.fromEntries(
    labels.slice(0, STACKED_COLUMNS).map((label, i) => [`--column-${i + 1}`, JSON.stringify(label ?? '')]),
  );
}

/**
 * @param {object} props
 * @param {(string|{label: string, numeric?: boolean}|null)[]} props.columns  header cells (null: an empty one)
 * @param {React.ReactNode} props.children  the body rows
 * @param {React.ReactNode} [props.caption]
 * @param {boolean} [props.stack]  false for a long table of figures without a verdict: it scrolls on a phone
 * Any data-* prop is put on the table, for tests and links.
 */
export default function DataTable({columns, children, caption, stack = true, ...attributes}) {
  const captionId = useId();
  const cells = columns.map((c) => (typeof c === 'string' || c === null ? {label: c} : c));
  const stacked = stack && cells.length <= STACKED_COLUMNS;
  const table = (
    <div className={styles.scroll}>
      <table
        className={stacked ? `${styles.table} ${styles.stacked}` : styles.table}
        style={stacked ? columnLabels(cells.map((c) => c.label)) : undefined}
        aria-describedby={caption ? captionId : undefined}
        {...attributes}
      >
        <thead>
          <tr>
            {cells.map(({label, numeric}) => (
              <th
                key={label ?? ''}
                scope={label === null ? undefined : 'col'}
                className={numeric ? styles.number : undefined}
              >
                <Explained>{label}</Explained>
              </th>
            ))}
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
        <Explained>{caption}</Explained>
      </p>
    </div>
  );
}

/**
 * A figure's cell. Out of the search index: figures of neighbouring cells ran together into excerpts
 * ("50,08145,740–52,007"); the page's sentences say what they mean, and names and words stay indexed.
 */
export function Num({children, ...attributes}) {
  return (
    <td className={styles.number} data-pagefind-ignore {...attributes}>
      {children}
    </td>
  );
}

/** A line under a figure: its spread, or a note on it. */
export const Spread = ({children}) => (
  <span className={styles.spread}>
    <Explained>{children}</Explained>
  </span>
);
