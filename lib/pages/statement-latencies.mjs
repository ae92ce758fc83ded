// Where a transaction's time went, statement by statement, as pgbench -r
// measured it from the client in a short run of its own after each measured
// run (a timed cell's statementsRun): per server of a group, the median over
// its runs of each SQL statement's average latency, and the statement that
// took most of the first server's time. The script's own commands (\set) run
// in the client and are left out. A measured run that had -r itself (runs of
// 2026-11-27) gives none: -r times with a stale clock, and the pages show no
// latency of such a run (lib/model/measures.mjs).
import {formatFigure} from '../numbers/format.mjs';
import {median} from '../stats/median.mjs';
import {byTargetOrder} from '../model/targets.mjs';

const isSql = (statement) => !statement.command.startsWith('\\');

/** A cell's statements, from its own -r run. */
const statementsOf = (cell) => cell.statementsRun?.statements ?? [];

/** A group's ok cells whose pgbench reported its statements' latencies. */
const measuredCells = (cells) => cells.filter((c) => c.status === 'ok' && statementsOf(c).some(isSql));

/**
 * @param {object} result  the run
 * @param {object[]} cells  the group's cells
 * @param {{named: (target: string) => string, locale: string}} options  named: a server's name on the page
 * @returns {{servers: {target: string, name: string}[], rows: {statement: string, values: (string|null)[]}[],
 *   slowest: {name: string, statement: string, ms: string, totalMs: string, share: string}|null}|null}
 *   null when no run reported them
 */
export function statementLatencies(result, cells, {named, locale}) {
  const measured = measuredCells(cells);
  if (measured.length === 0) return null;
  const targets = [...new Set(measured.map((c) => c.target))].sort(byTargetOrder(result));
  // In the script's order, as the first run gives it; a statement only another server ran, after.
  const statements = [
    ...new Set(
      measured.flatMap((c) =>
        statementsOf(c)
          .filter(isSql)
          .map((s) => s.command),
      ),
    ),
  ];
  const latency = (target, statement) => {
    const values = measured
      .filter((c) => c.target === target)
      .map((c) => statementsOf(c).find((s) => s.command === statement)?.latencyMs)
      .filter(Number.isFinite);
    return values.length > 0 ? median(values) : null;
  };
  const ms = (value) => (value === null ? null : formatFigure(value, 'ms', locale));
  const first = statements.map((s) => latency(targets[0], s));
  const total = first.reduce((sum, v) => sum + (v ?? 0), 0);
  const top = first.indexOf(Math.max(...first.filter((v) => v !== null)));
  return {
    servers: targets.map((target) => ({target, name: named(target)})),
    rows: statements.map((statement) => ({statement, values: targets.map((t) => ms(latency(t, statement)))})),
    // The statement that took most of the first server's transaction, and its share of the statements' sum.
    slowest:
      total > 0
        ? {
            name: named(targets[0]),
            statement: statements[top],
            ms: ms(first[top]),
            totalMs: ms(total),
            share: formatFigure(first[top] / total, 'share', locale),
          }
        : null,
  };
}
