// Reads pgbench's console output (15–18; stdout, stderr or both merged, in any
// order) into one object whose field names are the result schema's contract:
// camelCase, units in the name, absent when pgbench did not print the value.
//
// Pure: lines in, object out. Bad input never throws; what could not be read
// is reported in `errors[]` beside whatever could.
import {classifyError} from './errors.mjs';
import {createLineSplitter, splitLines} from './lines.mjs';

// pgbench prints "%.3f", "%f" or "%.1f"; a division by zero prints nan or inf.
// A minus is matched only to be refused: no figure pgbench prints is negative.
const NUM = String.raw`(-?(?:\d+(?:\.\d+)?|nan|inf))`;
const INT = String.raw`(-?\d+)`;

/** A printed number; NaN and infinity (not JSON) become null. */
function num(text) {
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * Why a line's numbers cannot be pgbench's, or null: a negative figure, or a
 * number too large to keep exactly (it would silently become another number,
 * or null). `groups` are the line's captured texts.
 */
function impossibleNumber(groups) {
  for (const g of groups) {
    if (g === undefined || !/^-?\d/.test(g)) continue;
    if (g.startsWith('-')) return `${g} is negative, and pgbench never prints a negative figure there`;
    const value = Number(g);
    if (/^\d+$/.test(g) ? !Number.isSafeInteger(value) : !Number.isFinite(value)) {
      return `${g.length > 24 ? `a ${g.length}-digit number` : g} is too large to be kept exactly`;
    }
  }
  return null;
}

/** Progress lines kept at most: a day of -P 1 (the longest run a suite may ask for) twice over. */
export const MAX_PROGRESS_ROWS = 172_800;

/** The error of an input in which no line is pgbench's. */
export const NOTHING_RECOGNIZED = 'No pgbench output was recognized in the input.';

const re = (source) => new RegExp(`^${source}$`);

// Lines of the run summary. The same lines, prefixed by " - ", describe one
// script in a multi-script run; `scope` says where each may appear.
const SUMMARY_LINES = [
  [re(`transaction type: (.+)`), 'run', (m) => ({transactionType: m[1]})],
  [re(`scaling factor: ${INT}`), 'run', (m) => ({scale: num(m[1])})],
  [re(`partition method: (\\w+)`), 'run', (m) => ({partitionMethod: m[1]})],
  [re(`partitions: ${INT}`), 'run', (m) => ({partitions: num(m[1])})],
  [re(`query mode: (\\w+)`), 'run', (m) => ({queryMode: m[1]})],
  [re(`number of clients: ${INT}`), 'run', (m) => ({clients: num(m[1])})],
  [re(`number of threads: ${INT}`), 'run', (m) => ({threads: num(m[1])})],
  [re(`maximum number of tries: ${INT}`), 'run', (m) => ({maxTries: num(m[1])})],
  [re(`duration: ${INT} s`), 'run', (m) => ({durationS: num(m[1])})],
  [re(`number of transactions per client: ${INT}`), 'run', (m) => ({transactionsPerClient: num(m[1])})],
  // "N/M" with -t; in 18's per-script block "N (tps = …)".
  [
    re(`number of transactions actually processed: ${INT}(?:/${INT})?(?: \\(tps = ${NUM}\\))?`),
    'both',
    (m) => ({processed: num(m[1]), ...(m[3] !== undefined && {tps: num(m[3])})}),
  ],
  [re(`number of failed transactions: ${INT} \\(.*\\)`), 'both', (m) => ({failed: num(m[1])})],
  [re(`number of serialization failures: ${INT} \\(.*\\)`), 'both', (m) => ({serializationFailures: num(m[1])})],
  [re(`number of deadlock failures: ${INT} \\(.*\\)`), 'both', (m) => ({deadlockFailures: num(m[1])})],
  [re(`number of transactions retried: ${INT} \\(.*\\)`), 'both', (m) => ({retried: num(m[1])})],
  [re(`total number of retries: ${INT}`), 'both', (m) => ({retries: num(m[1])})],
  [re(`number of transactions skipped: ${INT} \\(.*\\)`), 'both', (m) => ({skipped: num(m[1])})],
  [
    re(`number of transactions above the ${NUM} ms latency limit: ${INT}/${INT} \\(.*\\)`),
    'run',
    (m) => ({latencyLimitMs: num(m[1]), aboveLatencyLimit: num(m[2])}),
  ],
  [
    re(`latency average = ${NUM} ms( \\(including failures\\))?`),
    'both',
    (m) => ({latencyAvgMs: num(m[1]), latencyIncludesFailures: m[2] !== undefined}),
  ],
  [re(`latency stddev = ${NUM} ms`), 'both', (m) => ({latencyStddevMs: num(m[1])})],
  [
    re(`rate limit schedule lag: avg ${NUM} \\(max ${NUM}\\) ms`),
    'run',
    (m) => ({lagAvgMs: num(m[1]), lagMaxMs: num(m[2])}),
  ],
  [re(`initial connection time = ${NUM} ms`), 'run', (m) => ({initialConnectionMs: num(m[1])})],
  [re(`average connection time = ${NUM} ms`), 'run', (m) => ({averageConnectionMs: num(m[1])})],
  // 15+ print one tps line; 13 and older printed "including/excluding connections establishing".
  [
    re(
      `tps = ${NUM} \\((without initial connection time|including reconnection times|excluding connections ` +
        `establishing)\\)`,
    ),
    'run',
    (m) => ({tps: num(m[1]), tpsIncludesConnections: m[2] === 'including reconnection times'}),
  ],
  [re(`tps = ${NUM} \\(including connections establishing\\)`), 'run', () => ({})],
  // Per-script only.
  [re(`weight: ${INT} \\(targets .*\\)`), 'script', (m) => ({weight: num(m[1])})],
  // 15–17: "N transactions (x% of total, tps = …)", N being the processed count;
  // 18: "N transactions (x% of total)", N counting failed and skipped ones too.
  [
    re(`${INT} transactions \\([^,]*% of total(?:, tps = ${NUM})?\\)`),
    'script',
    (m) => ({transactions: num(m[1]), ...(m[2] !== undefined && {processed: num(m[1]), tps: num(m[2])})}),
  ],
];

const STATEMENTS_HEADER = re(`statement latencies in milliseconds(?:(, failures and retries)| (and failures))?:`);

const PROGRESS = re(
  `progress: (\\d+\\.\\d+) s, ${NUM} tps, lat ${NUM} ms stddev ${NUM}` +
    `(?:, ${INT} failed)?(?:, lag ${NUM} ms)?(?:, ${INT} skipped)?(?:, ${INT} retried, ${INT} retries)?`,
);

const INIT_STEP = new RegExp(
  String.raw`^(dropping old tables|creating tables|creating (\d+) partitions|generating data \((client|server)-side\)` +
    String.raw`|vacuuming|creating primary keys|creating foreign keys)\.\.\.$`,
);
const INIT_TUPLES = re(
  `${INT} of ${INT} tuples \\(\\d+%\\)(?: of (\\w+))? done \\(elapsed ${NUM} s, remaining ${NUM} s\\)`,
);
const INIT_DONE = re(`done in ${NUM} s \\((.*)\\)\\.`);

// "pgbench: error: …", and getopt's "/path/to/pgbench: unrecognized option …".
const MESSAGE = /^(?:\S*\/)?pgbench: (?:(error|warning|hint|detail|fatal|log): )?(.*)$/;
// Lines a server error or a script error continues with.
const CONTINUATION = /^(?:\s|\^|(?:DETAIL|HINT|CONTEXT|LINE \d+|QUERY|STATEMENT|WHERE):|Process \d+ waits )/;

/** Splits "15.18 (Debian 15.18-0+deb12u1), server 18.6" at its top-level comma. */
function splitVersions(inner) {
  let depth = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && inner.startsWith(', server ', i)) return [inner.slice(0, i), inner.slice(i + 9)];
  }
  return [inner, undefined];
}

