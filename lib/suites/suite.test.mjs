import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {parseDuration} from './duration.mjs';
import {loadSuite, SuiteError} from './suite.mjs';

const BENCHMARKS = new URL('../../benchmarks/', import.meta.url).pathname;

function suiteFile(yaml, files = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'suite-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const file = path.join(dir, 'suite.yaml');
  writeFileSync(file, yaml);
  return file;
}

const problems = (file) => {
  try {
    loadSuite(file);
  } catch (error) {
    assert.ok(error instanceof SuiteError, error.message);
    return error.problems;
  }
  assert.fail('the suite was accepted');
};

const MINIMAL = `id: t
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: tpcb
    builtin: tpcb-like
scenarios:
  - id: s
    scale: 1
    clients: [1, 2]
    duration: 2s
`;

test('the shipped suites load', () => {
  for (const id of ['quick', 'pg-versions', 'pg17-planner']) {
    const suite = loadSuite(`${BENCHMARKS}${id}/suite.yaml`);
    assert.equal(suite.id, id);
  }
});

test('defaults: 6 repeats, margin 3%, one thread, simple mode, no warm-up, no log, a statements run', () => {
  const suite = loadSuite(suiteFile(MINIMAL));
  assert.equal(suite.repeat, 6);
  assert.equal(suite.margin, 0.03);
  assert.equal(suite.published, false);
  assert.deepEqual(suite.scenarios[0], {
    id: 's',
    scale: 1,
    clients: [1, 2],
    threads: 1,
    durationS: 2,
    transactionsPerClient: null,
    mode: 'simple',
    warmupS: 0,
    log: false,
    statements: true,
    vacuum: null,
    measures: null,
    instructionTransactions: null,
    instructionClients: null,
  });
  assert.deepEqual(suite.targets[0], {
    id: 'pg17',
    kind: 'embedded',
    major: 17,
    settings: {},
    checksums: null,
    differs: [],
    control: null,
    scenarios: null,
    workloads: null,
  });
  assert.match(suite.hash, /^[0-9a-f]{64}$/);
});

test("suite settings apply to every embedded target, a target's own win", () => {
  const suite = loadSuite(
    suiteFile(
      MINIMAL.replace('targets:', 'settings: {shared_buffers: 256MB, work_mem: 4MB}\ntargets:').replace(
        '    embedded: 17',
        '    embedded: 17\n    settings: {work_mem: 8MB}',
      ),
    ),
  );
  assert.deepEqual(suite.targets[0].settings, {shared_buffers: '256MB', work_mem: '8MB'});
});

test('durations: whole seconds from 1 s to a day, with or without a unit', () => {
  assert.deepEqual(
    ['300s', '5m', '1h', 42, '7', '24h'].map((d) => parseDuration(d)),
    [300, 300, 3600, 42, 7, 86400],
  );
  // pgbench -T counts whole seconds: milliseconds are no unit of a run's length.
  for (const bad of ['five', '2000ms', '500ms', '2 sec']) {
    assert.throws(() => parseDuration(bad), /is not a duration: write whole seconds as 300s \(or 300\), minutes as 5m/);
  }
  // 0s ran as -T 1; a year was passed on.
  for (const bad of ['0s', '0', '25h', '100000', '99999999999m']) {
    assert.throws(
      () => parseDuration(bad),
      /is not a run length pgbench can take: give whole seconds from 1s to 24h/,
      bad,
    );
  }
  assert.equal(parseDuration('0s', {zero: true}), 0, 'no warm-up');
});

test('an unknown key is named with its line, with the field it misspells or where it belongs', () => {
  const misspelt = suiteFile(MINIMAL.replace('    duration: 2s', '    duration: 2s\n    clinets: 3'));
  assert.deepEqual(problems(misspelt), [
    `${misspelt}:13: scenarios[0]: "clinets" is not a field here: did you mean "clients"? (schemas/suite.md ` +
      `lists the fields)`,
  ]);
  const plural = suiteFile(`${MINIMAL}repeats: 6\n`);
  assert.match(problems(plural)[0], /: \(top level\): "repeats" is not a field here: did you mean "repeat"\?/);
  // A field of the suite's top level, written under a target.
  const misplaced = suiteFile(MINIMAL.replace('    embedded: 17\n', '    embedded: 17\n    margin: 5%\n'));
  assert.match(problems(misplaced)[0], /targets\[0\]: "margin" is not a field here: it belongs at the top level/);
  const unknown = suiteFile(MINIMAL.replace('    duration: 2s', '    duration: 2s\n    colour: blue'));
  assert.match(problems(unknown)[0], /"colour" is not a field here: remove it, or correct its spelling/);
});

