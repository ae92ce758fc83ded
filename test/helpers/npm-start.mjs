// `npm start` as a reader runs it (scripts/start.mjs), watched by a test: the
// URL it serves once it says so, all it printed, and whether a URL still answers.
import {spawn} from 'node:child_process';
import net from 'node:net';

/** Starts `node scripts/start.mjs args` in `cwd`; resolves with the URL it serves, once it prints it. */
export function startSite(cwd, args) {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--port', '0', ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const served = new Promise((resolve, reject) => {
    const read = (chunk) => {
      output += chunk;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes (ESC) are skipped
      const match = /Serving the site at (?:\x1b\[[\d;]*m)*(http:\/\/[^\s\x1b]+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`npm start exited with ${code} before serving:\n${output.slice(-3000)}`)),
    );
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({code, signal})));
  return {child, served, exited, output: () => output};
}

/** Whether nothing listens at `url` any more. */
export const refuses = (url) =>
  new Promise((resolve) => {
    const {hostname, port} = new URL(url);
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
