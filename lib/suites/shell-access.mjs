// What a suite's SQL can do beyond its database: run programs, or read and
// write files of the machine. psql runs a setup file's backslash commands on
// the runner's machine as the runner's user (\! id, \o |cmd, \copy … program,
// backquotes in any argument, \i of any file), and the server runs COPY …
// PROGRAM and its file functions as its own user; pgbench runs \shell and
// \setshell. A suite may do none of it unless it says so (`shell: true`),
// and then the pages and --dry-run say so too. psql's \ir of a file in the
// suite's folder is followed (the file is checked, and hashed with the suite).
//
// The check reads the files as psql and pgbench read them: comments are
// skipped, quoted text is never taken for a command (but a function body's
// dollar-quoted SQL is read as SQL). It cannot see SQL a statement builds as
// it runs (EXECUTE of a concatenated string, \gexec): the server runs that as
// its own user, in a folder only that user and the runner can enter
// (embedded-server.mjs).
import {existsSync, readFileSync, realpathSync} from 'node:fs';
import path from 'node:path';

/**
 * The text split as psql (or pgbench) reads it: SQL statements (comments removed, quoted text kept) and
 * backslash commands, each with the line it starts on.
 * @param {'psql'|'pgbench'} dialect  psql reads a backslash command anywhere outside quotes; pgbench at a
 *   line's start only
 * @returns {{statements: {text: string, line: number}[], commands: {name: string, args: string, line: number}[]}}
 */
export function splitSql(text, dialect) {
  const statements = [];
  const commands = [];
  let current = '';
  let startLine = 1;
  let line = 1;
  let atLineStart = true;
  const flush = () => {
    if (current.trim()) statements.push({text: current, line: startLine});
    current = '';
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i];
    const rest = () => {
      const end = text.indexOf('\n', i);
      return end === -1 ? text.length : end;
    };
    if (c === '\n') {
      line++;
      atLineStart = true;
      current += c;
      i++;
      continue;
    }
    if (!current.trim()) startLine = line;
    if (c === '\\' && (dialect === 'psql' || atLineStart)) {
      const end = rest();
      const body = text.slice(i + 1, end);
      const name = /^(!|[A-Za-z_?]+)/.exec(body)?.[1] ?? body.slice(0, 1);
      commands.push({name, args: body.slice(name.length).trim(), line});
      i = end;
      continue;
    }
    atLineStart = atLineStart && /\s/.test(c);
    if (c === '-' && text[i + 1] === '-') {
      i = rest();
      continue;
    }
    if (c === '/' && text[i + 1] === '*') {
      let depth = 0;
      for (; i < text.length; i++) {
        if (text[i] === '\n') line++;
        if (text.startsWith('/*', i)) {
          depth++;
          i++;
        } else if (text.startsWith('*/', i)) {
          depth--;
          i++;
          if (depth === 0) {
            i++;
            break;
          }
        }
      }
      current += ' ';
      continue;
    }
    const quoted = quotedEnd(text, i);
    if (quoted > i) {
      const piece = text.slice(i, quoted);
      line += piece.split('\n').length - 1;
      current += piece;
      i = quoted;
      continue;
    }
    current += c;
    i++;
    if (c === ';') flush();
  }
  flush();
  return {statements, commands};
}

/** Where quoted text starting at i ends ('…', E'…', "…", $tag$…$tag$), or i when none starts there. */
function quotedEnd(text, i) {
  const c = text[i];
  const identifierBefore = i > 0 && /[\w$]/.test(text[i - 1]);
  if (c === "'") {
    const escapes = i > 0 && /[eE]/.test(text[i - 1]) && !(i > 1 && /[\w$]/.test(text[i - 2]));
    for (let j = i + 1; j < text.length; j++) {
      if (escapes && text[j] === '\\') j++;
      else if (text[j] === "'") {
        if (text[j + 1] === "'") j++;
        else return j + 1;
      }
    }
    return text.length;
  }
  if (c === '"') {
    const end = text.indexOf('"', i + 1);
    return end === -1 ? text.length : end + 1;
  }
  if (c === '$' && !identifierBefore) {
    const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i));
    if (!tag) return i;
    const end = text.indexOf(tag[0], i + tag[0].length);
    return end === -1 ? text.length : end + tag[0].length;
  }
  return i;
}