test('a version that cannot be embedded says which can', () => {
  const file = suiteFile(MINIMAL.replace('embedded: 17', 'embedded: 14'));
  assert.deepEqual(problems(file), [`${file}:4: targets[0].embedded: must be one of 15, 16, 17, 18, not 14`]);
});

test('a target needs exactly one of embedded, installed and url', () => {
  const file = suiteFile(MINIMAL.replace('    embedded: 17\n', '    url: env:STAGING\n    embedded: 17\n'));
  assert.deepEqual(problems(file), [
    `${file}:3: targets[0]: give one of "embedded: 15" (16, 17, 18) for a server from npm, "installed: 15" with ` +
      '"bin: /usr/lib/postgresql/15/bin" for binaries installed here, or "url: env:NAME" for an external server',
  ]);
});

test('an installed target names its binaries once, by an absolute path; bin belongs to installed only', () => {
  const installed = (lines) => suiteFile(MINIMAL.replace('    embedded: 17\n', lines));
  const bin = loadSuite(installed('    installed: 15\n    bin: /usr/lib/postgresql/15/bin\n'));
  assert.deepEqual(
    [bin.targets[0].kind, bin.targets[0].major, bin.targets[0].bin],
    ['embedded', 15, '/usr/lib/postgresql/15/bin'],
  );
  const config = loadSuite(installed('    installed: 18\n    pg_config: /opt/pg18/bin/pg_config\n'));
  assert.equal(config.targets[0].pgConfig, '/opt/pg18/bin/pg_config');
  const neither = installed('    installed: 15\n');
  assert.deepEqual(problems(neither), [
    `${neither}:3: targets[0]: an installed target names its binaries: give bin: FOLDER or pg_config: FILE`,
  ]);
  const stray = installed('    embedded: 17\n    bin: /usr/lib/postgresql/17/bin\n');
  assert.deepEqual(problems(stray), [
    `${stray}:5: targets[0].bin: bin names the binaries of an installed target: add "installed: MAJOR", or remove it`,
  ]);
  const relative = installed('    installed: 15\n    bin: lib/postgresql/15/bin\n');
  assert.match(
    problems(relative)[0],
    /targets\[0\]\.bin: bin must be an absolute path \(\/usr\/lib\/postgresql\/15\/bin\)/,
  );
});

test('a URL must come from the environment, never written in the suite', () => {
  const file = suiteFile(MINIMAL.replace('embedded: 17', 'url: postgres://u:secret@db/x'));
  assert.match(
    problems(file)[0],
    new RegExp(`^${file}:4: targets\\[0\\]\\.url: "postgres://u:secret@db/x" does not match`),
  );
});

test('a duration written otherwise is told with examples, file and line', () => {
  const file = suiteFile(MINIMAL.replace('duration: 2s', 'duration: 2 sec'));
  assert.match(
    problems(file)[0],
    new RegExp(
      new RegExp(
        `^${file}:12: scenarios\\[0\\]\\.duration: "2 sec" is not written as this field takes it: ` +
          'write it like "60s", "5m", "1h"',
      ),
    ),
  );
});

test('a setting that needs no declaring, put in differs, is told to be left out', () => {
  const file = suiteFile(MINIMAL.replace('embedded: 17', 'embedded: 17\n    differs: [work_mem]'));
  assert.match(
    problems(file)[0],
    new RegExp(
      `^${file}:5: targets\\[0\\]\\.differs\\[0\\]: must be one of .*, not "work_mem": Only these key settings ` +
        'must be alike within a comparison group: any other setting \\(work_mem, say\\) may differ between targets ' +
        'undeclared, so leave it out of differs\\.$',
    ),
  );
});

test('a key setting misspelt in differs is told the one it is near', () => {
  const file = suiteFile(MINIMAL.replace('embedded: 17', 'embedded: 17\n    differs: [shared_buffer]'));
  assert.match(problems(file)[0], /, not "shared_buffer": did you mean "shared_buffers"\?$/);
});

