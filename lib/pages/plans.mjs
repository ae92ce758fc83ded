// The plans a suite captured (suite.yaml `explain:`), under each group whose workload they are of: the query, the
// script pgbench ran (against the one a published study printed, where there is one), and each server's EXPLAIN
// (ANALYZE, BUFFERS) plan side by side, the lines that differ between them first; every sentence written here.
import {byTargetOrder} from '../model/targets.mjs';

// SQL compared as PostgreSQL reads it, near enough: without comments, case, runs of spaces or a final
// semicolon. A quoted string or identifier is kept whole: a -- inside it is not a comment.
const normalSql = (sql) =>
  sql
    .replace(/('(?:[^']|'')*'|"(?:[^"]|"")*")|--[^\n]*|\/\*[\s\S]*?\*\//g, (_match, quoted) => quoted ?? ' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*;\s*$/, '')
    .trim();

/**
 * What pgbench ran for a case, as the result recorded it, against the script the article printed:
 * {ran, article, same}; `ran` null for a run made before results recorded their scripts.
 */
function scriptOf(result, study, workload) {
  // Recorded from 2026-11-25; before, known when the plan captured was of the script's own file.
  const file = result.cells.find((c) => c.workload === workload)?.parameters.script ?? null;
  const ran =
    result.scripts?.find((s) => s.workload === workload)?.sql.trim() ??
    (result.plans ?? []).find((p) => p.workload === workload && file !== null && p.query === file)?.sql.trim() ??
    null;
  const article = study?.scripts?.find((s) => s.workload === workload)?.sql ?? null;
  if (!article) return ran && {ran, article: null, same: null};
  return {ran, article, same: ran === null ? null : normalSql(ran) === normalSql(article)};
}

// A plan's line as it is compared between servers: without the planner's costs and the times and rows measured,
// which differ in every run; the planning and execution totals are left out for the same reason.
const TIMING_LINE = /^\s*(Planning Time|Execution Time|Planning:|JIT:)/;
const comparedLines = (plan) => {
  const lines = [];
  let planning = false;
  for (const line of plan.split('\n')) {
    // The Buffers line under "Planning:" is the planner's catalog reads: they differ with its caches.
    if (planning && /^\s+Buffers:/.test(line)) continue;
    planning = /^\s*Planning:/.test(line);
    if (TIMING_LINE.test(line)) continue;
    lines.push(line.replace(/\s*\((cost|actual)[^)]*\)/g, '').trim());
  }
  return lines;
};

/**
 * The lines of each server's plan that not every other server's plan has (as comparedLines writes them), the first
 * thing to read when the servers planned or ran a query differently: "Sort Method: external merge  Disk: 7248kB"
 * against "Sort Method: quicksort  Memory: 6145kB". Null with fewer than two plans.
 */
export function differingLines(plans) {
  const shown = plans.filter((p) => p.plan);
  if (shown.length < 2) return null;
  const sets = shown.map((p) => new Set(comparedLines(p.plan)));
  return shown.map((p, i) => ({
    target: p.target,
    name: p.name,
    lines: [...sets[i]].filter((line) => line && !sets.every((set) => set.has(line))),
  }));
}

// The plans' heading, by the page's words: its servers are versions, or any servers.
const PLANS_TITLE = {versions: 'planner.plans', servers: 'suite.plans'};

/**
 * A group's plans, or null when the run captured none for its workload: one per server (a merged run holds each
 * part's capture of the same plan), A/A controls left out.
 */
export function plansOf(result, {workload, study, controls, t, name, words = 'versions'}) {
  const captured = (result.plans ?? []).filter((p) => p.workload === workload);
  if (captured.length === 0) return null;
  const script = scriptOf(result, study, workload);
  const plans = captured
    .filter((p) => !controls.has(p.target))
    .filter((p, i, all) => all.findIndex((q) => q.target === p.target) === i)
    .sort(byTargetOrder(result))
    .map((p) => ({
      target: p.target,
      name: name(p.target),
      plan: p.plan ?? null,
      error: p.plan ? null : t('planner.planError', {error: p.error?.message ?? String(p.error)}),
    }));
  const differing = differingLines(plans);
  return {
    query: t('planner.query'),
    title: t(PLANS_TITLE[words]),
    sql: captured[0].sql ?? null,
    script: script && scriptText(t, script),
    differing: differing && {
      text: t(differing.some((d) => d.lines.length > 0) ? 'planner.differs' : 'planner.differsNone'),
      servers: differing.filter((d) => d.lines.length > 0),
    },
    plans,
  };
}

/** What pgbench ran, against the article's script: the same, or each shown with what it is. */
function scriptText(t, script) {
  if (script.same) return {kind: 'same', text: t('planner.script.same')};
  if (script.ran === null) {
    return {
      kind: 'unrecorded',
      text: t('planner.script.unrecorded'),
      article: script.article,
      articleText: t('planner.script.article'),
    };
  }
  return {
    kind: script.article ? 'differs' : 'ours',
    text: t(script.article ? 'planner.script.differs' : 'planner.script.ours'),
    ran: script.ran,
    article: script.article,
    articleText: script.article && t('planner.script.article'),
  };
}
