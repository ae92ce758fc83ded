// What a suite's SQL can do beyond its database: run programs, or read and
// write files of the machine. psql runs a setup file's backslash commands on
// the runner's machine as the runner's user (\! id, \o |cmd, \copy … program,
// backquotes in any argument, \i of any file), and the server runs COPY …
// PROGRAM and its file functions as its own user; pgbench runs \shell and
// \setshell. A suite may do none of it unless it says so (`shell: true`),
// and then the pages and --dry-run say so too. psql's \ir of a file in the
// suite's folder is followed (the file is checked, and hashed with the suite).
//
// The check reads the files as psql and pgbench read them (sql-lexer.mjs):
// comments are skipped, quoted text is never taken for a command (but a
// function body's dollar-quoted SQL is read as SQL), a backslash command ends
// where psql ends it, and a variable psql reads again as input is a use of its
// own (its value may be made as the file runs). It cannot see SQL a statement builds as
// it runs (EXECUTE of a concatenated string, \gexec): the server runs that as
// its own user, in a folder only that user and the runner can enter
// (embedded-server.mjs).
import {existsSync, realpathSync} from 'node:fs';
import path from 'node:path';
import {readTextFile} from '../read-text.mjs';
import {quotedEnd, splitSql} from './sql-lexer.mjs';

