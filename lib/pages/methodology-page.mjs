// The data of the methodology page: each suite's design and the command that
// reruns it, the machines the published runs used, and the rounding rule shown
// on real figures of those runs.
import {formatFigure} from '../numbers/format.mjs';
import {unsignedPercent} from '../numbers/repeat-stats.mjs';
import {DEFAULT_MARGIN} from '../stats/compare.mjs';
import {runInfo} from './run-info.mjs';

/**
 * @param {object[]} suites  loaded suites (lib/suites/suite.mjs)
 * @param {object[]} published  the results the pages are made from
 */
/** The latency percentile the rounding example shows. */
const PERCENTILE = 99;

export function methodologyPage(suites, published, {locale}) {
  const n = (v) => (v === null || v === undefined ? null : formatFigure(v, 'integer', locale));
  const first = published.find((r) => r.cells.some((c) => c.status === 'ok' && c.log));
  const cell = first?.cells.find((c) => c.status === 'ok' && c.log);
  // The rule on a real cell: the number as measured, and as every page writes it.
  const examples = cell
    ? [
        ['tps', cell.summary.tps],
        ['ms', cell.log.latencyUs[`p${PERCENTILE}`] / 1000],
        ['count', cell.summary.processed],
        ['countCompact', cell.summary.processed],
      ].map(([kind, value]) => ({
        kind,
        raw: String(value),
        text: formatFigure(value, kind, locale),
        p: formatFigure(PERCENTILE, 'integer', locale),
      }))
    : [];
  return {
    locale,
    suites: suites.map((s) => ({
      id: s.id,
      command: `npm run bench -- run ${s.id}`,
      versions: s.targets
        .filter((t) => !t.control)
        .map((t) => (t.kind === 'embedded' ? String(t.major) : t.id))
        .join(', '),
      repeat: n(s.repeat),
      workloads: s.workloads.map((w) => w.id),
      scenarios: s.scenarios.map((sc) => ({
        id: sc.id,
        scale: n(sc.scale),
        clients: sc.clients.map(n).join(', '),
        threads: n(sc.threads),
        durationS: n(sc.durationS),
        log: sc.log,
      })),
      settings: Object.entries(s.targets[0]?.settings ?? {}).map(([k, v]) => `${k} = ${v}`),
    })),
    runs: published.map((r) =>
      runInfo(
        r,
        locale,
        suites.find((s) => s.id === r.run.suite),
      ),
    ),
    examples,
    exampleRun: first?.run.id ?? null,
    // The rule every comparison follows (lib/stats/compare.mjs), in the page's words.
    margin: unsignedPercent(DEFAULT_MARGIN, locale),
    level: unsignedPercent(0.95, locale),
  };
}
