// Reads Cachegrind's output files (valgrind --tool=cachegrind, one per
// process): the instructions executed (Ir), in total and per function. Only
// the Ir event is read, the one `--cache-sim=no` counts. Functions are keyed
// by their file and name, as cg_annotate keys them; an embedded PostgreSQL has
// no debug information, so its file is "???" and its lines all 0.
//
// A file whose summary disagrees with the sum of its counts was cut short
// (the process was killed while Cachegrind wrote it): it is refused, naming
// the file, never read as a smaller count.

/** The key of a function: its file and its name. */
export const functionKey = (file, name) => `${file}\u0000${name}`;

/** A function's key back as {file, name}. */
export function splitKey(key) {
  const at = key.indexOf('\u0000');
  return {file: key.slice(0, at), name: key.slice(at + 1)};
}

/**
 * @param {string} text  a Cachegrind output file
 * @param {string} [where]  its name, for errors
 * @returns {{command: string|null, description: string|null, total: number, functions: Map<string, number>}}
 *   Ir in total and per function (keys from functionKey)
 */
export function parseCachegrind(text, where = 'Cachegrind output') {
  const functions = new Map();
  let command = null;
  let description = null;
  let irColumn = -1;
  let file = '???';
  let fn = null;
  let summary = null;
  let counted = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line === '') continue;
    const first = line.charCodeAt(0);
    if (first >= 48 && first <= 57) {
      // "<line> <count> <count>…": the counts of one source line (or, with no debug information, of a function).
      if (fn === null) throw new Error(`${where}:${i + 1}: counts before any fn= line: not a Cachegrind file.`);
      const fields = line.split(' ');
      const count = Number(fields[1 + irColumn] ?? 0);
      if (!Number.isFinite(count)) throw new Error(`${where}:${i + 1}: "${line}" is not a line of counts.`);
      functions.set(fn, (functions.get(fn) ?? 0) + count);
      counted += count;
    } else if (line.startsWith('fl=')) {
      file = line.slice(3);
    } else if (line.startsWith('fn=')) {
      fn = functionKey(file, line.slice(3));
    } else if (line.startsWith('events:')) {
      irColumn = line.slice(7).trim().split(/\s+/).indexOf('Ir');
      if (irColumn < 0) throw new Error(`${where}:${i + 1}: no Ir event (${line}): run Cachegrind with its defaults.`);
    } else if (line.startsWith('desc:')) {
      description = description === null ? line.slice(5).trim() : `${description}\n${line.slice(5).trim()}`;
    } else if (line.startsWith('cmd:')) {
      command = line.slice(4).trim();
    } else if (line.startsWith('summary:')) {
      summary = Number(line.slice(8).trim().split(/\s+/)[irColumn]);
    }
  }
  if (irColumn < 0) throw new Error(`${where}: no "events:" line: not a Cachegrind output file.`);
  if (summary === null) throw new Error(`${where}: no "summary:" line: the file was cut short (its process killed?).`);
  if (summary !== counted) {
    throw new Error(`${where}: its summary says ${summary} instructions, its lines add up to ${counted}: cut short?`);
  }
  return {command, description, total: summary, functions};
}

/**
 * Several processes' profiles added up: the work of a set of backends.
 * @param {{total: number, functions: Map<string, number>}[]} profiles
 */
export function addProfiles(profiles) {
  const functions = new Map();
  const events = {};
  let total = 0;
  for (const p of profiles) {
    total += p.total;
    for (const [key, count] of p.functions) functions.set(key, (functions.get(key) ?? 0) + count);
    for (const [name, count] of Object.entries(p.events ?? {})) events[name] = (events[name] ?? 0) + count;
  }
  return {total, functions, events};
}

/**
 * A function-level profile written back in Cachegrind's format (one count line
 * per function), which cg_annotate and cg_diff read.
 * @param {{command?: string|null, total: number, functions: Map<string, number>}} profile
 * @param {string} description  what it holds, for the desc: line
 */
export function formatCachegrind(profile, description) {
  const out = [`desc: ${description.replace(/\n/g, ' ')}`, `cmd: ${profile.command ?? '(several processes)'}`];
  out.push('events: Ir');
  const byFile = new Map();
  for (const [key, count] of profile.functions) {
    const {file, name} = splitKey(key);
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push([name, count]);
  }
  for (const file of [...byFile.keys()].sort()) {
    out.push(`fl=${file}`);
    for (const [name, count] of byFile.get(file).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))) {
      out.push(`fn=${name}`, `0 ${count}`);
    }
  }
  out.push(`summary: ${profile.total}`, '');
  return out.join('\n');
}