// What the server does as its own user, read in a statement (a function's body included).
const SERVER_RULES = [
  {
    test: (s) => /\bCOPY\b/i.test(s.code) && /\b(FROM|TO)\s+PROGRAM\b/i.test(s.code),
    what: 'COPY … PROGRAM runs a program on the server machine',
  },
  {
    test: (s) => /\bCOPY\b/i.test(s.code) && /\b(FROM|TO)\s+(E?')/i.test(s.text),
    what: "COPY … FROM/TO 'file' reads or writes a file of the server machine (use STDIN/STDOUT)",
  },
  {
    test: (s) =>
      /\b(pg_read_file|pg_read_binary_file|pg_ls_dir|pg_stat_file|pg_file_write|lo_import|lo_export)\s*\(/i.test(
        s.code,
      ),
    what: 'a file function reads or writes a file of the server machine',
  },
  {
    test: (s) => /\b(plperlu|plpython[23]?u|pltclu|plsh)\b/i.test(s.code),
    what: 'an untrusted procedural language runs any code on the server machine',
  },
];

// Refused even with shell: true: ALTER SYSTEM (the settings a run compares come from suite.yaml only), and a
// change of standard_conforming_strings, after which psql reads backslashes in quoted text otherwise than this
// check does, and a command could hide in what it takes for text.
const ALWAYS_REFUSED = [
  {
    test: (s) => /\bALTER\s+SYSTEM\b/i.test(s.code),
    what: 'ALTER SYSTEM changes the server settings a run records and compares: set them in suite.yaml',
  },
  {
    test: (s) => /\bstandard_conforming_strings\b/i.test(s.text),
    what:
      'standard_conforming_strings changes how psql reads quoted text, and this check with it: leave it ' +
      "at PostgreSQL's default",
  },
];

// psql's commands that write their output to a file or a program when given one: \o, \g, \w and \s.
const OUTPUT_COMMANDS = new Set(['o', 'out', 'g', 'gx', 'w', 'write', 's']);
// The psql commands a suite's SQL may use without shell: true: variables, conditionals, output formats, the
// server's catalogs (\d…), and running what is typed. Any other (\!, \e, \i, \cd, \setenv, \getenv,
// \lo_import…) may reach the machine, now or in a later psql: refused by name unless the suite says shell: true.
const PSQL_ALLOWED = new Set(
  (
    'set unset echo qecho warn if elif else endif ir include_relative gset gexec gdesc crosstabview timing pset ' +
    'a t x f h help ? conninfo encoding errverbose l list p print r reset q quit z bind parse ' +
    'bind_named close startpipeline endpipeline syncpipeline flushrequest flush getresults sendpipeline ' +
    'sf sv sf+ sv+ copyright'
  ).split(' '),
);

// psql's reconnection, refused even with shell: true: a suite's SQL runs in the session the runner opened for it,
// as the role it chose (suite-role.mjs), and a new connection could log in as another.
const RECONNECT = new Set(['c', 'connect']);

/** What a psql backslash command does beyond the database, or null when it is one a suite may use. */
function psqlCommandUse({name, args}) {
  if (name === '!') return 'psql \\! runs a shell command';
  if (args.includes('`')) return `backquotes in \\${name}'s argument run a shell command`;
  if (OUTPUT_COMMANDS.has(name)) {
    const target = args.replace(/^\([^)]*\)\s*/, '');
    if (target.startsWith('|')) return `\\${name} |… pipes output into a shell command`;
    if (target) return `\\${name} ${target.split(/\s/)[0]} writes a file of this machine`;
    return null;
  }
  if (name === 'copy') {
    const target = copyTarget(args);
    if (target !== null && /^program$/i.test(target)) return '\\copy … program runs a shell command';
    // Only psql's own words for its input and output are no file: stdin, stdout, pstdin, pstdout, exactly.
    if (target === null || !/^p?std(in|out)$/i.test(target)) return '\\copy reads or writes a file of this machine';
    return null;
  }
  if (name === 'i' || name === 'include') {
    return `\\${name} reads a file relative to psql's working folder, not the suite's: use \\ir (a file in its folder)`;
  }
  if (PSQL_ALLOWED.has(name) || /^d[a-z+]*$/.test(name)) return null;
  return `psql \\${name} is not among the backslash commands a suite's SQL may use (it may reach the machine)`;
}

/**
 * What \\copy reads or writes, as psql's parser finds it: after the table (and its columns) or the query in
 * parentheses, the word after FROM or TO (a file name, PROGRAM, or stdin…); null when none can be found.
 */
function copyTarget(args) {
  let rest = args.trim();
  if (rest.startsWith('(')) {
    let depth = 0;
    let j = 0;
    for (; j < rest.length; j++) {
      const quoted = quotedEnd(rest, j);
      if (quoted > j) j = quoted - 1;
      else if (rest[j] === '(') depth++;
      else if (rest[j] === ')' && --depth === 0) break;
    }
    rest = rest.slice(j + 1);
  } else rest = rest.replace(/^("[^"]*"|[^\s(])+(\s*\([^)]*\))?/, '');
  return /^\s*(?:from|to)\s+(\S+)/i.exec(rest)?.[1] ?? null;
}

// pgbench runs a program for \shell and \setshell, whatever its lexer makes of the text around them (a quote
// this check reads otherwise, a line continued): found in the raw text, a backslash, then spaces, backslashes or
// line ends, then the name, in any case.
const PGBENCH_SHELL = /\\[\s\\]*((?:set)?shell)/gi;

/** Where in a text each match of a global pattern starts, as a line number. */
const linesOf = (text, pattern) =>
  [...text.matchAll(pattern)].map((m) => ({line: text.slice(0, m.index).split('\n').length, name: m[1].toLowerCase()}));

/**
 * The uses of the shell and of the machine's files in one of a suite's SQL files, and the files it includes
 * (\ir, followed when they are in the suite's folder, in a suite that may run commands).
 *
 * A suite that may not (no shell: true) has its psql files sent to the server statement by statement, as psql
 * sends a -c string: psql reads none of them, so no command, variable or quoting psql would read otherwise than
 * this check can run anything on the machine; a backslash command there is refused, being never run.
 * @param {string} file  absolute or relative to the working folder
 * @param {object} options
 * @param {'psql'|'pgbench'} options.dialect
 * @param {string} options.dir  the suite's folder
 * @param {boolean} [options.shell]  the suite declared shell: true (its psql files run through psql -f)
 * @returns {{uses: {file: string, line: number, what: string}[], refused: {file, line, what}[], files: string[]}}
 *   `uses` a suite may declare (shell: true), `refused` never allowed, `files` every file read (this one first)
 */
export function shellAccess(file, {dialect, dir, shell = false}) {
  const uses = [];
  const refused = [];
  const files = [];
  // `chain`: the files being read, each including the next; a file read before by another is not read again.
  const visit = (current, from, chain = []) => {
    const real = realpathSync(current);
    if (chain.includes(real)) {
      refused.push({...from, what: `${path.basename(current)} includes itself, in a loop`});
      return;
    }
    if (files.includes(real)) return;
    files.push(real);
    const text = readTextFile(current);
    if (text.includes('\0')) {
      refused.push({file: current, line: text.slice(0, text.indexOf('\0')).split('\n').length, what: NUL});
    }
    const {statements, commands, interpolations} = splitSql(text, dialect);
    for (const s of statements) {
      for (const rule of SERVER_RULES) if (rule.test(s)) uses.push({file: current, line: s.line, what: rule.what});
      for (const rule of ALWAYS_REFUSED) if (rule.test(s)) refused.push({file: current, line: s.line, what: rule.what});
    }
    if (dialect === 'pgbench') {
      for (const {line, name} of linesOf(text, PGBENCH_SHELL)) {
        uses.push({file: current, line, what: `pgbench \\${name} runs a shell command`});
      }
      return;
    }
    if (!shell) {
      // Sent as written (psql -c): psql runs no command, puts in no variable and sends no data after COPY.
      for (const {name, line} of commands) refused.push({file: current, line, what: notRun(name)});
      for (const v of interpolations.filter(meantAsVariable)) {
        refused.push({file: current, line: v.line, what: notSubstituted(v)});
      }
      for (const s of statements.filter(FROM_STDIN)) refused.push({file: current, line: s.line, what: NO_STDIN});
      return;
    }
    for (const {name, line} of interpolations.filter((v) => v.quote === null)) {
      uses.push({file: current, line, what: readAgain(name)});
    }
    for (const command of commands) {
      const at = {file: current, line: command.line};
      if (RECONNECT.has(command.name)) refused.push({...at, what: reconnects(command.name)});
      else if (command.name === 'ir' || command.name === 'include_relative') {
        const included = path.resolve(path.dirname(current), command.args.replace(/^'(.*)'$/, '$1'));
        if (!insideFolder(included, dir)) {
          refused.push({...at, what: `\\${command.name} ${command.args} leads out of the suite's folder (${dir})`});
        } else if (!existsSync(included)) {
          refused.push({...at, what: `\\${command.name} ${command.args}: no such file`});
        } else visit(included, at, [...chain, real]);
      } else {
        const what = psqlCommandUse(command);
        if (what) uses.push({...at, what});
      }
    }
  };
  visit(file, {file, line: 0});
  return {uses, refused, files};
}

const NUL = 'a NUL byte: psql and pgbench read a line only to it, and this check would read past it; remove it';

const OR_SHELL =
  'or declare "shell: true" to have psql read the file (the pages and --dry-run then say the suite runs commands)';
// What SQL does what a psql command would, in a file sent to the server as written.
const INSTEAD = [
  [['set', 'unset'], 'write the value where it is used'],
  [['copy'], 'load rows with INSERT … SELECT (generate_series makes any number)'],
  [['gexec'], 'build and run the statements in a DO block (EXECUTE format(…))'],
  [['i', 'include', 'ir', 'include_relative'], "put the file's statements in this one"],
  [['if', 'elif', 'else', 'endif'], 'decide in a DO block (IF … THEN)'],
  [['echo', 'qecho', 'warn'], 'RAISE NOTICE in a DO block'],
];
/** Why a backslash command in the psql file of a suite that may not run commands is refused. */
const notRun = (name) => {
  const instead = INSTEAD.find(([names]) => names.includes(name))?.[1] ?? 'write it as SQL';
  return (
    `psql \\${name}: a suite's SQL is sent to the server statement by statement, and psql runs none of its ` +
    `backslash commands (they may reach the machine): ${instead}, ${OR_SHELL}`
  );
};

// A name psql would substitute, not a slice's bound (a[1:2]): a quoted one, or one starting with a letter.
const meantAsVariable = (v) => v.quote !== null || /^[A-Za-z_\u0080-\uffff]/.test(v.name);
const notSubstituted = ({name, quote}) =>
  `:${quote ?? ''}${name}${quote ?? ''} reads as a psql variable, but a suite's SQL is sent to the server as ` +
  `written and psql puts no variable in it (the server would read the colon): write the value, ${OR_SHELL}` +
  (quote === null ? `; a slice a[1:${name}] is written a[1 : ${name}]` : '');

// COPY … FROM STDIN reads the rows that follow in the file: psql alone sends them.
const FROM_STDIN = (s) => /\bCOPY\b/i.test(s.code) && /\bFROM\s+STDIN\b/i.test(s.code);
const NO_STDIN =
  "COPY … FROM STDIN: a suite's SQL is sent to the server statement by statement, without the rows that follow " +
  `it: load them with INSERT … VALUES or INSERT … SELECT, ${OR_SHELL}`;

const reconnects = (name) =>
  `psql \\${name} opens another connection (as another role, or to another database): a suite's SQL runs in the ` +
  'one session the runner opens for it; remove it';

const readAgain = (name) =>
  `psql puts the variable :${name} here and reads its value again as psql input, which can hold any backslash ` +
  `command (a value made as the file runs, by \\gset, is seen by no check): write the value, or :'${name}' for a ` +
  'quoted literal (a slice a[1:2] as a[1 : 2])';

/** True when `file` is in `dir`, its links followed. */
function insideFolder(file, dir) {
  const real = existsSync(file) ? realpathSync(file) : path.resolve(file);
  return real.startsWith(`${realpathSync(dir)}${path.sep}`);
}
