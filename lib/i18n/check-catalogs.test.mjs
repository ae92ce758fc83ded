import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {checkCatalogs, formatProblem, markReviewed} from './check-catalogs.mjs';
import {catalogFile} from './catalogs.mjs';
import {englishChanges, staleMarkdown} from './stale-report.mjs';

const root = new URL('../../', import.meta.url).pathname;
const LOCALES = ['en', 'ja', 'ko', 'zh-Hans'];

/** A copy of the project's catalogs, edited by `edit(text)` for one locale. */
function siteWith(t, locale, edit) {
  const dir = mkdtempSync(path.join(tmpdir(), 'i18n-check-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  cpSync(path.join(root, 'i18n'), path.join(dir, 'i18n'), {recursive: true});
  if (locale) {
    const file = catalogFile(dir, locale);
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
  }
  return dir;
}
const lineOf = (text, fragment) => text.slice(0, text.indexOf(fragment)).split('\n').length;
const check = (dir) => checkCatalogs(dir, LOCALES, 'en').problems.map(formatProblem);

test("the project's catalogs pass, with every translation reviewed", (t) => {
  const {problems, stale, status} = checkCatalogs(siteWith(t), LOCALES, 'en');
  assert.deepEqual(problems, []);
  assert.deepEqual(stale, []);
  assert.deepEqual(Object.keys(status), ['ja', 'ko', 'zh-Hans']);
});

test('a digit injected into a Japanese message is reported with its file, line and key', (t) => {
  let line;
  const dir = siteWith(t, 'ja', (text) => {
    line = lineOf(text, '"lead": "pgbench に付属の');
    return text.replace('"lead": "pgbench に付属の', '"lead": "pgbench 12.3% に付属の');
  });
  // Said in Japanese: the check speaks the language of the catalog it reads.
  assert.deepEqual(check(dir), [
    `i18n/ja/benchmarks.json:${line}: "versions.lead" に "12", "3" が含まれています。数値はデータから来るもので、` +
      'メッセージには書きません。ページが値を入れるプレースホルダーを使ってください（gp3 のような名前なら、' +
      'lib/i18n/catalog-checks/stray-digits.mjs の一覧への追加を依頼してください）',
  ]);
});

test('a deleted Korean key is reported as missing, with the English line', (t) => {
  const dir = siteWith(t, 'ko', (text) => {
    const data = JSON.parse(text);
    delete data.runs.imported;
    return JSON.stringify(data, null, 2);
  });
  const [problem] = check(dir);
  assert.match(
    problem,
    new RegExp(
      String.raw`^i18n/ko/benchmarks\.json: "runs\.imported" 키가 없습니다` +
        String.raw`\(영어: i18n/en/benchmarks\.json 파일, 줄 \d+\)\. 번역을 추가하십시오`,
    ),
  );
});

test('a renamed Chinese placeholder, or a translated Korean one, is told to use the English name', (t) => {
  let line;
  const dir = siteWith(t, 'zh-Hans', (text) => {
    line = lineOf(text, '"allOk": "{{cells}} 项');
    return text.replace('"allOk": "{{cells}} 项', '"allOk": "{{count}} 项');
  });
  assert.deepEqual(check(dir), [
    `i18n/zh-Hans/benchmarks.json:${line}: "runs.allOk" 中的 {{count}} 在英文中是 {{cells}}：占位符的名称不翻译` +
      '（页面只填充英文的名称），请写成 {{cells}}',
  ]);
  // A name in Hangul is no formatter option: the line says which English name to write, and nothing else.
  const ko = siteWith(t, 'ko', (text) => {
    line = lineOf(text, '"allOk": "');
    return text.replace(/("allOk": "[^"]*)\{\{cells\}\}/, '$1{{셀}}');
  });
  assert.deepEqual(check(ko), [
    `i18n/ko/benchmarks.json:${line}: "runs.allOk" 메시지의 {{셀}} 자리표시자는 영어에서 {{cells}} 자리표시자입니다. ` +
      '자리표시자 이름은 번역하지 않습니다(페이지는 영어 이름의 자리표시자만 채웁니다). {{cells}} 형태 그대로 쓰십시오',
  ]);
});

test('formatter options and extra keys are refused; invalid JSON names its line', (t) => {
  const formatted = siteWith(t, 'ja', (text) =>
    text.replace('"tpsValue": "{{value}} TPS"', '"tpsValue": "{{value, number}} TPS", "bonus": "x"'),
  );
  const problems = check(formatted);
  assert.ok(
    problems.some((p) => /"common\.tpsValue" に単純な名前ではないプレースホルダーがあります/.test(p)),
    problems.join('\n'),
  );
  assert.ok(problems.some((p) => /"common\.bonus" は英語にありません/.test(p)));
  // A missing comma is reported on the line that lacks it, not on the next key's, in Korean: the check's words
  // are read from the broken file where its mistake is not. The column is the line's last character.
  let line;
  let column;
  const broken = siteWith(t, 'ko', (text) => {
    line = lineOf(text, '"server": "서버",');
    column = text.split('\n')[line - 1].trimEnd().length - 1;
    return text.replace('"server": "서버",', '"server": "서버"');
  });
  assert.deepEqual(check(broken), [
    `i18n/ko/benchmarks.json:${line}: 파일이 올바른 JSON이 아닙니다(${column}번째 열). 이 줄 끝에 쉼표가 빠졌습니다. ` +
      '쉼표를 넣으십시오',
  ]);
  // A file whose check words are what is broken is said in English.
  const noWords = siteWith(t, 'ko', (text) => text.replace('"checks": {', '"checks": {,'));
  assert.match(check(noWords)[0], /^i18n\/ko\/benchmarks\.json:\d+: is not valid JSON \(column \d+\)/);
});

test('a translation goes stale when its English changes, until it is marked reviewed', (t) => {
  const dir = siteWith(t, 'en', (text) => text.replace('"baseline": "baseline"', '"baseline": "reference"'));
  const {stale, status} = checkCatalogs(dir, LOCALES, 'en');
  assert.deepEqual(
    stale.map((s) => [s.locale, s.key]),
    [
      ['ja', 'common.baseline'],
      ['ko', 'common.baseline'],
      ['zh-Hans', 'common.baseline'],
    ],
  );
  assert.equal(status.ja.stale, 1);
  assert.deepEqual(stale[0].before, 'baseline', 'the English it was made from is kept');
  assert.deepEqual(stale[0].now, 'reference');
  markReviewed(dir, 'ja', 'en', ['common.baseline']);
  assert.deepEqual(
    checkCatalogs(dir, LOCALES, 'en').stale.map((s) => s.locale),
    ['ko', 'zh-Hans'],
  );
});

test('a key written twice in a Korean catalog is reported at its second line, naming the first', (t) => {
  let first;
  let second;
  const dir = siteWith(t, 'ko', (text) => {
    first = lineOf(text, '"imported":');
    const doubled = text.replace(/("imported": "[^"]*",)/, '$1\n    "imported": "두 번째",');
    second = first + 1;
    return doubled;
  });
  assert.deepEqual(check(dir), [
    `i18n/ko/benchmarks.json:${second}: "runs.imported" 키가 중복되어 있습니다(처음 나온 줄: ${first}). 마지막 것만 ` +
      '쓰이므로 하나만 남기십시오',
  ]);
});

test('npm run i18n:check passes on the project catalogs', () => {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/i18n.mjs'), 'check'], {encoding: 'utf8'});
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /4 catalogs agree with English/);
});

test('reviewed without a key asks for --all; untranslated English is listed, names and units are not', (t) => {
  const dir = siteWith(t, 'ja', (text) =>
    text
      .replace(/"baseline": "[^"]*"/, '"baseline": "baseline"')
      .replace(/"tpsValue": "[^"]*"/, '"tpsValue": "{{value}} TPS"'),
  );
  assert.throws(() => markReviewed(dir, 'ja', 'en'), /--all/);
  const {untranslated, status} = checkCatalogs(dir, LOCALES, 'en');
  assert.deepEqual(
    untranslated.map((u) => [u.key, u.why]),
    [['common.baseline', 'same']],
  );
  assert.equal(status.ja.untranslated, 1);
  // --all marks nothing while one message is English.
  assert.throws(
    () => markReviewed(dir, 'ja', 'en', [], {all: true}),
    (error) => error.refused.map((r) => r.key).join() === 'common.baseline',
  );
  const english = JSON.parse(readFileSync(catalogFile(dir, 'en'), 'utf8')).common.baseline;
  const fixed = readFileSync(catalogFile(dir, 'ja'), 'utf8').replace('"baseline": "baseline"', '"baseline": "基準"');
  writeFileSync(catalogFile(dir, 'ja'), fixed);
  assert.equal(english, 'baseline');
  assert.ok(markReviewed(dir, 'ja', 'en', [], {all: true}) > 400);
});

/** A copy of the catalogs whose Korean `versions.lead` is `text` (English's own, by default). */
function koreanLead(t, text) {
  const english = JSON.parse(readFileSync(catalogFile(root, 'en'), 'utf8')).versions.lead;
  let line;
  const dir = siteWith(t, 'ko', (catalog) => {
    line = lineOf(catalog, `"lead": "pgbench에 포함된`);
    return catalog.replace(/"lead": "pgbench에 포함된[^"]*"/, () => `"lead": ${JSON.stringify(text ?? english)}`);
  });
  return {dir, line};
}
const reviewedText = (dir, locale) => readFileSync(path.join(dir, `i18n/${locale}/benchmarks.reviewed.json`), 'utf8');

test('i18n:reviewed refuses English pasted in as a translation, in Korean, and writes nothing', (t) => {
  const {dir, line} = koreanLead(t);
  const before = reviewedText(dir, 'ko');
  assert.throws(
    () => markReviewed(dir, 'ko', 'en', ['versions.lead', 'common.baseline']),
    (error) => {
      assert.deepEqual(error.refused.map(formatProblem), [
        `i18n/ko/benchmarks.json:${line}: "versions.lead" 메시지가 영어 그대로입니다. 번역하십시오({{value}} TPS ` +
          '형태처럼 이름과 단위뿐이라면 그대로 두어도 됩니다). 번역하기 전에는 검토 완료로 표시할 수 없습니다',
      ]);
      return true;
    },
  );
  assert.equal(reviewedText(dir, 'ko'), before, 'common.baseline, a translation, was not marked either');
});

test('English rephrased, with no Hangul, is refused too; a message kept as written is not', (t) => {
  const {dir, line} = koreanLead(t, 'Runs the transactions that come with pgbench on each major version.');
  assert.throws(
    () => markReviewed(dir, 'ko', 'en', ['versions.lead']),
    (error) =>
      formatProblem(error.refused[0]) ===
      `i18n/ko/benchmarks.json:${line}: "versions.lead" 메시지에 한글이 없거나 영어 문장 속에 몇 단어만 있습니다. ` +
        '번역하십시오({{value}} TPS 형태처럼 이름과 단위뿐이라면 그대로 두어도 됩니다. SQL처럼 쓰인 그대로 남길 ' +
        '메시지는 i18n/kept-as-written.json 파일에 적어 둡니다). 번역하기 전에는 검토 완료로 표시할 수 없습니다',
  );
  // "OS" and "EXPLAIN ANALYZE(ms)" have no Hangul, and are listed in i18n/kept-as-written.json.
  assert.equal(markReviewed(dir, 'ko', 'en', ['common.facts.os', 'planner.published.execution']), 2);
});

test('the check fails on a message in English in a language marked complete, and lists it in one that is not', (t) => {
  const {dir, line} = koreanLead(t);
  assert.deepEqual(check(dir), [
    `i18n/ko/benchmarks.json:${line}: "versions.lead" 메시지가 영어 그대로입니다. 번역하십시오({{value}} TPS ` +
      '형태처럼 이름과 단위뿐이라면 그대로 두어도 됩니다). i18n/locales.json 파일에서 이 언어를 완성으로 표시했으므로 ' +
      '번역되지 않은 메시지를 남길 수 없습니다',
  ]);
  const locales = path.join(dir, 'i18n/locales.json');
  writeFileSync(
    locales,
    readFileSync(locales, 'utf8').replace('"scripts": ["Hangul"], "complete": true', '"scripts": ["Hangul"]'),
  );
  const {problems, untranslated} = checkCatalogs(dir, LOCALES, 'en');
  assert.deepEqual(problems, []);
  assert.deepEqual(
    untranslated.map((u) => [u.locale, u.key, u.why]),
    [['ko', 'versions.lead', 'same']],
  );
});

test('npm run i18n:check --github annotates the catalog line', (t) => {
  const dir = siteWith(t, 'ja', (text) => text.replace('"tpsValue": "{{value}} TPS"', '"tpsValue": "{{value}}万 TPS"'));
  cpSync(path.join(root, 'scripts'), path.join(dir, 'scripts'), {recursive: true});
  cpSync(path.join(root, 'lib'), path.join(dir, 'lib'), {recursive: true});
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const run = spawnSync(process.execPath, [path.join(dir, 'scripts/i18n.mjs'), 'check', '--github'], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stdout, /^::error file=i18n\/ja\/benchmarks\.json,line=\d+,title=common\.tpsValue::.*万/m);
});

test('the pull-request summary lists each English change, old and new, and the languages it left stale', () => {
  const changes = englishChanges({a: {b: 'old text', c: 'same'}}, {a: {b: 'new text', c: 'same', d: 'added'}});
  // Spaces stay outside the marks, where GitHub's Markdown renders them; a * of the text is no mark.
  const moved = englishChanges({a: {e: 'one quick test'}}, {a: {e: 'one test *now*'}});
  assert.match(staleMarkdown(moved, {stale: []}), /\| one ~~quick~~ test \*\*\\\*now\\\*\*\* \|/);
  assert.deepEqual(changes, [
    {key: 'a.b', before: 'old text', now: 'new text'},
    {key: 'a.d', before: null, now: 'added'},
  ]);
  const markdown = staleMarkdown(changes, {stale: [{key: 'a.b', locale: 'ja'}]}, new Map([['a.d', new Set(['ko'])]]));
  assert.match(markdown, /\| `a\.b` \| old text \| new text \| ~~old~~\*\*new\*\* text \| ja \|/);
  assert.match(markdown, /\| `a\.d` \| — \| added \| — \| ko \|/);
});

test('a few Chinese characters in an English sentence are caught; names and settings with Chinese are not', (t) => {
  const dir = siteWith(t, 'zh-Hans', (text) =>
    text.replace(/"baseline": "[^"]*"/, '"baseline": "Quick 运行 run of everything"'),
  );
  const {untranslated} = checkCatalogs(dir, LOCALES, 'en');
  assert.deepEqual(
    untranslated.map((u) => [u.key, u.why]),
    [['common.baseline', 'noScript']],
    "the project catalogs' own mixed messages (托管 Postgres 与 Amazon RDS、Aurora 对比, GROUP BY 顺序) pass",
  );
});

test('a wrong "scripts", "complete" or kept key is a problem of its file, not a crash', (t) => {
  const dir = siteWith(t);
  const locales = path.join(dir, 'i18n/locales.json');
  writeFileSync(
    locales,
    readFileSync(locales, 'utf8')
      .replace('"scripts": ["Hangul"]', '"scripts": ["Hangeul"]')
      .replace('"scripts": ["Han"], "complete": true', '"scripts": "Han", "complete": "yes"'),
  );
  const kept = path.join(dir, 'i18n/kept-as-written.json');
  writeFileSync(
    kept,
    '{\n  "common.facts.OS": "an abbreviation",\n  "common.facts.os": "",\n  "planner.published.execution": "SQL"\n}\n',
  );
  assert.deepEqual(check(dir), [
    'i18n/kept-as-written.json:2: "common.facts.OS" is no key of English\'s catalog: write the key as i18n:check ' +
      'prints it, or remove it',
    'i18n/kept-as-written.json:3: "common.facts.os" has no reason: say why the message stays as written',
    'i18n/locales.json: "ko" "scripts" must be a list of Unicode script names, such as ["Han"] or ["Hangul"]: ' +
      '["Hangeul"]',
    'i18n/locales.json: "zh-Hans" "scripts" must be a list of Unicode script names, such as ["Han"] or ["Hangul"]: ' +
      '"Han"',
    'i18n/locales.json: "zh-Hans" "complete" must be true or false',
  ]);
  assert.throws(() => markReviewed(dir, 'ja', 'en', ['common.baseline']), /kept-as-written\.json:2/);
});

test('i18n:check --locale ko: Korean lines only, every word Korean; --locale ja fails on its own problem', (t) => {
  // English changed (stale in every language) and a digit typed into a Japanese message.
  const dir = siteWith(t, 'en', (text) => text.replace('"baseline": "baseline"', '"baseline": "reference"'));
  const ja = catalogFile(dir, 'ja');
  const jaText = readFileSync(ja, 'utf8');
  const jaLine = lineOf(jaText, '"lead": "pgbench に付属の');
  writeFileSync(ja, jaText.replace('"lead": "pgbench に付属の', '"lead": "pgbench 12.3% に付属の'));
  cpSync(path.join(root, 'scripts'), path.join(dir, 'scripts'), {recursive: true});
  cpSync(path.join(root, 'lib'), path.join(dir, 'lib'), {recursive: true});
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const run = (...args) =>
    spawnSync(process.execPath, [path.join(dir, 'scripts/i18n.mjs'), 'check', ...args], {encoding: 'utf8'});
  const baselineLine = lineOf(readFileSync(catalogFile(dir, 'ko'), 'utf8'), '"baseline":');

  const ko = run('--locale', 'ko');
  assert.equal(ko.status, 0, ko.stderr);
  assert.equal(
    ko.stdout,
    `오래된 번역: i18n/ko/benchmarks.json:${baselineLine}: "common.baseline" 키의 번역은 예전 영어에서 ` +
      '만들어졌습니다. 검토한 뒤 npm run i18n:reviewed -- ko common.baseline 명령을 실행하십시오\n' +
      '    당시 영어: baseline\n    현재 영어: reference\n    바뀐 부분: [-baseline-]{+reference+}\n' +
      'i18n:check: 카탈로그 1개가 영어와 맞습니다. 위에 적은 것: 오래된 번역 1건, 번역되지 않은 메시지 0건, ' +
      '영어로 남은 스위트 문구 0건.\n',
  );

  const jaRun = run('--locale', 'ja');
  assert.equal(jaRun.status, 1);
  assert.match(jaRun.stderr, new RegExp(`^i18n/ja/benchmarks\\.json:${jaLine}: "versions\\.lead" `, 'm'));
  assert.doesNotMatch(jaRun.stdout + jaRun.stderr, /i18n\/(ko|zh-Hans)\//);
  assert.match(jaRun.stderr, /\ni18n:check: 問題が 1 件あります。各行にファイル、行、キーを示しています。\n$/);
  assert.equal(run('--locale', 'en').status, 2, 'English is no translation to check alone');
});

test('i18n:status keeps a broken language in its table, saying why; a piece of page text finds its message', (t) => {
  let line;
  const dir = siteWith(t, 'ko', (text) => {
    line = lineOf(text, '"server": "서버",');
    return text.replace('"server": "서버",', '"server": "서버"');
  });
  cpSync(path.join(root, 'scripts'), path.join(dir, 'scripts'), {recursive: true});
  cpSync(path.join(root, 'lib'), path.join(dir, 'lib'), {recursive: true});
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const status = (where, ...args) =>
    spawnSync(process.execPath, [path.join(where, 'scripts/i18n.mjs'), 'status', ...args], {encoding: 'utf8'});
  const broken = status(dir);
  assert.equal(broken.status, 0, broken.stderr);
  assert.match(
    broken.stdout,
    new RegExp(
      `^\\| ko \\| unusable: i18n/ko/benchmarks\\.json:${line}: 파일이 올바른 JSON이 아닙니다\\(\\d+번째 열\\)\\. ` +
        '이 줄 끝에 쉼표가 빠졌습니다\\. 쉼표를 넣으십시오 \\| — \\| — \\| — \\| — \\|$',
      'm',
    ),
  );
  assert.match(broken.stdout, /^\| ja \| \d+ \| 0 \| 0 \| 0 \| 0 \|$/m);
  // The check of the broken language speaks it to the end, summary included.
  const ko = spawnSync(process.execPath, [path.join(dir, 'scripts/i18n.mjs'), 'check', '--locale', 'ko'], {
    encoding: 'utf8',
  });
  assert.equal(ko.status, 1);
  assert.match(ko.stderr, /\ni18n:check: 문제가 1건 있습니다\. 각 줄에 파일, 줄, 키를 적었습니다\.\n$/);

  // Words of a Korean page, as a translator copies them: the two messages that hold them.
  const found = status(root, '스위트가', '모든', '버전에', '똑같이');
  assert.equal(found.status, 0, found.stderr);
  assert.match(found.stdout, /^2 messages hold "스위트가 모든 버전에 똑같이": name one/);
  assert.deepEqual(found.stdout.match(/^ {2}\S+(?= {2}\(ko\))/gm), ['  versions.lead', '  planner.lead']);
  const none = status(root, 'no such words anywhere');
  assert.equal(none.status, 1);
  assert.match(none.stderr, /No message is or holds "no such words anywhere"/);
});

test('a glossary concept rendered in other words than its term fails the check, in Japanese', (t) => {
  let line;
  const dir = siteWith(t, 'ja', (text) => {
    line = lineOf(text, '"noisyControl": "');
    return text.replace(/"noisyControl": "[^"]*"/, (message) => message.replaceAll('マージン', '誤差範囲'));
  });
  assert.deepEqual(check(dir), [
    `i18n/ja/benchmarks.json:${line}: "versions.answer.noisyControl" は margin` +
      '（margin (the smallest change a verdict counts)）を "マージン" 以外の語で' +
      '訳しています。この言語の用語集（i18n/ja/glossary.json）の訳語 "マージン" を使ってください',
  ]);
});

test('a message left in English is listed as untranslated, not also held to the glossary', (t) => {
  const english = JSON.parse(readFileSync(catalogFile(root, 'en'), 'utf8')).versions.answer.noisyControl;
  const dir = siteWith(t, 'ja', (text) =>
    text.replace(/"noisyControl": "[^"]*"/, () => `"noisyControl": ${JSON.stringify(english)}`),
  );
  const locales = JSON.parse(readFileSync(path.join(dir, 'i18n/locales.json'), 'utf8'));
  delete locales.locales.ja.complete;
  writeFileSync(path.join(dir, 'i18n/locales.json'), JSON.stringify(locales));
  const checked = checkCatalogs(dir, LOCALES, 'en');
  assert.deepEqual(checked.problems.map(formatProblem), []);
  assert.deepEqual(
    checked.untranslated.map((u) => [u.locale, u.key, u.why]),
    [['ja', 'versions.answer.noisyControl', 'same']],
  );
});
