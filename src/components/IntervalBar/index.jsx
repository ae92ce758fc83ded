// A comparison drawn for the eye: the interval of a change across the band of
// its margin, the change a tick, zero a line. Its figures are in the text
// beside it (the drawing is hidden from screen readers).
import styles from './styles.module.css';

/** @param {{cell: {change: number, low: number|null, high: number|null}, margin: number, reach: number}} props
 *   reach: the change at either end of the bar */
export default function IntervalBar({cell, margin, reach}) {
  const x = (v) => 50 + (50 * Math.max(-reach, Math.min(reach, v))) / reach;
  return (
    <svg className={styles.bar} viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <rect className={styles.band} x={x(-margin)} y="0" width={x(margin) - x(-margin)} height="12" />
      <line className={styles.zero} x1="50" x2="50" y1="0" y2="12" />
      {cell.low !== null && <line className={styles.interval} x1={x(cell.low)} x2={x(cell.high)} y1="6" y2="6" />}
      <line className={styles.dot} x1={x(cell.change)} x2={x(cell.change)} y1="1" y2="11" />
    </svg>
  );
}

/** The widest end of any of the cells' intervals, and at least twice the margin: one scale for a column. */
export function reachOf(cells, margin) {
  const ends = cells.flatMap((c) => (c ? [c.low, c.high, c.change].filter((v) => v !== null).map(Math.abs) : []));
  return Math.max(2 * margin, ...ends);
}