test('a missing SQL file is named, relative to the suite', () => {
  const file = suiteFile(MINIMAL.replace('    builtin: tpcb-like', '    script: q.sql\n    setup: setup.sql'), {
    'q.sql': 'SELECT 1;',
  });
  assert.deepEqual(problems(file), [
    `${file}:8: workloads[0].setup: setup.sql does not exist next to the suite ` +
      `(${path.join(path.dirname(file), 'setup.sql')})`,
  ]);
});

test('ids must be unique; threads cannot outnumber clients; duration or transactions, not both', () => {
  const yaml =
    `${MINIMAL.replace('  - id: s\n', '  - id: s\n    threads: 4\n    transactions: 10\n')}  - id: s\n  ` +
    `  clients: 1\n    duration: 1s\n`;
  const file = suiteFile(yaml);
  assert.deepEqual(problems(file), [
    `${file}:15: scenarios[1].id: "s" is used twice: ids must be unique among scenarios`,
    `${file}:9: scenarios[0]: give either "duration: 300s" or "transactions: 1000" (per client)`,
    `${file}:10: scenarios[0].threads: 4 threads for 1 client(s): pgbench needs at least as many clients as threads`,
  ]);
});

test('YAML that does not parse is named with its line', () => {
  const file = suiteFile('id: t\ntargets: [\n');
  assert.match(problems(file)[0], new RegExp(`^${file}:\\d+: not valid YAML: `));
});

test('a suite file that does not exist says where suites live', () => {
  assert.deepEqual(problems('/nope/suite.yaml'), [
    '/nope/suite.yaml: no such suite file. Suites are benchmarks/<id>/suite.yaml.',
  ]);
});

test('an A/A control repeats an embedded target of its version; listed scenarios and workloads must exist', () => {
  const good = loadSuite(
    suiteFile(
      MINIMAL.replace(
        '    embedded: 17\n',
        '    embedded: 17\n  - id: pg17-aa\n    embedded: 17\n    control: pg17\n    scenarios: [s]\n',
      ).replace('id: t\n', 'id: t\npublished: true\nmargin: 2.5%\n'),
    ),
  );
  assert.deepEqual(
    [good.targets[1].control, good.targets[1].scenarios, good.published, good.margin],
    ['pg17', ['s'], true, 0.025],
  );
  const yaml = MINIMAL.replace(
    '    embedded: 17\n',
    '    embedded: 17\n  - id: pg18-aa\n    embedded: 18\n    control: pg17\n    workloads: [ro]\n' +
      '  - id: x\n    embedded: 17\n    control: nope\n',
  )
    .replace('    builtin: tpcb-like\n', '    builtin: tpcb-like\n    scenarios: [big]\n')
    .replace('id: t\n', 'id: t\nmargin: 1%\n');
  const file = suiteFile(yaml);
  assert.deepEqual(problems(file), [
    `${file}:9: targets[1].workloads[0]: no workload "ro" in the suite`,
    `${file}:16: workloads[0].scenarios[0]: no scenario "big" in the suite`,
    `${file}:8: targets[1].control: an A/A control is an embedded server of the same version as "pg17"`,
    `${file}:12: targets[2].control: "nope" is not another (non-control) target of the suite`,
    `${file}:2: margin: 1% is below 2%: no machine here measures that finely`,
  ]);
});

test('a suite takes the time measure unless it says otherwise; the instructions settings have defaults', () => {
  const suite = loadSuite(suiteFile(MINIMAL));
  assert.deepEqual(suite.measures, ['time']);
  assert.deepEqual(suite.instructions, {transactions: 1000, margin: 0.01, margins: {}});
});

test('measures and instructions settings per suite, workload and scenario', () => {
  const suite = loadSuite(
    suiteFile(`id: t
measures: [time, instructions]
instructions:
  transactions: 400
  margin: 0.1%
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: tpcb
    builtin: tpcb-like
  - id: ro
    builtin: select-only
    measures: [time]
  - id: rw
    builtin: simple-update
    instructions: {transactions: 50}
scenarios:
  - id: s
    scale: 1
    clients: 1
    duration: 2s
    instructions: {transactions: 20}
`),
  );
  assert.deepEqual(suite.measures, ['time', 'instructions']);
  assert.deepEqual(suite.instructions, {transactions: 400, margin: 0.001, margins: {}});
  assert.deepEqual(
    suite.workloads.map((w) => [w.id, w.measures, w.instructionTransactions]),
    [
      ['tpcb', null, null],
      ['ro', ['time'], null],
      ['rw', null, 50],
    ],
  );
  assert.equal(suite.scenarios[0].instructionTransactions, 20);
});

