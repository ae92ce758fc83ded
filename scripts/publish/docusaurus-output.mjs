// What the build passes on of Docusaurus's own output, and how it says the site can be seen.
import {createInterface} from 'node:readline';

// Docusaurus ends with "Use `npm run serve` command to test your build locally": here npm start serves the
// site itself next, and npm run serve of a preview needs its locale, so the build says it in its own words.
const SERVE_HINT = /to test your build locally/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
const COLOURS = /\u001b\[[0-9;]*m/g;

/** Copies Docusaurus's output to this process's, line by line, but for its hint on serving. */
export function passDocusaurusOutput(stream, write = (line) => process.stdout.write(`${line}\n`)) {
  const lines = createInterface({input: stream, crlfDelay: Number.POSITIVE_INFINITY});
  lines.on('line', (line) => {
    if (!SERVE_HINT.test(line.replace(COLOURS, ''))) write(line);
  });
  return new Promise((resolve) => lines.once('close', resolve));
}

/** The command that serves a build written to `out` (relative to the project where it is inside it). */
export function serveCommand(out) {
  if (out === 'build') return 'npm run serve';
  const preview = /^\.preview\/([^/]+)$/.exec(out);
  if (preview) return `npm run serve -- --locale ${preview[1]}`;
  return `npx docusaurus serve --dir ${out}`;
}
