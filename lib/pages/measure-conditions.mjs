// The conditions a headline figure was measured under, said beside it wherever it is quoted (the versions
// answer, the overview's card): what was measured, how many clients, how long or how many transactions, how
// the servers were built and on what machine, from the runs themselves.
import {formatFigure} from '../numbers/format.mjs';
import {listOf} from '../i18n/list.mjs';
import {buildOf} from './run-info.mjs';

const GIB = 1024 ** 3;

/** Distinct values of the run's cells, smallest first, formatted and listed ("1 and 24"). */
function distinct(run, value, locale, unit = (x) => x) {
  const values = [...new Set(run.cells.map(value).filter((v) => v > 0))].sort((a, b) => a - b);
  return listOf(
    values.map((v) => unit(formatFigure(v, 'integer', locale))),
    locale,
  );
}

/**
 * How the run's servers were built: one way, or every way with the versions built so (a version missing from a
 * build, such as one with no source to build it from, is said by its absence), as each server's name then says.
 */
function buildText(run, t, locale) {
  const build = buildOf(run);
  if (!build) return t('versions.answer.conditions.buildUnknown');
  if (!build.builds) return `${build.compiler} ${build.flags ?? ''}`.trim();
  const byVersion = (a, b) => Number(a) - Number(b) || String(a).localeCompare(String(b));
  return t('versions.answer.conditions.builds', {
    list: listOf(
      build.builds.map((b) =>
        t('versions.answer.conditions.buildOf', {
          build: `${b.compiler} ${b.flags ?? ''}`.trim(),
          versions: listOf(b.versions.filter(Boolean).map(String).sort(byVersion), locale),
        }),
      ),
      locale,
    ),
  });
}

function machineText(run, t, locale) {
  const {host} = run.environment;
  return t('common.facts.machineValue', {
    cpus: host.cpuCount ?? '?',
    cpuModel: host.cpuModel ?? '?',
    memory: host.memoryBytes ? formatFigure(host.memoryBytes / GIB, 'integer', locale) : '?',
  });
}

/** A sentence per measure: {time, instructions}, each null when its run is not there. */
export function measureConditions({time, instructions}, {t, locale}) {
  const common = (run) => ({
    clientCounts: distinct(run, (c) => c.parameters.clients, locale),
    build: buildText(run, t, locale),
    repeats: formatFigure(Math.max(...run.cells.map((c) => c.repeat)), 'integer', locale),
    machine: machineText(run, t, locale),
  });
  return {
    time:
      time &&
      // A warm-up is said only where every measured run had one (its scenario's warmup).
      t(
        time.cells.every((c) => c.parameters.warmupS > 0)
          ? 'versions.answer.conditions.time'
          : 'versions.answer.conditions.timeNoWarmup',
        {
          ...common(time),
          durations: distinct(
            time,
            (c) => c.parameters.durationS,
            locale,
            (value) => t('common.seconds', {value}),
          ),
        },
      ),
    instructions:
      instructions &&
      t('versions.answer.conditions.instructions', {
        ...common(instructions),
        transactionCounts: distinct(instructions, (c) => c.instructions?.runs?.at(-1)?.transactionsPerClient, locale),
      }),
  };
}
