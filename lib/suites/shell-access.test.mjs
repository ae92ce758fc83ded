import assert from 'node:assert/strict';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {test} from 'node:test';
import {shellAccess} from './shell-access.mjs';
import {splitSql} from './sql-lexer.mjs';

/** A suite folder with the given files, and a file outside it. */
function folder(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'shell-access-'));
  const dir = path.join(root, 'suite');
  mkdirSync(dir);
  writeFileSync(path.join(root, 'outside.sql'), 'SELECT 1;\n');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

/** What a suite that runs psql on its files (shell: true) is told it uses, line by line. */
const usesOf = (dir, name, dialect = 'psql') =>
  shellAccess(path.join(dir, name), {dialect, dir, shell: true}).uses.map((u) => `${u.line}: ${u.what}`);

test("the probe's setup file: every way out of the database is found, with its line", () => {
  const dir = folder({
    'setup.sql': [
      'CREATE TABLE t (a int);', // 1
      '\\! id > id.txt', // 2
      '\\o |cat > /tmp/x', // 3
      "COPY (SELECT 1) TO PROGRAM 'id > id.txt';", // 4
      "\\copy t from program 'id'", // 5
      'SELECT 1 \\g |cat', // 6
      '\\set who `id`', // 7
      '\\i /etc/passwd', // 8
    ].join('\n'),
  });
  assert.deepEqual(usesOf(dir, 'setup.sql'), [
    '4: COPY … PROGRAM runs a program on the server machine',
    '2: psql \\! runs a shell command',
    '3: \\o |… pipes output into a shell command',
    '5: \\copy … program runs a shell command',
    '6: \\g |… pipes output into a shell command',
    "7: backquotes in \\set's argument run a shell command",
    "8: \\i reads a file relative to psql's working folder, not the suite's: use \\ir (a file in its folder)",
  ]);
});