// What the server does as its own user, read in a statement (a function's body included).
const SERVER_RULES = [
  {
    test: (s) => /\bCOPY\b/i.test(s) && /\bPROGRAM\b/i.test(s),
    what: 'COPY … PROGRAM runs a program on the server machine',
  },
  {
    test: (s) => /\bCOPY\b[\s\S]*\b(FROM|TO)\s+'/i.test(s),
    what: "COPY … FROM/TO 'file' reads or writes a file of the server machine (use STDIN/STDOUT)",
  },
  {
    test: (s) =>
      /\b(pg_read_file|pg_read_binary_file|pg_ls_dir|pg_stat_file|pg_file_write|lo_import|lo_export)\s*\(/i.test(s),
    what: 'a file function reads or writes a file of the server machine',
  },
  {
    test: (s) => /\b(plperlu|plpython[23]?u|pltclu|plsh)\b/i.test(s),
    what: 'an untrusted procedural language runs any code on the server machine',
  },
];

/** ALTER SYSTEM is refused even with shell: true: the settings a run compares come from suite.yaml only. */
const ALTER_SYSTEM = /\bALTER\s+SYSTEM\b/i;

// psql's commands that write their output to a file or a program: \o, \g, \w and \s.
const OUTPUT_COMMANDS = new Set(['o', 'out', 'g', 'gx', 'w', 'write', 's']);
const FILE_COMMANDS = new Set(['i', 'include', 'cd', 'lo_import', 'lo_export']);

/** What a psql backslash command does beyond the database, or null; `include` is set for an \ir to follow. */
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
    if (/\bprogram\b/i.test(args)) return '\\copy … program runs a shell command';
    if (/\b(from|to)\s+(?!(p?stdin|p?stdout)\b)\S/i.test(args)) return '\\copy reads or writes a file of this machine';
    return null;
  }
  if (FILE_COMMANDS.has(name)) {
    return name.startsWith('i')
      ? `\\${name} reads a file relative to psql's working folder, not the suite's: use \\ir (a file in its folder)`
      : `\\${name} reaches files of this machine`;
  }
  return null;
}

/**
 * The uses of the shell and of the machine's files in one of a suite's SQL files, and the files it includes
 * (\ir, followed when they are in the suite's folder).
 * @param {string} file  absolute or relative to the working folder
 * @param {object} options
 * @param {'psql'|'pgbench'} options.dialect
 * @param {string} options.dir  the suite's folder
 * @returns {{uses: {file: string, line: number, what: string}[], refused: {file, line, what}[], files: string[]}}
 *   `uses` a suite may declare (shell: true), `refused` never allowed, `files` every file read (this one first)
 */
export function shellAccess(file, {dialect, dir}) {
  const uses = [];
  const refused = [];
  const files = [];
  const visit = (current, from) => {
    const real = realpathSync(current);
    if (files.includes(real)) {
      refused.push({...from, what: `${path.basename(current)} includes itself, in a loop`});
      return;
    }
    files.push(real);
    const {statements, commands} = splitSql(readFileSync(current, 'utf8'), dialect);
    for (const s of statements) {
      for (const rule of SERVER_RULES) if (rule.test(s.text)) uses.push({file: current, line: s.line, what: rule.what});
      if (ALTER_SYSTEM.test(s.text)) {
        refused.push({
          file: current,
          line: s.line,
          what: 'ALTER SYSTEM changes the server settings a run records and compares: set them in suite.yaml',
        });
      }
    }
    for (const command of commands) {
      const at = {file: current, line: command.line};
      if (dialect === 'pgbench') {
        if (command.name === 'shell' || command.name === 'setshell') {
          uses.push({...at, what: `pgbench \\${command.name} runs a shell command`});
        }
        continue;
      }
      if (command.name === 'ir' || command.name === 'include_relative') {
        const included = path.resolve(path.dirname(current), command.args.replace(/^'(.*)'$/, '$1'));
        if (!insideFolder(included, dir)) {
          refused.push({...at, what: `\\${command.name} ${command.args} leads out of the suite's folder (${dir})`});
        } else if (!existsSync(included)) {
          refused.push({...at, what: `\\${command.name} ${command.args}: no such file`});
        } else visit(included, at);
        continue;
      }
      const what = psqlCommandUse(command);
      if (what) uses.push({...at, what});
    }
  };
  visit(file, {file, line: 0});
  return {uses, refused, files};
}

/** True when `file` is in `dir`, its links followed. */
function insideFolder(file, dir) {
  const real = existsSync(file) ? realpathSync(file) : path.resolve(file);
  return real.startsWith(`${realpathSync(dir)}${path.sep}`);
}
