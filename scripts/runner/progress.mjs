// What a run shows while it works: on a terminal, one live line (cell i of N,
// target, workload, clients, elapsed, ETA, last tps) above the finished cells;
// elsewhere (CI, logs), one plain line per event.

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
const oneDecimal = (n) => n.toLocaleString('en', {maximumFractionDigits: 1});

export function createProgress({
  tty = process.stderr.isTTY === true,
  write = (t) => process.stderr.write(t),
  now = Date.now,
} = {}) {
  let total = 0;
  let finished = 0;
  let started = 0;
  let current = null;
  let timer = null;
  let spentOnCells = 0;
  let measuredCells = 0;

  const eta = () => {
    if (measuredCells === 0) return '—';
    return clock((spentOnCells / measuredCells / 1000) * (total - finished));
  };
  const live = () => {
    if (!current) return;
    const {cell, since, tps} = current;
    const text =
      `[${finished + 1}/${total}] ${cell.target} · ${cell.workload} · ${cell.scenario} · ${cell.clients} ` +
      `client${cell.clients > 1 ? 's' : ''} · repeat ${cell.repeat}` +
      `  ${clock((now() - since) / 1000)} elapsed, ETA ` +
      `${eta()}${tps !== undefined ? ` · ${tps.toLocaleString('en')} tps` : ''}`;
    write(`\r\x1b[K${text}`);
  };
  const line = (text) => write(tty ? `\r\x1b[K${text}\n` : `${text}\n`);

  return {
    begin({total: n, skipped, file}) {
      total = n;
      finished = skipped;
      started = now();
      line(`${n} cells${skipped ? `, ${skipped} already done (resuming)` : ''}; result: ${file}`);
    },
    note(text) {
      line(text);
    },
    start({cell}) {
      current = {cell, since: now()};
      if (tty) {
        live();
        timer = setInterval(live, 1000);
        timer.unref();
      } else {
        line(`cell ${finished + 1}/${total} ${cell.id}: running`);
      }
    },
    tick({tps}) {
      if (current) current.tps = tps;
    },
    /** A finished cell; `figure` (text) instead of its tps when it measured something else. */
    cell({cell, status, tps, note, figure: text}) {
      clearInterval(timer);
      if (current) {
        spentOnCells += now() - current.since;
        measuredCells++;
      }
      current = null;
      finished++;
      const figure = text
        ? `, ${text}`
        : tps !== undefined && tps !== null
          ? `, ${tps.toLocaleString('en', {maximumFractionDigits: 1})} tps`
          : '';
      line(
        `cell ${finished}/${total} ${cell.id}: ${status}${figure}${status !== 'ok' && note ? ` (${note})` : ''}; ` +
          `ETA ${eta()}`,
      );
    },
    /** The figures of the run: per cell, the median tps of its repeats and their spread. */
    summary(groups, {label = 'median tps'} = {}) {
      const rows = groups.map((g) => [
        g.key,
        g.median === null ? '—' : g.median.toLocaleString('en', {maximumFractionDigits: 1}),
        g.median === null ? '' : `${oneDecimal(g.min)}–${oneDecimal(g.max)}`,
        `${g.ok}/${g.repeats}`,
      ]);
      const header = ['cell', label, 'min–max', 'ok'];
      const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
      const format = (r) => r.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ');
      line('');
      for (const r of [header, ...rows]) line(format(r));
    },
    interrupted({signal, done, total, file}) {
      line(
        `interrupted (${signal}) with ${done} of ${total} cells done; the result is saved unfinished: ${file}. ` +
          `Finish it with --resume.`,
      );
    },
    end({failed, file, targets = [], retryable = 0}) {
      line(
        `done in ${clock((now() - started) / 1000)}: ${total - failed} of ${total} cells ` +
          `ok${failed ? `, ${failed} failed or aborted` : ''}; result: ${file}`,
      );
      for (const t of targets) line(`target ${t.id} could not be used: ${t.error.message}`);
      // Aborted cells are measurements (clients gave up): only failed ones are measured again.
      if (retryable) line('--resume measures the failed cells again, once what failed is put right.');
    },
  };
}
