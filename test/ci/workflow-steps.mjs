// Runs steps of a GitHub Actions workflow on this machine, as a runner would:
// each `run:` script in bash (GitHub's `bash -e -o pipefail`), with the
// workflow's, job's and step's `env:` evaluated against a given context, in a
// workspace folder. Only the expressions the workflow uses are understood
// (paths, literals and `||`); anything else fails the test that asked.
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import YAML from 'yaml';

export const WORKFLOW = new URL('../../.github/workflows/benchmark.yml', import.meta.url).pathname;

export const readWorkflow = () => YAML.parse(readFileSync(WORKFLOW, 'utf8'));

/** `${{ a.b || 'x' }}` → its value in `context`. */
export function evaluate(text, context) {
  return String(text).replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_, expression) => {
    for (const operand of expression.split('||').map((o) => o.trim())) {
      let value;
      if (/^'.*'$/.test(operand)) value = operand.slice(1, -1);
      else if (/^\d+$/.test(operand)) value = Number(operand);
      else if (/^[a-z_][\w.-]*$/i.test(operand)) value = operand.split('.').reduce((node, key) => node?.[key], context);
      else throw new Error(`workflow-steps: cannot evaluate "${expression}"`);
      if (value) return String(value);
    }
    return '';
  });
}

/** The step of a job with this id. */
export function stepOf(workflow, job, id) {
  const step = workflow.jobs[job].steps.find((s) => s.id === id);
  if (!step?.run) throw new Error(`The workflow's job ${job} has no run step with id ${id}.`);
  return step;
}

/**
 * Runs one step's script in `cwd`; resolves with its exit code, output and
 * what it appended to $GITHUB_OUTPUT (as an object).
 */
export function runStep(workflow, job, id, {cwd, context, env = {}}) {
  const step = stepOf(workflow, job, id);
  const evaluated = (vars) => Object.fromEntries(Object.entries(vars ?? {}).map(([k, v]) => [k, evaluate(v, context)]));
  const output = `${cwd}/.github-output-${id}`;
  const vars = {
    ...process.env,
    ...evaluated(workflow.env),
    ...evaluated(workflow.jobs[job].env),
    ...evaluated(step.env),
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: `${cwd}/.github-summary`,
    GITHUB_WORKSPACE: cwd,
    ...env,
  };
  return new Promise((resolve) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', step.run], {cwd, env: vars});
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.stderr.on('data', (d) => (text += d));
    child.on('close', (code) => {
      let outputs = {};
      try {
        outputs = Object.fromEntries(
          readFileSync(output, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
        );
      } catch {}
      resolve({code, text, outputs});
    });
  });
}