test('an instructions margin below 0.01%, or instructions settings no group uses, are refused with their line', () => {
  const tooSmall = problems(suiteFile(`${MINIMAL}measures: [instructions]\ninstructions:\n  margin: 0.001%\n`));
  assert.equal(tooSmall.length, 1);
  assert.match(tooSmall[0], /suite\.yaml:\d+: .*0\.001% is below 0\.01%: set it from the instructions A\/A/);
  const unused = problems(suiteFile(`${MINIMAL}instructions:\n  transactions: 10\n`));
  assert.match(unused[0], /no group takes the instructions measure: add instructions to measures, or remove this/);
  const unknown = problems(suiteFile(`${MINIMAL}measures: [cycles]\n`));
  assert.match(unknown[0], /measures/);
});

test('setting names are PostgreSQL identifiers, values one line, and the runner keeps its own settings', () => {
  const withSettings = (settings) => suiteFile(`settings:\n${settings}\n${MINIMAL}`);
  // A name with a line break would write a line of its own into postgresql.auto.conf.
  const injected = problems(withSettings('  "shared_buffers = 1\\narchive_command": "x"'));
  assert.equal(injected.length, 1);
  assert.match(injected[0], /:2: settings: "shared_buffers = 1\\narchive_command" is not a setting name/);
  assert.match(
    problems(withSettings('  work_mem: "4MB\\nfsync = off"'))[0],
    /the value of work_mem holds a control character/,
  );
  for (const own of ['port', 'listen_addresses', 'unix_socket_directories', 'include_dir', 'PORT']) {
    assert.match(
      problems(withSettings(`  ${own}: 5433`))[0],
      new RegExp(`${own} is the runner's own: .* Remove it`),
      own,
    );
  }
  const target = suiteFile(MINIMAL.replace('    embedded: 17', '    embedded: 17\n    settings:\n      port: 1'));
  assert.match(problems(target)[0], /targets\[0\]\.settings\.port: port is the runner's own/);
  const session = suiteFile(
    MINIMAL.replace('    builtin: tpcb-like', '    builtin: tpcb-like\n    session:\n      "a b": 1'),
  );
  assert.match(problems(session)[0], /workloads\[0\]\.session: "a b" is not a setting name/);
  // A custom setting is an extension's, which may run code: a suite that runs commands may set one.
  const custom = loadSuite(
    suiteFile(
      `shell: true\nsettings:\n  auto_explain.log_min_duration: 0\n  search_path: "'$user', public"\n${MINIMAL}`,
    ),
  );
  assert.deepEqual(custom.targets[0].settings, {'auto_explain.log_min_duration': 0, search_path: "'$user', public"});
});

test("a suite's scripts stay inside its folder: ../, absolute paths and links out are refused", () => {
  const outside = mkdtempSync(path.join(tmpdir(), 'elsewhere-'));
  writeFileSync(path.join(outside, 'x.sql'), 'SELECT 1;');
  const scripted = (script) => MINIMAL.replace('    builtin: tpcb-like', `    script: ${script}`);
  const up = suiteFile(scripted(`../${path.basename(outside)}/x.sql`));
  assert.match(problems(up)[0], /workloads\[0\]\.script: \.\.\/elsewhere-\w+\/x\.sql is outside the suite's folder/);
  assert.match(problems(suiteFile(scripted(path.join(outside, 'x.sql'))))[0], /is outside the suite's folder/);
  const linked = suiteFile(scripted('x.sql'));
  symlinkSync(path.join(outside, 'x.sql'), path.join(path.dirname(linked), 'x.sql'));
  assert.match(problems(linked)[0], /x\.sql is a link to .*elsewhere-\w+\/x\.sql, outside the suite's folder/);
  const fine = suiteFile(scripted('x.sql'), {'x.sql': 'SELECT 1;'});
  assert.equal(loadSuite(fine).workloads[0].scriptName, 'x.sql');
});

test('checksums are chosen at initdb: an external target may not ask for them', () => {
  const yaml = MINIMAL.replace(
    '    embedded: 17\n',
    '    embedded: 17\n    checksums: false\n  - id: ext\n    url: env:X\n    checksums: true\n',
  );
  assert.throws(() => loadSuite(suiteFile(yaml)), /targets\[1\]\.checksums.*only for a server the runner starts/s);
  const differs = MINIMAL.replace('    embedded: 17\n', '    embedded: 17\n    differs: [data_checksums, io_method]\n');
  assert.deepEqual(loadSuite(suiteFile(differs)).targets[0].differs, ['data_checksums', 'io_method']);
  const unknown = MINIMAL.replace('    embedded: 17\n', '    embedded: 17\n    differs: [work_mem]\n');
  assert.throws(() => loadSuite(suiteFile(unknown)), /differs/);
  const io = MINIMAL.replace('    embedded: 17\n', '    embedded: 17\n    settings: {io_method: sync}\n');
  assert.throws(() => loadSuite(suiteFile(io)), /io_method exists from PostgreSQL 18 on; 17 would not start/);
});

const SCRIPTED = (extra = '') => `id: t
${extra}targets:
  - id: pg17
    embedded: 17
workloads:
  - id: w
    script: w.sql
    setup: setup.sql
scenarios:
  - id: s
    clients: [1]
    duration: 2s
`;

test('SQL that reaches the shell is refused with its file and line, unless the suite declares shell: true', () => {
  const files = {'w.sql': 'SELECT 1;\n\\shell id\n', 'setup.sql': 'CREATE TABLE t (a int);\n\\! id > id.txt\n'};
  const found = problems(suiteFile(SCRIPTED(), files));
  assert.equal(found.length, 2);
  assert.match(
    found[0],
    /setup\.sql:2: psql \\!: a suite's SQL is sent to the server statement by statement.*"shell: true"/,
  );
  assert.match(found[1], /w\.sql:2: pgbench \\shell runs a shell command/);
  const declared = loadSuite(suiteFile(SCRIPTED('shell: true\n'), files));
  assert.equal(declared.shell, true);
  assert.deepEqual(
    declared.shellUses.map((u) => `${path.basename(u.file)}:${u.line}`),
    ['setup.sql:2', 'w.sql:2'],
  );
});

test("the suite's hash covers every SQL file it runs, an included one too: one changed byte changes it", () => {
  // \ir is psql's: followed in a suite whose files psql reads (shell: true).
  const files = {'w.sql': 'SELECT 1;\n', 'setup.sql': '\\ir more.sql\n', 'more.sql': 'CREATE TABLE t (a int);\n'};
  const file = suiteFile(SCRIPTED('shell: true\n'), files);
  const before = loadSuite(file);
  assert.deepEqual(
    before.sqlFiles.map((f) => [path.basename(f.file), f.dialect]),
    [
      ['setup.sql', 'psql'],
      ['more.sql', 'psql'],
      ['w.sql', 'pgbench'],
    ],
  );
  const dir = path.dirname(file);
  for (const [name, text] of [
    ['w.sql', 'SELECT 2;\n'],
    ['more.sql', 'CREATE TABLE t (b int);\n'],
  ]) {
    const hash = loadSuite(file).hash;
    writeFileSync(path.join(dir, name), text);
    assert.notEqual(loadSuite(file).hash, hash, `${name} changed, the hash did not`);
  }
  assert.notEqual(loadSuite(file).hash, before.hash);
  // The same files give the same hash.
  assert.equal(loadSuite(file).hash, loadSuite(file).hash);
});

test("more clients than max_connections, and a weight beyond pgbench's range, are refused when the suite loads", () => {
  const yaml = `id: t
settings:
  max_connections: 5
targets:
  - id: pg17
    embedded: 17
workloads:
  - id: w
    script: w.sql
    weight: 99999999999
scenarios:
  - id: s
    clients: [1, 8]
    duration: 2s
`;
  const found = problems(suiteFile(yaml, {'w.sql': 'SELECT 1;\n'}));
  assert.equal(found.length, 2);
  assert.match(found[0], /suite\.yaml:10: .*weight: pgbench takes weights from 1 to 2147483647, not 99999999999/);
  assert.match(
    found[1],
    /suite\.yaml:5: .*scenario s runs 8 clients, and pg17 lets pgbench open 2 \(max_connections = 5, less 3 reserved\)/,
  );
  // The review's case: 3 leaves none beside the 3 reserved for superusers, and PostgreSQL would not start.
  const none = problems(
    suiteFile(yaml.replace('max_connections: 5', 'max_connections: 3').replace('99999999999', '1'), {
      'w.sql': 'SELECT 1;\n',
    }),
  );
  assert.match(none[0], /max_connections = 3 leaves no connection beside the 3 reserved .*PostgreSQL would not start/);
  // 8 clients on the default max_connections (100) are fine.
  loadSuite(
    suiteFile(yaml.replace('  max_connections: 5\n', '  work_mem: 4MB\n').replace('99999999999', '2'), {
      'w.sql': 'SELECT 1;\n',
    }),
  );
});

test("a key setting in a workload's session is refused: the server's, and the pages', would say otherwise", () => {
  const yaml = SCRIPTED().replace(
    '    setup: setup.sql\n',
    '    setup: setup.sql\n    session:\n      synchronous_commit: "off"\n',
  );
  const found = problems(suiteFile(yaml, {'w.sql': 'SELECT 1;\n', 'setup.sql': 'SELECT 1;\n'}));
  assert.equal(found.length, 1);
  assert.match(found[0], /workloads\[0\]\.session\.synchronous_commit: synchronous_commit bounds the figures/);
});

test("a suite's words are plain text: markup, control, bidirectional and zero-width characters refused by line", () => {
  const words = [
    'title: "Fast suite</script><script>alert(1)</script>"', // 1
    'description: "See <img src=x onerror=alert(1)>"', // 2
  ].join('\n');
  const yaml = `${words}\n${MINIMAL.replace('    embedded: 17', '    embedded: 17\n    description: "pg\\u202E71"')
    .replace('    builtin: tpcb-like', '    builtin: tpcb-like\n    description: "TPC\\u200B-B"')
    .replace('    scale: 1', '    scale: 1\n    description: "one\\u0007bell"')}`;
  const found = problems(suiteFile(yaml));
  const at = (p) => p.replace(/^.*suite\.yaml:/, '');
  assert.deepEqual(found.map(at), [
    '1: title: holds markup ("</script>"): a suite\'s words are plain text, shown as written on every page; write ' +
      "it as words (a URL or a link belongs in the suite folder's README)",
    '2: description: holds markup ("<img src=x onerror=alert(1)>"): a suite\'s words are plain text, shown as ' +
      "written on every page; write it as words (a URL or a link belongs in the suite folder's README)",
    '7: targets[0].description: holds U+202E (a bidirectional control, which reorders the text around it), which ' +
      'no reader sees but every page would carry: remove it',
    '11: workloads[0].description: holds U+200B (a zero-width character), which no reader sees but every page ' +
      'would carry: remove it',
    '15: scenarios[0].description: holds U+0007 (a control character), which no reader sees but every page would ' +
      'carry: remove it',
  ]);
});

test("words that are text are kept as written: quotes, <, > and &, a description's lines", () => {
  const words = `title: 'Reads "quoted" & a < b > c'\ndescription: |\n  Two lines,\n  the second with a tab\there.\n`;
  const yaml = `${words}${MINIMAL}`;
  const suite = loadSuite(suiteFile(yaml));
  assert.equal(suite.words.title, 'Reads "quoted" & a < b > c');
  assert.equal(suite.words.description, 'Two lines,\nthe second with a tab\there.\n');
  // A title is one line.
  assert.match(
    problems(suiteFile(`title: "two\\nlines"\n${MINIMAL}`))[0],
    /title: holds U\+000A \(a control character\)/,
  );
});

test('setup SQL is sent statement by statement, each with its line; one over 100 KiB is refused', () => {
  const setup =
    '-- made here\nCREATE TABLE t (a int);\nINSERT INTO t\n  SELECT g FROM generate_series(1, 10) g;\nVACUUM t;\n';
  const suite = loadSuite(suiteFile(SCRIPTED(), {'w.sql': 'SELECT 1;\n', 'setup.sql': setup}));
  assert.deepEqual(suite.workloads[0].setupStatements, [
    {sql: 'CREATE TABLE t (a int);', line: 2},
    {sql: 'INSERT INTO t\n  SELECT g FROM generate_series(1, 10) g;', line: 3},
    {sql: 'VACUUM t;', line: 5},
  ]);
  // A suite that runs commands has psql read its file: no statements of its own.
  const shell = loadSuite(suiteFile(SCRIPTED('shell: true\n'), {'w.sql': 'SELECT 1;\n', 'setup.sql': setup}));
  assert.equal(shell.workloads[0].setupStatements, undefined);
  const long = `INSERT INTO t VALUES ${Array.from({length: 30000}, (_, i) => `(${i})`).join(', ')};\n`;
  const found = problems(suiteFile(SCRIPTED(), {'w.sql': 'SELECT 1;\n', 'setup.sql': long}));
  assert.match(found[0], /setup\.sql:1: a statement of 2\d\d KiB: each statement is given to psql on its command line/);
});

test('settings that run a program, load a library or use a file: refused unless the suite runs commands', () => {
  const yaml = (settings, shell = '') => `${shell}settings:\n${settings.map((s) => `  ${s}\n`).join('')}${MINIMAL}`;
  const found = problems(
    suiteFile(
      yaml([
        "archive_command: 'id > /tmp/x'",
        'archive_mode: "on"',
        "shared_preload_libraries: 'evil'",
        "dynamic_library_path: '/tmp'",
        "ssl_key_file: '/etc/shadow'",
        "log_filename: '../x'",
        "jit_provider: '../../../tmp/evil'",
        "timezone_abbreviations: 'Default'",
        "default_text_search_config: '../../x'",
        'standard_conforming_strings: "off"',
        'work_mem: 64MB',
        "search_path: 'public'",
        'extension_control_path: /work/suite',
        "plperl.on_init: 'system(1)'",
        'Shared_Buffers: 256MB',
      ]),
    ),
  );
  assert.deepEqual(
    found.map((p) => p.replace(/^[^:]*:\d+: /, '').split(':')[0]),
    [
      'settings.archive_command',
      'settings.archive_mode',
      'settings.shared_preload_libraries',
      'settings.dynamic_library_path',
      'settings.ssl_key_file',
      'settings.log_filename',
      'settings.jit_provider',
      'settings.timezone_abbreviations',
      'settings.default_text_search_config',
      'settings.standard_conforming_strings',
      'settings.extension_control_path',
      'settings.plperl.on_init',
    ],
  );
  assert.match(
    found[0],
    /archive_command \(PostgreSQL files it under "Write-Ahead Log \/ Archiving"\) is not among the settings that tune/,
  );
  assert.match(
    found[2],
    /shared_preload_libraries loads a library: .* only pg_stat_statements, auto_explain, pg_prewarm/,
  );
  assert.match(found[11], /plperl\.on_init is no setting of PostgreSQL 15-18 .* nor of pg_stat_statements/);
  // The contrib modules that observe or warm, and their own settings: allowed without shell: true.
  const observed = loadSuite(
    suiteFile(
      yaml([
        `shared_preload_libraries: 'pg_stat_statements, "auto_explain",pg_prewarm'`,
        'auto_explain.log_min_duration: 0',
        'pg_stat_statements.track: all',
      ]),
    ),
  );
  assert.equal(observed.targets[0].settings['auto_explain.log_min_duration'], 0);
  assert.deepEqual(observed.shellUses, []);
  const mixed = problems(suiteFile(yaml(["session_preload_libraries: 'auto_explain, evil'", 'auto_explain: 1'])));
  assert.equal(mixed.length, 2);
  assert.match(mixed[0], /session_preload_libraries loads a library/);
  assert.match(mixed[1], /auto_explain is no setting of PostgreSQL 15-18/);
  // Declared: allowed, but for the reading of quoted text.
  const declared = problems(
    suiteFile(yaml(["archive_command: 'true'", 'standard_conforming_strings: "off"'], 'shell: true\n')),
  );
  assert.deepEqual(
    declared.map((p) => p.replace(/^[^:]*:\d+: /, '').split(':')[0]),
    ['settings.standard_conforming_strings'],
  );
  // Allowed by shell: true alone, each is listed where --dry-run lists what the suite reaches.
  const listed = loadSuite(suiteFile(yaml(["archive_command: 'true'", 'work_mem: 64MB'], 'shell: true\n')));
  assert.deepEqual(
    listed.shellUses.map((u) => [path.basename(u.file), u.line, u.what]),
    [['suite.yaml', 3, 'sets archive_command, a setting that needs shell: true']],
  );
});