test('\\ir out of the folder is refused; inside it, the file is followed and checked', () => {
  const dir = folder({
    'setup.sql': '\\ir ../outside.sql\n\\ir part.sql\n',
    'part.sql': "SELECT 1;\nCOPY t TO PROGRAM 'id';\n",
  });
  const found = shellAccess(path.join(dir, 'setup.sql'), {dialect: 'psql', dir, shell: true});
  assert.deepEqual(
    found.refused.map((u) => `${path.basename(u.file)}:${u.line}`),
    ['setup.sql:1'],
  );
  assert.match(found.refused[0].what, /leads out of the suite's folder/);
  assert.deepEqual(
    found.uses.map((u) => `${path.basename(u.file)}:${u.line}`),
    ['part.sql:2'],
  );
  assert.deepEqual(
    found.files.map((f) => path.basename(f)),
    ['setup.sql', 'part.sql'],
  );
});

test('pgbench scripts: \\shell and \\setshell, and COPY … PROGRAM in their SQL', () => {
  const dir = folder({
    'w.sql': "\\set aid random(1, 100)\n\\shell id\n\\setshell x echo 1\nSELECT 1;\nCOPY t TO PROGRAM 'id';\n",
  });
  assert.deepEqual(usesOf(dir, 'w.sql', 'pgbench'), [
    '5: COPY … PROGRAM runs a program on the server machine',
    '2: pgbench \\shell runs a shell command',
    '3: pgbench \\setshell runs a shell command',
  ]);
});

test('what is only text is not a command: comments, strings, identifiers; \\set and \\gset are fine', () => {
  const dir = folder({
    'setup.sql': [
      "-- \\! not run; COPY x TO PROGRAM 'y'",
      "/* nested /* \\! */ COPY t TO PROGRAM 'id' */",
      "SELECT 'a \\! b', E'it\\'s \\o |cat', \"col \\! x\";",
      "INSERT INTO notes VALUES ('copy the program');",
      '\\set n 10',
      'SELECT 1 AS x \\gset',
      '\\timing on',
    ].join('\n'),
    'w.sql': '\\set aid random(1, 100000 * :scale)\nSELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n',
  });
  // "copy the program" in a string is text: the keywords are read outside quoted text.
  assert.deepEqual(usesOf(dir, 'setup.sql'), []);
  assert.deepEqual(usesOf(dir, 'w.sql', 'pgbench'), []);
});

test("a function body's SQL is read: COPY … PROGRAM inside DO $$ … $$ is found", () => {
  const dir = folder({
    'setup.sql': "SELECT 1;\nDO $body$\nBEGIN\n  COPY t TO PROGRAM 'id';\nEND\n$body$;\n",
  });
  assert.deepEqual(usesOf(dir, 'setup.sql'), ['2: COPY … PROGRAM runs a program on the server machine']);
});

test('ALTER SYSTEM is refused whatever the suite declares', () => {
  const dir = folder({'setup.sql': 'SELECT 1;\nALTER SYSTEM SET fsync = off;\n'});
  const found = shellAccess(path.join(dir, 'setup.sql'), {dialect: 'psql', dir, shell: true});
  assert.deepEqual(
    found.refused.map((u) => u.line),
    [2],
  );
  assert.match(found.refused[0].what, /set them in suite\.yaml/);
});

test('server files and untrusted languages', () => {
  const dir = folder({
    'setup.sql': [
      "COPY t FROM '/etc/passwd';",
      "SELECT pg_read_file('/etc/passwd');",
      'CREATE EXTENSION plpython3u;',
      'COPY t FROM STDIN;',
    ].join('\n'),
  });
  assert.deepEqual(usesOf(dir, 'setup.sql'), [
    "1: COPY … FROM/TO 'file' reads or writes a file of the server machine (use STDIN/STDOUT)",
    '2: a file function reads or writes a file of the server machine',
    '3: an untrusted procedural language runs any code on the server machine',
  ]);
});

test('splitSql: statements start where their text starts, lines counted through strings and comments', () => {
  const {statements, commands} = splitSql("SELECT 'a\nb';\n/* c\n*/ SELECT 2;\n\\echo hi\n", 'psql');
  assert.deepEqual(
    statements.map((s) => s.line),
    [1, 4],
  );
  assert.deepEqual(commands, [{name: 'echo', args: 'hi', line: 5}]);
});

test("the review's ways past a first version of the check are each found", () => {
  const dir = folder({
    'w.sql': 'SELECT 1; \\shell touch /tmp/a\n\\SHELL touch /tmp/b\n\\setShell v touch /tmp/c\n',
    'setup.sql': [
      '\\echo hi \\\\ \\! touch /tmp/d', // 1: a second command after "\\"
      "\\COPY (SELECT 1) TO PROGRAM 'touch /tmp/e'", // 2
      "\\setenv PSQL_EDITOR 'touch /tmp/f; true'", // 3
      '\\e', // 4
      'SET standard_conforming_strings = off;', // 5
      'COPY course (id, program) FROM STDIN;', // 6: a column named program is no program
    ].join('\n'),
  });
  assert.deepEqual(usesOf(dir, 'w.sql', 'pgbench'), [
    '1: pgbench \\shell runs a shell command',
    '2: pgbench \\shell runs a shell command',
    '3: pgbench \\setshell runs a shell command',
  ]);
  assert.deepEqual(usesOf(dir, 'setup.sql'), [
    '1: psql \\! runs a shell command',
    '2: \\copy … program runs a shell command',
    "3: psql \\setenv is not among the backslash commands a suite's SQL may use (it may reach the machine)",
    "4: psql \\e is not among the backslash commands a suite's SQL may use (it may reach the machine)",
  ]);
  const found = shellAccess(path.join(dir, 'setup.sql'), {dialect: 'psql', dir, shell: true});
  assert.deepEqual(
    found.refused.map((u) => u.line),
    [5],
  );
  assert.match(found.refused[0].what, /standard_conforming_strings changes how psql reads quoted text/);
});

test('a file two others include is read once, and is no loop; a file that includes itself is', () => {
  const dir = folder({
    'setup.sql': '\\ir a.sql\n\\ir b.sql\n',
    'a.sql': '\\ir common.sql\n',
    'b.sql': '\\ir common.sql\n',
    'common.sql': 'SELECT 1;\n',
    'loop.sql': 'SELECT 1;\n\\ir loop.sql\n',
  });
  const diamond = shellAccess(path.join(dir, 'setup.sql'), {dialect: 'psql', dir, shell: true});
  assert.deepEqual(diamond.refused, []);
  assert.deepEqual(
    diamond.files.map((f) => path.basename(f)),
    ['setup.sql', 'a.sql', 'common.sql', 'b.sql'],
  );
  const loop = shellAccess(path.join(dir, 'loop.sql'), {dialect: 'psql', dir, shell: true});
  assert.deepEqual(
    loop.refused.map((u) => `${path.basename(u.file)}:${u.line}: ${u.what}`),
    ['loop.sql:2: loop.sql includes itself, in a loop'],
  );
});

test("psql's \\c and \\connect are refused, even where shell: true allows the shell: another role's connection", () => {
  const dir = folder({
    'setup.sql': [
      '\\c - bench', // 1
      "SELECT format('CO'||'PY (SELECT 1) TO PROG'||'RAM %L', 'id > out.txt') \\gexec", // 2
      '\\connect "dbname=postgres user=bench"', // 3
      '\\conninfo', // 4: says where the session is connected, no more
    ].join('\n'),
  });
  const found = shellAccess(path.join(dir, 'setup.sql'), {dialect: 'psql', dir, shell: true});
  assert.deepEqual(
    found.refused.map((u) => `${u.line}: ${u.what}`),
    [
      "1: psql \\c opens another connection (as another role, or to another database): a suite's SQL runs in the " +
        'one session the runner opens for it; remove it',
      "3: psql \\connect opens another connection (as another role, or to another database): a suite's SQL runs " +
        'in the one session the runner opens for it; remove it',
    ],
  );
});

test('psql reads a backslash command after another on its line, a variable again, a \\copy file exactly', () => {
  // A security review's probe: each of these ran a program or wrote a file through the check before.
  const dir = folder({
    'setup.sql': [
      '\\echo A1 \\! echo PWNED > /tmp/pwn-a1', // 1: an unquoted backslash ends \echo and starts \!
      "\\set x '\\141' \\! echo PWNED > /tmp/pwn-a2", // 2: the same after a quoted argument with an escape
      "SELECT '\\! echo PWNED > /tmp/pwn-a3' AS cmd \\gset", // 3: a value made as the file runs…
      ':cmd', // 4: …read again as psql input
      '\\copy (select 1) to stdout.pwn-a4', // 5: a file named stdout.pwn-a4
      "\\copy (select 'a from b' from t) to stdout", // 6: stdout: no file
      '\\echo a \\\\ SELECT 1::int, :\'x\', :"x";', // 7: \\ back to SQL; a cast, quoted variables
      "\\echo 'a \\\\ b' \\! id", // 8: a backslash inside quotes is not a command; the one after is
    ].join('\n'),
  });
  assert.deepEqual(usesOf(dir, 'setup.sql'), [
    '4: psql puts the variable :cmd here and reads its value again as psql input, which can hold any backslash ' +
      "command (a value made as the file runs, by \\gset, is seen by no check): write the value, or :'cmd' for a " +
      'quoted literal (a slice a[1:2] as a[1 : 2])',
    '1: psql \\! runs a shell command',
    '2: psql \\! runs a shell command',
    '5: \\copy reads or writes a file of this machine',
    '8: psql \\! runs a shell command',
  ]);
  // pgbench reads its variables as values, never as commands.
  const bench = folder({'w.sql': '\\set id random(1, 10)\nUPDATE t SET n = n + 1 WHERE id = :id;\n'});
  assert.deepEqual(usesOf(bench, 'w.sql', 'pgbench'), []);
});

test('a suite that may not run commands: psql reads none of its files, so every backslash command is refused', () => {
  const dir = folder({
    'setup.sql': [
      'CREATE TABLE t (a int);', // 1
      '\\set n 10', // 2
      '\\ir part.sql', // 3: not followed: psql would not read it
      'SELECT 1 AS é$x$ \\! id', // 4: what this check reads as quoted text, psql might not: refused all the same
      "COPY (SELECT 1) TO PROGRAM 'id';", // 5: the server refuses it to the suite's role: a use, for the pages
    ].join('\n'),
    'part.sql': '\\! id\n',
  });
  const found = shellAccess(path.join(dir, 'setup.sql'), {dialect: 'psql', dir});
  assert.deepEqual(
    found.refused.map((u) => `${u.line}: ${u.what.split(':')[0]}`),
    ['2: psql \\set', '3: psql \\ir', '4: psql \\!'],
  );
  assert.match(found.refused[0].what, /sent to the server statement by statement, and psql runs none of its/);
  // The COPY ends the statement line 4 began (the command between them is psql's, not the statement's).
  assert.deepEqual(
    found.uses.map((u) => u.line),
    [4],
  );
  assert.deepEqual(
    found.files.map((f) => path.basename(f)),
    ['setup.sql'],
  );
  // Each refusal says what SQL does instead.
  assert.match(found.refused[0].what, /: write the value where it is used, or declare "shell: true"/);
  assert.match(found.refused[1].what, /: put the file's statements in this one, or declare "shell: true"/);
  assert.match(found.refused[2].what, /: write it as SQL, or declare "shell: true"/);
});

test('a suite that may not run commands: variables psql would put in, and COPY FROM STDIN rows, are refused', () => {
  const dir = folder({
    'setup.sql': [
      'SELECT :scale;', // 1: psql would put a variable here; sent as written, the server reads a colon
      'SELECT :\'label\', :"tbl";', // 2: quoted forms, both
      'SELECT a[1:2], b::int FROM t;', // 3: a slice and a cast: no variable
      'COPY t FROM STDIN;', // 4: the rows that follow are psql's to send
      '1', // 5
      '\\.', // 6
      "COPY t TO STDOUT; SELECT ':x';", // 7: out is fine; a colon in quoted text is text
    ].join('\n'),
  });
  const found = shellAccess(path.join(dir, 'setup.sql'), {dialect: 'psql', dir});
  assert.deepEqual(
    found.refused.map((u) => `${u.line}: ${u.what.split(' reads as')[0].split(':')[0] || u.what.split(' ')[0]}`),
    ['6: psql \\.', '1: :scale', "2: :'label'", '2: :"tbl"', '4: COPY … FROM STDIN'],
  );
  assert.match(
    found.refused[1].what,
    /:scale reads as a psql variable, .* a slice a\[1:scale\] is written a\[1 : scale\]$/,
  );
  assert.doesNotMatch(found.refused[2].what, /slice/);
  assert.match(found.refused[4].what, /without the rows that follow it: load them with INSERT … VALUES/);
});

test('pgbench: \\shell found in the raw text, wherever its lexer might read the line otherwise', () => {
  const dir = folder({
    // A non-ASCII letter before $x$ (no dollar quote for pgbench), a continued line, a spaced name.
    'w.sql': "SELECT 1 AS é$x$ \\shell id\nSELECT \\gset \\\n'\n\\SHELL id\n\\ setshell x id\n",
  });
  assert.deepEqual(usesOf(dir, 'w.sql', 'pgbench'), [
    '1: pgbench \\shell runs a shell command',
    '4: pgbench \\shell runs a shell command',
    '5: pgbench \\setshell runs a shell command',
  ]);
  // A NUL byte, after which psql and pgbench read no more of its line, is refused.
  const nul = folder({'w.sql': "SELECT 1 \0'\n\\shell id\n';\n"});
  assert.match(shellAccess(path.join(nul, 'w.sql'), {dialect: 'pgbench', dir: nul}).refused[0].what, /a NUL byte/);
});