/** The plain version ("15.18") at the start of a full one ("15.18 (Debian …)"). */
const plainVersion = (full) => full.match(/^\d+(?:\.\d+)*(?:devel|(?:alpha|beta|rc)\d+)?/)?.[0];

/**
 * A parser fed one line at a time: `line(text)` for each line of one file,
 * `endFile()` between files, `finish()` for the result.
 */
export function createOutputParser() {
  const out = {};
  const errors = [];
  const warnings = [];
  let recognized = 0;
  const unrecognized = [];
  let script = null; // the per-script block being read
  let statements = null; // the statement table being read
  let statementColumns = 0;
  let lastMessage = null; // where continuation lines go
  let runs = 0;
  let progressCut = false;

  const set = (target, fields) => Object.assign(target, fields);

  function message(level, text) {
    if (level === 'hint' || level === 'detail') {
      if (lastMessage) lastMessage[level] = lastMessage[level] ? `${lastMessage[level]}\n${text}` : text;
      else warnings.push({message: text});
      return;
    }
    if (level === 'warning' || level === 'log') {
      lastMessage = {message: text};
      warnings.push(lastMessage);
      return;
    }
    // "setting random seed to N" (--random-seed): the seed of the run, not an error.
    const seed = level === undefined && /^setting random seed to (\d+)$/.exec(text);
    if (seed) {
      out.randomSeed = Number(seed[1]);
      return;
    }
    // "client N got an error … / repeats the transaction / ends the failed
    // transaction": per-transaction reports (--verbose-errors), not run errors.
    if (level === undefined && /^client \d+ /.test(text)) {
      lastMessage = {};
      out.clientErrorReports = (out.clientErrorReports ?? 0) + 1;
      return;
    }
    lastMessage = {kind: classifyError(text), message: text};
    if (/^Run was aborted\b/.test(text)) out.aborted = true;
    errors.push(lastMessage);
  }

  // The summary lines already read, of the run and of the script being read:
  // a second copy of one means the output was altered or two were joined.
  const seenLines = new Set();

  function impossible(text, why) {
    errors.push({
      kind: 'impossible',
      message: `${JSON.stringify(text.slice(0, 120))}: ${why}; the output was altered or damaged`,
    });
  }

  function summaryLine(text) {
    const inScript = script !== null && text.startsWith(' - ');
    const body = inScript ? text.slice(3) : text;
    for (const [pattern, scope, fields] of SUMMARY_LINES) {
      if (scope === (inScript ? 'run' : 'script')) continue;
      const m = pattern.exec(body);
      if (!m) continue;
      if (!inScript && pattern === SUMMARY_LINES[0][0] && runs++ > 0) {
        errors.push({
          kind: 'other',
          message: 'The input holds more than one run; only the first was read. Parse each run separately.',
        });
      }
      if (runs > 1 && !inScript) return true;
      const why = impossibleNumber(m.slice(1));
      if (why) {
        impossible(text, why);
        return true;
      }
      const lineKind = SUMMARY_LINES.findIndex((l) => l[0] === pattern);
      const seenKey = `${inScript ? `script ${script.index}` : 'run'}:${lineKind}`;
      if (seenLines.has(seenKey)) {
        impossible(text, 'this summary line appears twice (the first one is kept)');
        return true;
      }
      seenLines.add(seenKey);
      set(inScript ? script : out, fields(m));
      if (!inScript) script = null;
      return true;
    }
    return false;
  }

  function statementLine(text) {
    const header = STATEMENTS_HEADER.exec(text.startsWith(' - ') ? text.slice(3) : text);
    if (header) {
      statementColumns = header[1] ? 3 : header[2] ? 2 : 1;
      statements = [];
      (script ?? out).statements = statements;
      return true;
    }
    if (!statements) return false;
    const extra = String.raw`\s+(\d+)`.repeat(statementColumns - 1);
    // 15–17 put two spaces before the command, 18 one.
    const m = new RegExp(`^\\s+${NUM}${extra} {1,2}(\\S.*)$`).exec(text);
    if (!m) {
      statements = null;
      return false;
    }
    const why = impossibleNumber(m.slice(1, statementColumns + 1));
    if (why) {
      impossible(text, why);
      return true;
    }
    const row = {latencyMs: num(m[1])};
    if (statementColumns > 1) row.failures = num(m[2]);
    if (statementColumns > 2) row.retries = num(m[3]);
    row.command = m[statementColumns + 1];
    statements.push(row);
    return true;
  }

  function progressLine(text) {
    const m = PROGRESS.exec(text);
    if (!m) return false;
    const why = impossibleNumber(m.slice(1));
    if (why) {
      impossible(text, why);
      return true;
    }
    if ((out.progress?.length ?? 0) >= MAX_PROGRESS_ROWS) {
      // More than any run the runner allows (a day at -P 1, twice over): not kept, and said once.
      if (!progressCut) impossible(text, `this is progress line ${MAX_PROGRESS_ROWS + 1}, twice a day of pgbench -P 1`);
      progressCut = true;
      return true;
    }
    // Elapsed time is printed "%.1f"; --progress-timestamp prints epoch "%.3f".
    const time = /\.\d{3}$/.test(m[1]) ? {epochS: num(m[1])} : {timeS: num(m[1])};
    const row = {...time, tps: num(m[2]), latencyAvgMs: num(m[3]), latencyStddevMs: num(m[4])};
    if (m[5] !== undefined) row.failed = num(m[5]);
    if (m[6] !== undefined) row.lagMs = num(m[6]);
    if (m[7] !== undefined) row.skipped = num(m[7]);
    if (m[8] !== undefined) set(row, {retried: num(m[8]), retries: num(m[9])});
    (out.progress ??= []).push(row);
    return true;
  }

  function initLine(text) {
    let m = INIT_STEP.exec(text);
    if (m) {
      const init = (out.init ??= {steps: []});
      if (m[2] !== undefined) init.partitions = num(m[2]);
      if (m[3] !== undefined) init.dataGeneration = m[3];
      return true;
    }
    if ((m = INIT_TUPLES.exec(text) ?? INIT_DONE.exec(text)) && impossibleNumber(m.slice(1))) {
      impossible(text, impossibleNumber(m.slice(1)));
      return true;
    }
    if ((m = INIT_TUPLES.exec(text))) {
      const init = (out.init ??= {steps: []});
      if (m[3] !== undefined) init.table = m[3];
      init.rows = num(m[2]);
      (init.progress ??= []).push({rowsDone: num(m[1]), elapsedS: num(m[4]), remainingS: num(m[5])});
      return true;
    }
    if ((m = INIT_DONE.exec(text))) {
      const init = (out.init ??= {steps: []});
      init.totalS = num(m[1]);
      init.steps = m[2].split(', ').map((part) => {
        const step = /^(.+) (\S+) s$/.exec(part);
        return step ? {name: step[1], seconds: num(step[2])} : {name: part, seconds: null};
      });
      return true;
    }
    return text.startsWith('NOTICE:  ') && out.init !== undefined;
  }

  function headerLine(text) {
    let m = /^pgbench \(PostgreSQL\) (.+)$/.exec(text);
    if (m) {
      set(out, {pgbenchVersion: plainVersion(m[1]) ?? m[1], pgbenchVersionFull: m[1]});
      return true;
    }
    m = /^pgbench \((.+)\)$/.exec(text);
    if (!m) return false;
    const [client, server] = splitVersions(m[1]);
    set(out, {pgbenchVersion: plainVersion(client) ?? client, pgbenchVersionFull: client});
    if (server !== undefined) set(out, {serverVersion: plainVersion(server) ?? server, serverVersionFull: server});
    return true;
  }

  function line(raw) {
    // trimEnd, not /\s+$/: that regex takes quadratic time on a long run of spaces.
    const text = raw.trimEnd();
    if (text === '') return;
    // Control characters (other than tab) or undecodable bytes: not text output.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this test's purpose
    if (/[\u0000-\u0008\u000b-\u001f\u007f\ufffd]/.test(text)) {
      unrecognized.push(text);
      return;
    }
    // "starting vacuum...end." — or an error printed right after "starting vacuum...".
    const vacuum = /^starting vacuum\.\.\.(.*)$/.exec(text);
    if (vacuum) {
      recognized++;
      if (vacuum[1] !== 'end.' && vacuum[1] !== '') line(vacuum[1]);
      return;
    }
    if (statementLine(text)) return void recognized++;
    const msg = MESSAGE.exec(text);
    if (msg) {
      recognized++;
      message(msg[1] === 'fatal' ? 'error' : msg[1], msg[2]);
      return;
    }
    if (lastMessage && CONTINUATION.test(text)) {
      if (lastMessage.message !== undefined)
        lastMessage.detail = lastMessage.detail ? `${lastMessage.detail}\n${text}` : text;
      return;
    }
    // A script error is followed by the offending script line, then a caret line.
    if (lastMessage?.kind === 'script' && lastMessage.detail === undefined) {
      lastMessage.detail = text;
      return;
    }
    const scriptHeader = /^SQL script (\d+): (.+)$/.exec(text);
    if (scriptHeader) {
      script = {index: num(scriptHeader[1]), name: scriptHeader[2]};
      (out.scripts ??= []).push(script);
      statements = null;
    } else if (!(headerLine(text) || summaryLine(text) || progressLine(text) || initLine(text))) {
      unrecognized.push(text);
      return;
    }
    recognized++;
    lastMessage = null;
  }

  function endFile() {
    script = null;
    statements = null;
    lastMessage = null;
  }

  function finish() {
    endFile();
    const problems = [...errors];
    if (recognized === 0) {
      problems.push({kind: 'other', message: NOTHING_RECOGNIZED});
    } else {
      if (unrecognized.length > 0) {
        problems.push({
          kind: 'other',
          message:
            `${unrecognized.length} line(s) are not pgbench output; the first: ` +
            `${JSON.stringify(unrecognized[0].slice(0, 120))}`,
        });
      }
      const failedBeforeRun = errors.some((e) => e.kind !== 'aborted');
      const counted = (out.processed ?? 0) + (out.failed ?? 0) > 0;
      if (out.transactionType !== undefined && !failedBeforeRun && !out.aborted) {
        if (out.processed === undefined) {
          problems.push({
            kind: 'other',
            message: 'The summary ends before "number of transactions actually processed": the output looks truncated.',
          });
        } else if (counted && out.tps === undefined) {
          problems.push({
            kind: 'other',
            message: 'The summary ends before its "tps =" line: the output looks truncated.',
          });
        }
      }
      if (out.init && out.init.totalS === undefined && errors.length === 0) {
        problems.push({
          kind: 'other',
          message: 'pgbench -i output ends before "done in …": the output looks truncated.',
        });
      }
    }
    return {
      ...out,
      aborted: out.aborted ?? false,
      errors: problems,
      ...(warnings.length > 0 && {warnings}),
    };
  }

  return {line, endFile, finish};
}

/**
 * Parses one run's outputs. Each input is the text of one file (stdout,
 * stderr, or both merged), in any order.
 * @param {...string} texts
 */
export function parseOutput(...texts) {
  const parser = createOutputParser();
  for (const text of texts) {
    for (const l of splitLines(text)) parser.line(l);
    parser.endFile();
  }
  return parser.finish();
}

/**
 * Parses outputs arriving as streams of text chunks (e.g. a child process's
 * stdout and stderr, read one after the other).
 * @param {...AsyncIterable<string>} streams
 */
export async function parseOutputStreams(...streams) {
  const parser = createOutputParser();
  for (const stream of streams) {
    const splitter = createLineSplitter();
    for await (const chunk of stream) for (const l of splitter.push(chunk)) parser.line(l);
    for (const l of splitter.end()) parser.line(l);
    parser.endFile();
  }
  return parser.finish();
}
