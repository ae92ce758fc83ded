// A published study beside our run: its figures, formatted as ours are, with
// the ratios computed from them (never the ones it printed), and whether our
// verdicts agree with its finding. A study measured each version once, so its
// own figures allow no test: the page shows them as they were published.
import {percentDifference, ratio} from '../numbers/ratio.mjs';
import {formatFigure} from '../numbers/format.mjs';
import {formatDate} from './run-info.mjs';
import {listOf, listSeparator} from '../i18n/list.mjs';
import {STUDY_TITLES} from '../i18n/message-keys.mjs';
import {sentences} from './verdict-words.mjs';

export const COLUMNS = [
  ['count', 'count', 'count'],
  ['tps', 'tps', 'tps'],
  ['min', 'minMs', 'ms'],
  ['max', 'maxMs', 'ms'],
  ['p95', 'p95Ms', 'ms'],
  ['p99', 'p99Ms', 'ms'],
];

/** The figure as a stat our tables show (one value: no spread). */
const single = (value, kind, locale) => ({
  median: value,
  min: value,
  max: value,
  ok: 1,
  repeats: 1,
  values: [value],
  text: formatFigure(value, kind, locale),
  spread: formatFigure(value, kind, locale),
});

/**
 * The study's table for one comparison group, or null when it printed none:
 * each version's figures, and its TPS against the first version's. A row is named by the version the
 * study ran ("PostgreSQL 18"), never by our server of it: ours may run at settings the study never stated.
 * @param {{scenario: string, workload: string, locale: string, t: Function}} options
 */
export function publishedRows(study, {scenario, workload, locale, t}) {
  const group = (study.groups ?? []).find((g) => g.scenario === scenario && g.workload === workload);
  if (!group) return null;
  const versionOf = (target) => study.targets.find((x) => x.target === target)?.version ?? null;
  const base = group.figures[0];
  return {
    commands: group.commands,
    durationS: formatFigure(group.durationS, 'integer', locale),
    rows: group.figures.map((f, i) => ({
      target: f.target,
      name: t('common.postgresVersion', {version: versionOf(f.target)?.split('.')[0] ?? f.target}),
      version: versionOf(f.target),
      figures: Object.fromEntries(COLUMNS.map(([key, field, kind]) => [key, single(f[field], kind, locale)])),
      comparison:
        i === 0
          ? null
          : {
              ratioText: formatFigure(ratio(f.tps, base.tps), 'ratio', locale),
              changeText: formatFigure(percentDifference(f.tps, base.tps), 'percent', locale),
            },
    })),
  };
}

/** The study's finding for a group: one for its scenario, or one that names no scenario. */
export const findingOf = (study, {scenario, workload}) =>
  study.findings.find((f) => f.workload === workload && f.scenario === scenario) ??
  study.findings.find((f) => f.workload === workload && f.scenario === null) ??
  null;

/**
 * Whether our verdicts agree with the study's finding for a group.
 *   no-large-difference: agree when every version is `equivalent` to the
 *     baseline; disagree when one is `better` or `worse`; else we cannot tell.
 *   faster (target over versus): agree when ours is `better`, disagree when it
 *     is `worse` or `equivalent`; else we cannot tell.
 * Too few runs for any test: we cannot tell. A comparison of a target the study's versions do not map to
 * is left out.
 * @param {object[]} findings  our comparisons: {name, base, verdict, low, target?, baseTarget?}
 * @returns {{claim: string, outcome: 'agree'|'disagree'|'cannotTell', names: string, target?, versus?}|null}
 */
