// What a run shows while it works: on a terminal, one live line (cell i of N,
// target, workload, clients, elapsed, ETA, last tps) above the finished cells;
// elsewhere (CI, logs), one plain line per event.
import {formatFigure} from '../../lib/numbers/format.mjs';

const clock = (seconds) => {
  const s = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * @param {object} [options]
 * @param {boolean} [options.tty]  draw a live line (default: whether stderr is a terminal)
 * @param {(text: string) => void} [options.write]
 * @param {() => number} [options.now]  milliseconds
 */
export function createProgress({
  tty = process.stderr.isTTY === true,
  write = (t) => process.stderr.write(t),
  now = Date.now,
} = {}) {
  // What the methods share: the run's counts and times, and the cell being measured (with its last tps).
  const p = {
    tty,
    write,
    now,
    line: (text) => write(tty ? `\r\x1b[K${text}\n` : `${text}\n`),
    total: 0,
    finished: 0,
    started: 0,
    current: null,
    timer: null,
    spentOnCells: 0,
    measuredCells: 0,
    estimate: null,
  };
  return {
    begin: (options) => begin(p, options),
    note(text) {
      p.line(text);
    },
    start: (options) => startCell(p, options),
    tick({tps}) {
      if (p.current) p.current.tps = tps;
    },
    /** A finished cell; `figure` (text) instead of its tps when it measured something else. */
    cell: (options) => finishCell(p, options),
    /** The figures of the run: per cell, the median tps of its repeats and their spread. */
    summary: (groups, options) => summaryLines(p, groups, options),
    interrupted: (options) => interrupted(p, options),
    end: (options) => end(p, options),
  };
}

/** The time left, from the finished cells' average; '—' before the first. */
function eta(p) {
  if (p.measuredCells === 0) return '—';
  return clock((p.spentOnCells / p.measuredCells / 1000) * (p.total - p.finished));
}

/** Redraws the terminal's live line for the cell being measured. */
function live(p) {
  if (!p.current) return;
  const {cell, since, tps} = p.current;
  const text =
    `[${p.finished + 1}/${p.total}] ${cell.target} · ${cell.workload} · ${cell.scenario} · ${cell.clients} ` +
    `client${cell.clients > 1 ? 's' : ''} · repeat ${cell.repeat}` +
    `  ${clock((p.now() - since) / 1000)} elapsed, ETA ` +
    `${eta(p)}${tps !== undefined ? ` · ${tps.toLocaleString('en')} tps` : ''}`;
  p.write(`\r\x1b[K${text}`);
}

/** The run's start: how many cells, how many a resumed run has done, how long it should take, the result file. */
function begin(p, {total: n, skipped, file, estimate = null}) {
  p.total = n;
  p.finished = skipped;
  p.started = p.now();
  p.estimate = estimate;
  p.line(
    `${n} cells${skipped ? `, ${skipped} already done (resuming)` : ''}` +
      `${estimate ? `, about ${estimate}${skipped ? ' left' : ''}` : ''}; result: ${file}`,
  );
}

/** A cell starts: on a terminal, its live line redrawn every second. */
function startCell(p, {cell}) {
  p.current = {cell, since: p.now()};
  if (p.tty) {
    live(p);
    p.timer = setInterval(() => live(p), 1000);
    p.timer.unref();
  } else {
    p.line(`cell ${p.finished + 1}/${p.total} ${cell.id}: running`);
  }
}

/** A cell ends: its time counts towards the ETA, and its line says how it went. */
function finishCell(p, {cell, status, tps, note, figure: text}) {
  clearInterval(p.timer);
  if (p.current) {
    p.spentOnCells += p.now() - p.current.since;
    p.measuredCells++;
  }
  p.current = null;
  p.finished++;
  const figure = text
    ? `, ${text}`
    : tps !== undefined && tps !== null
      ? `, ${tps.toLocaleString('en', {maximumFractionDigits: 1})} tps`
      : '';
  p.line(
    `cell ${p.finished}/${p.total} ${cell.id}: ${status}${figure}${status !== 'ok' && note ? ` (${note})` : ''}; ` +
      `ETA ${eta(p)}`,
  );
}

/**
 * The run's figures as a table: per cell, the median of its repeats, their spread and how many were ok, written
 * as the pages write them (`kind`: lib/numbers/format.mjs), so that the run and its page show one figure alike.
 */
function summaryLines(p, groups, {label = 'median tps', kind = 'tps'} = {}) {
  const written = (v) => formatFigure(v, kind, 'en');
  const rows = groups.map((g) => [
    g.key,
    g.median === null ? '—' : written(g.median),
    g.median === null ? '' : `${written(g.min)}–${written(g.max)}`,
    `${g.ok}/${g.repeats}`,
  ]);
  const header = ['cell', label, 'min–max', 'ok'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const format = (r) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
  p.line('');
  for (const r of [header, ...rows]) p.line(format(r));
}

/** An interrupted run: how far it got, and how to finish it. */
function interrupted(p, {signal, done, total, file}) {
  p.line(
    `interrupted (${signal}) with ${done} of ${total} cells done; the result is saved unfinished: ${file}. ` +
      `Finish it with --resume.`,
  );
}

/** A finished run: how long it took, how many cells were ok, the targets it could not use. */
function end(p, {failed, file, targets = [], retryable = 0, suiteFixes = 0}) {
  p.line(
    `done in ${clock((p.now() - p.started) / 1000)}${p.estimate ? ` (estimated: about ${p.estimate})` : ''}: ` +
      `${p.total - failed} of ${p.total} cells ` +
      `ok${failed ? `, ${failed} failed or aborted` : ''}; result: ${file}`,
  );
  for (const t of targets) p.line(`target ${t.id} could not be used: ${t.error.message}`);
  // Aborted cells are measurements (clients gave up): only failed ones are measured again.
  // A failure the suite's own files cause (its SQL moved a setting, its setup failed) is fixed by editing them,
  // and --resume refuses a run whose files changed: say so instead.
  if (suiteFixes)
    p.line(
      "the suite's SQL caused the failures: fix it, then start a new run " +
        '(--resume continues only a run of unchanged files).',
    );
  else if (retryable)
    p.line(
      '--resume measures the failed cells again, once what failed is put right outside the suite (a server, the ' +
        "machine); a fix to the suite's files (a setting's value, say) needs a new run, without --resume.",
    );
}
