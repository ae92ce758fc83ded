// What every page made from a run says about it: which run, when, on what
// machine, with which pgbench and servers, and whether it was shortened.
import {formatFigure} from '../numbers/format.mjs';

const GIB = 1024 ** 3;

/** The date of a run, written for the locale (the calendar date in UTC). */
export const formatDate = (iso, locale) =>
  new Intl.DateTimeFormat(locale, {dateStyle: 'long', timeZone: 'UTC'}).format(new Date(iso));

/** The parameters of a run that the page states, formatted for the locale. */
export function runInfo(result, locale, suite = null) {
  const {run, environment} = result;
  const host = environment.host;
  const designDurations = suite ? [...new Set(suite.scenarios.map((s) => s.durationS).filter(Boolean))] : [];
  return {
    id: run.id,
    suite: run.suite,
    date: formatDate(run.startedAt, locale),
    startedAt: run.startedAt,
    gitSha: run.project.gitSha ? run.project.gitSha.slice(0, 10) : null,
    dirty: run.project.dirty === true,
    host: {
      cpuModel: host.cpuModel,
      cpus: host.cpuCount === null ? null : formatFigure(host.cpuCount, 'integer', locale),
      memoryGib: host.memoryBytes === null ? null : formatFigure(host.memoryBytes / GIB, 'integer', locale),
      os: host.os,
    },
    pgbench: environment.pgbenchVersionFull,
    servers: environment.targets.map((t) => ({id: t.id, version: t.serverVersion})),
    durationS: run.overrides?.durationS === undefined ? null : formatFigure(run.overrides.durationS, 'integer', locale),
    designDurationS: designDurations.map((d) => formatFigure(d, 'integer', locale)),
    data: {json: `/data/${run.id}.json`, csv: `/data/${run.id}.csv`},
  };
}