export function agreementOf(study, {scenario, workload, findings: ours, locale}) {
  const finding = findingOf(study, {scenario, workload});
  // Only the servers the study's versions map to: a second server of a version (its own defaults, say) was
  // never set against the study's.
  const findings = ours.filter((f) => f.target === undefined || study.targets.some((x) => x.target === f.target));
  if (!finding || findings.length === 0) return null;
  const list = (items) =>
    listOf(
      items.map((f) => f.name),
      locale,
    );
  const decided = findings.filter((f) => f.low !== null);
  let outcome;
  let names;
  if (finding.claim === 'no-large-difference') {
    const differing = decided.filter((f) => f.verdict === 'better' || f.verdict === 'worse');
    const open = findings.filter((f) => f.low === null || !['better', 'worse', 'equivalent'].includes(f.verdict));
    if (differing.length > 0) [outcome, names] = ['disagree', list(differing)];
    else if (open.length > 0) [outcome, names] = ['cannotTell', list(open)];
    else [outcome, names] = ['agree', list(findings)];
  } else {
    const ours = findings.find((f) => f.target === finding.target && f.baseTarget === finding.versus);
    if (!ours) return null;
    names = ours.name;
    if (ours.low === null) outcome = 'cannotTell';
    else if (ours.verdict === 'better') outcome = 'agree';
    else if (ours.verdict === 'worse' || ours.verdict === 'equivalent') outcome = 'disagree';
    else outcome = 'cannotTell';
  }
  // "No large difference" is the study's reading; where it printed the figures, the sentence gives their
  // range beside it, so it never stands alone above a table that shows, say, -11%.
  const spread = publishedSpread(study, {scenario, workload, locale});
  return {
    claim: finding.claim,
    outcome,
    names,
    base: findings[0].base,
    runs: formatFigure(study.runsPerTarget, 'integer', locale),
    ...spread,
  };
}

/** The lowest and highest TPS change the study printed for a group, against its first version; or null. */
function publishedSpread(study, {scenario, workload, locale}) {
  const group = (study.groups ?? []).find((g) => g.scenario === scenario && g.workload === workload);
  if (!group || group.figures.length < 2) return null;
  const [base, ...others] = group.figures;
  const changes = others.map((f) => percentDifference(f.tps, base.tps));
  return {
    low: formatFigure(Math.min(...changes), 'percent', locale),
    high: formatFigure(Math.max(...changes), 'percent', locale),
    // Against the study's own first version (its server, not ours).
    spreadBase: study.targets.find((x) => x.target === base.target)?.version ?? base.target,
  };
}

/**
 * A study's title as a page names it: the original, and beside it the title in the page's language where the
 * study is in another (its catalog message, STUDY_TITLES); an English page gave only the Japanese title.
 */
export function titleOf(study, locale, t) {
  const {source} = study;
  const key = STUDY_TITLES[study.suite];
  if (!key || locale.split('-')[0] === source.language?.split('-')[0]) return source.title;
  const translation = t(key, {
    title: source.title,
    version: study.targets.at(-1)?.version.split('.')[0] ?? '',
    instance: study.machine.instance ?? '',
  });
  return t('common.study.titleTranslated', {title: source.title, translation});
}

/** What the page says about the study itself: its source and machine, formatted; `t` names it in the page's words. */
export function studyInfo(study, locale, t) {
  const {source, machine} = study;
  return {
    title: titleOf(study, locale, t),
    publisher: source.publisher,
    date: formatDate(source.date, locale),
    path: source.path,
    versions: study.targets.map((x) => x.version).join(listSeparator(locale)),
    runs: formatFigure(study.runsPerTarget, 'integer', locale),
    machine: {
      os: machine.os,
      instance: machine.instance,
      vcpus: machine.vcpus === null ? null : formatFigure(machine.vcpus, 'integer', locale),
      memoryGb: machine.memoryGb === null ? null : formatFigure(machine.memoryGb, 'integer', locale),
      storage: machine.storage,
    },
    settings: study.settings && Object.entries(study.settings).map(([k, v]) => `${k} = ${v}`),
  };
}

/** The note on the published study beside our figures: what it is, what it ran on, how the page shows it. */
export function studyNote(study, locale, t) {
  const info = studyInfo(study, locale, t);
  const m = info.machine;
  const machine = [
    m.instance,
    m.vcpus && t('common.study.vcpus', {vcpus: m.vcpus}),
    m.memoryGb && t('common.study.memory', {memory: m.memoryGb}),
    m.os,
    m.storage,
  ]
    .filter(Boolean)
    .join(listSeparator(locale));
  return {
    title: t('common.study.title'),
    text: sentences(
      [
        t('common.study.text', {
          source: info.title,
          publisher: info.publisher,
          date: info.date,
          versions: info.versions,
        }),
        machine ? t('common.study.machine', {machine}) : t('common.study.noMachine'),
        info.settings
          ? t('common.study.settings', {settings: info.settings.join(listSeparator(locale))})
          : t('common.study.noSettings'),
        t('common.study.shown'),
      ],
      locale,
    ),
  };
}
