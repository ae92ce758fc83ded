// bench compare: every comparison of one run, or of the same cells in two runs, with a verdict each.
import {messageOf, parseCommand, UsageError} from './cli.mjs';

export const name = 'compare';
export const operands = 'RESULT [RESULT2]';
export const description = `With one result, each target against the baseline target (default: the oldest version) in
every comparison group, and each A/A control against its twin; with two, the same cells of the
older run against the newer. Mann–Whitney tests, Hodges–Lehmann changes with their intervals
(95%, wider under Holm's correction) and a verdict each (lib/stats/compare.mjs): the change is
the median of every pair of runs' ratios, not the ratio of the medians the table shows beside
it; latencies in ms. Runs that come in twins are compared twin by twin (paired t, the mean log
ratio): an instructions repeat's runs on the same rows, and a timed group's rounds where every
target ran once in each of 5 or more rounds, one round after another. Lists what it could not
compare; with two runs, says first what else differs between them: suite, suite file, the
runner's method and CPUs, parameters and each compared target's version and settings, and
machine. An instructions run compares instructions per transaction (lower is better).
--json writes changes in percent (the only place they are).
Exit 1 when a TPS or instructions comparison is worse (or a candidate's cells all failed),
2 on bad input or when there is nothing to compare.`;
export const options = {
  baseline: {
    type: 'string',
    value: 'TARGET',
    help: 'with one run: the target the others are compared with (default: the oldest version, not an A/A control)',
  },
  margin: {type: 'string', value: '3%', help: "the margin of equivalence (default: the suite's, in the result)"},
  json: {type: 'boolean', help: 'prints the comparisons as JSON'},
  summary: {type: 'string', value: 'FILE', help: "appends them as Markdown to FILE (a CI job's summary)"},
};

/** A margin as given on the command line: "3%". A bare number is refused: 3 could mean 3% or 300%. */
function parseMargin(text) {
  const m = /^(\d+(?:\.\d+)?)%$/.exec(text ?? '');
  if (m) return Number(m[1]) / 100;
  if (/^\d+(?:\.\d+)?$/.test(text ?? '')) {
    throw new UsageError(
      `compare: --margin ${text} has no %: write --margin ${text}% (a margin is a percentage; ` +
        `read as a fraction, ${text} would be ${+(Number(text) * 100).toFixed(4)}%)`,
    );
  }
  throw new UsageError(`compare: --margin takes a percentage such as 3%, not ${JSON.stringify(text)}`);
}

/** The results, oldest first, and their comparisons; null (after saying why) on bad input. */
async function comparisonsOf(files, values, given) {
  const [{readResultFile, assertValidResult}, {compareRuns, compareRun}, {marginOf}, {runDifferences}] =
    await Promise.all([
      import('../../lib/results/validate-result.mjs'),
      import('../../lib/model/comparisons.mjs'),
      import('../../lib/model/measures.mjs'),
      import('../../lib/results/run-differences.mjs'),
    ]);
  try {
    const results = files
      .map((file) => assertValidResult(readResultFile(file), file))
      .sort((a, b) => (a.run.startedAt < b.run.startedAt ? -1 : 1));
    // Without --margin, the suite's margin that the (newer) result recorded.
    const margin = marginOf(results.at(-1), given);
    const {
      list: comparisons,
      skipped,
      undecided = [],
    } = results.length === 1
      ? compareRun(results[0], {baseline: values.baseline, margin})
      : compareRuns(...results, {margin});
    const differences = results.length === 2 ? runDifferences(...results) : [];
    return {results, margin, comparisons, skipped, undecided, differences, headline: await headlineOf()};
  } catch (error) {
    console.error(`bench: ${messageOf(error)}`);
    return null;
  }
}

/** Whether a figure is its measure's headline (lib/model/measures.mjs): the figure a gate decides on. */
async function headlineOf() {
  const {FIGURES, MEASURES} = await import('../../lib/model/measures.mjs');
  return (figure) => MEASURES[FIGURES[figure].measure].headline === figure;
}

export async function run(args) {
  const {values, positionals} = parseCommand({name, options}, args);
  if (positionals.length < 1 || positionals.length > 2) throw new UsageError('compare: name one or two result files');
  if (positionals.length === 2 && values.baseline !== undefined) {
    throw new UsageError(
      'compare: --baseline picks the baseline within one run; two runs compare each target with itself',
    );
  }
  const given = values.margin === undefined ? undefined : parseMargin(values.margin);
  const found = await comparisonsOf(positionals, values, given);
  if (!found) return 2;
  const {results, margin, comparisons, skipped, undecided, differences, headline} = found;
  const report = await import('../compare-report.mjs');
  const machines = results.length === 2 ? report.machinesOf(...results) : null;
  // Everything the two runs differ in, the machine too, said before the figures it may explain.
  const all = [...differences, ...(machines?.note ? [{kind: 'machine', text: machines.note}] : [])];
  if (values.json) {
    const json = {
      margin,
      machines,
      differences: all,
      comparisons: comparisons.map(report.inPercent),
      skipped,
      undecided,
    };
    process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else {
    if (all.length > 0) {
      const [older, newer] = results.map((r) => r.run.id);
      console.log(
        `What ${older} → ${newer} differ in besides the code:\n${all.map((d) => `- ${d.text}`).join('\n')}\n`,
      );
    }
    console.log(report.terminalReport(comparisons, {margin, machines: null, skipped, undecided}));
  }
  if (values.summary) {
    // Appended, as GitHub's $GITHUB_STEP_SUMMARY expects: several steps may write to it.
    const {appendFileSync} = await import('node:fs');
    const title = results.map((r) => r.run.id).join(' → ');
    const markdown = report.comparisonMarkdown(comparisons, {title, margin, machines, skipped, differences});
    appendFileSync(values.summary, markdown);
  }
  if (comparisons.length === 0) {
    console.error(
      `bench: nothing to compare: ` +
        `${skipped.length > 0 ? 'no group above has figures on both sides' : 'no comparison group'}` +
        `${results.length === 2 ? ' in both runs' : ' with a second target'}.`,
    );
    return 2;
  }
  // An A/A control that reads worse is noise to look into, not a regression to gate on; a candidate whose
  // cells all failed is the worst regression of all.
  const gated = (c) => headline(c.metric) && !c.control;
  return comparisons.some((c) => gated(c) && c.verdict === 'worse') || skipped.some((s) => gated(s) && s.failed)
    ? 1
    : 0;
}
