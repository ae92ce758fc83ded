// One case per check of the list: each finds its problem in a small catalog
// and stays silent on a clean one. A check added without a case fails here.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {messagesOf} from '../catalogs.mjs';
import {scanKeys} from '../json-lines.mjs';
import {CATALOG_CHECKS} from './index.mjs';
import {markupIn} from './markup.mjs';
import {strayDigits} from './stray-digits.mjs';

/** A catalog as parseCatalog reads it, from JSON text. */
function catalog(text, file = 'i18n/ja/benchmarks.json') {
  const data = JSON.parse(text);
  return {file, data, messages: new Map(messagesOf(data)), ...scanKeys(text)};
}
const english = catalog('{"a": {"run": "{{count}} runs", "name": "Runs"}}', 'i18n/en/benchmarks.json');
const clean = catalog('{"a": {"run": "{{count}} 回", "name": "実行"}}');

const CASES = {
  'duplicate-key': ['{"a": {"run": "{{count}} 回", "name": "実行", "name": "別"}}', [{key: 'a.name', line: 1}]],
  'empty-message': ['{"a": {"run": "{{count}} 回", "name": " "}}', [{key: 'a.name'}]],
  'stray-digits': ['{"a": {"run": "{{count}} 回（12.3%）", "name": "実行"}}', [{key: 'a.run'}]],
  markup: [
    '{"a": {"run": "{{count}} 回<img src=x onerror=alert()>", "name": "[実行](javascript:x)"}}',
    [{key: 'a.run'}, {key: 'a.name'}],
  ],
  'attached-signs': ['{"a": {"run": "{{count}} 回", "name": "{{ratio}} 倍、{{share}}%"}}', [{key: 'a.name'}]],
  'i18next-renders-same': [
    '{"a": {"run": "{{count, number}} 回", "name": "$t(a.run)"}}',
    [{key: 'a.run'}, {key: 'a.name'}],
  ],
  'missing-key': ['{"a": {"run": "{{count}} 回"}}', [{key: 'a.name', line: null}]],
  'placeholder-names': ['{"a": {"run": "{{n}} 回", "name": "{{count}}"}}', [{key: 'a.run'}, {key: 'a.name'}]],
  'extra-key': ['{"a": {"run": "{{count}} 回", "name": "実行", "more": "他"}}', [{key: 'a.more'}]],
  'figure-multipliers': [
    '{"a": {"run": "{{count}}万 回", "name": "{{tps}} K TPS"}}',
    [{key: 'a.run'}, {key: 'a.name'}],
  ],
  'figure-signs': ['{"a": {"run": "{{count}}% 回", "name": "実行 ％"}}', [{key: 'a.run'}, {key: 'a.name'}]],
  'number-words': ['{"a": {"run": "{{count}} 回", "name": "六回以上の実行"}}', [{key: 'a.name'}]],
  'korean-particles': ['{"a": {"run": "{{count}} 回", "name": "実行"}}', []],
  'full-width-space': [
    '{"a": {"run": "{{count}} 回（計測） を", "name": "実行 。"}}',
    [{key: 'a.run'}, {key: 'a.name'}],
  ],
  'ascii-punctuation': [
    '{"a": {"run": "{{count}} 回", "name": "順序, 範囲; 実行"}}',
    [{key: 'a.name'}, {key: 'a.name'}],
  ],
  // Japanese is not Korean: the check of Korean finds nothing here (its own test is below).
  'korean-sentence-space': ['{"a": {"run": "{{count}} 回", "name": "실행.다음"}}', []],
  'figure-spacing': ['{"a": {"run": "約{{count}} 回", "name": "約 ±{{margin}}"}}', [{key: 'a.run'}]],
  'suite-title-label': [
    '{"site": {"nav": {"runs": "実行一覧"}}, "suites": {"a": {"title": "実行一覧"}, "b": {"title": "ｂ"}, ' +
      '"c": {"title": "B"}, "d": {"title": "固有"}}}',
    [{key: 'suites.a.title'}, {key: 'suites.b.title'}, {key: 'suites.c.title'}],
  ],
};

test('every check in the list has a name, a description and a case here', () => {
  for (const c of CATALOG_CHECKS) {
    assert.match(c.name, /^[a-z0-9-]+$/);
    assert.ok(c.description.length > 10, c.name);
    assert.ok(['every', 'translations'].includes(c.appliesTo), c.name);
  }
  assert.deepEqual(CATALOG_CHECKS.map((c) => c.name).sort(), Object.keys(CASES).sort());
});

for (const check of CATALOG_CHECKS) {
  test(`${check.name}: finds its problem, and nothing in a clean catalog`, () => {
    const [text, expected] = CASES[check.name];
    const found = check.check({catalog: catalog(text), english, locale: 'ja'});
    for (const p of found) assert.match(p.id, /^checks\.\w+$/, `${check.name} names its message`);
    assert.deepEqual(
      found.map((p) => ({key: p.key, ...('line' in expected[found.indexOf(p)] ? {line: p.line} : {})})),
      expected,
    );
    assert.deepEqual(check.check({catalog: clean, english, locale: 'ja'}), []);
  });
}

test('digits inside placeholders and allowed names are not numbers', () => {
  assert.deepEqual(strayDigits('Network-attached, gp3 and {{p99}}'), []);
  assert.deepEqual(strayDigits('１２ 件'), ['１２']);
});

test('korean-particles: a particle that follows the sound is refused after a placeholder, not after a word', () => {
  const check = CATALOG_CHECKS.find((c) => c.name === 'korean-particles');
  const ko = catalog('{"a": {"run": "±{{margin}}을 넘을 때", "name": "±{{margin}} 범위를 넘을 때, {{rounds}}라운드"}}');
  assert.deepEqual(
    check.check({catalog: ko, english, locale: 'ko'}).map((p) => [p.key, p.values.particle]),
    [['a.run', '을']],
  );
});

test("the issue's reproductions are caught: 万 after a figure, %% from the advice, full-width ％, number words", () => {
  const en = catalog(
    '{"m": {"best": "{{bestTps}} TPS", "change": "changed by {{change}}", "runs": "{{count}} runs of {{seconds}}"}}',
    'i18n/en/benchmarks.json',
  );
  const ja = catalog(
    '{"m": {"best": "{{bestTps}}万 TPS", "change": "{{change}}%変化", "runs": "{{count}}％（一回は約十分）"}}',
  );
  const found = CATALOG_CHECKS.flatMap((c) => c.check({catalog: ja, english: en, locale: 'ja'}));
  const ids = found.map((p) => `${p.key} ${p.id}`).sort();
  assert.deepEqual(ids, [
    'm.best checks.multiplier',
    // "%変化": the sign added, and run into the word after it.
    'm.change checks.figureSpacingJapanese',
    'm.change checks.signAdded',
    'm.runs checks.fullWidthSign',
    'm.runs checks.numberWords',
    'm.runs checks.placeholderMissing',
    'm.runs checks.signAdded',
  ]);
  const en2 = catalog('{"h": {"promise": "the pages in all four languages"}}', 'i18n/en/benchmarks.json');
  const ko = catalog('{"h": {"promise": "반복(여섯 번 이상)"}}');
  assert.equal(CATALOG_CHECKS.find((c) => c.name === 'number-words').check({catalog: en2, locale: 'en'}).length, 1);
  assert.equal(CATALOG_CHECKS.find((c) => c.name === 'number-words').check({catalog: ko, locale: 'ko'}).length, 1);
});

test('a multiplier-looking unit is not a multiplier: ms, MB, 万 in prose away from a figure', () => {
  const check = CATALOG_CHECKS.find((c) => c.name === 'figure-multipliers');
  const ok = catalog('{"a": {"run": "{{value}} ms, {{size}} MB, {{n}} Mbit", "name": "K・万・천 のような短縮"}}');
  assert.deepEqual(check.check({catalog: ok, english, locale: 'ja'}), []);
});

test('markup: tags, entities, markdown links and URLs are found; placeholders and plain signs are not', () => {
  for (const text of [
    '<script>x</script>',
    '</b>',
    '<!-- x -->',
    'a &amp; b',
    '&#60;',
    '[here](x)',
    'see https://example.org',
    'javascript:alert()',
    'DATA:text/html,x',
  ]) {
    assert.ok(markupIn(text), text);
  }
  for (const text of ['{{a}} < {{b}}', 'Raw data: {{file}}', 'Data: PostgresBench', '1 & 2', 'a [b] (c)', '→ {{x}}']) {
    assert.equal(markupIn(text), null, text);
  }
});

test('renamed placeholders: one left over is told its English name; two are listed, never paired by position', () => {
  const check = CATALOG_CHECKS.find((c) => c.name === 'placeholder-names');
  const english = catalog('{"a": {"run": "{{name}} is faster than {{base}}"}}', 'i18n/en/benchmarks.json');
  const said = (text) =>
    check.check({catalog: catalog(text), english, locale: 'ko'}).map((p) => [p.id, p.values.found ?? p.values.name]);
  assert.deepEqual(said('{"a": {"run": "{{base}}보다 {{이름}} 쪽이 빠릅니다"}}'), [
    ['checks.placeholderRenamed', '{{이름}}'],
  ]);
  // Moved and translated both: which is which is not guessed.
  assert.deepEqual(said('{"a": {"run": "{{기준}}보다 {{이름}} 쪽이 빠릅니다"}}'), [
    ['checks.placeholderUnknown', '{{기준}}'],
    ['checks.placeholderUnknown', '{{이름}}'],
    ['checks.placeholderMissing', '{{name}}'],
    ['checks.placeholderMissing', '{{base}}'],
  ]);
  // Two misspellings of one name: one is the misspelling, the other unknown.
  assert.deepEqual(said('{"a": {"run": "{{nam}} {{nme}} {{base}}"}}'), [
    ['checks.placeholderMisspelt', '{{nam}}'],
    ['checks.placeholderUnknown', '{{nme}}'],
  ]);
});

test('korean-sentence-space: a full stop run into the next Korean sentence, not a decimal point or a file name', () => {
  const check = CATALOG_CHECKS.find((c) => c.name === 'korean-sentence-space');
  const ko = catalog(
    '{"a": {"run": "±0.2%.페이지가 있습니다. 다음", "name": "suite.yaml에서 1.5배", "margin": "마진: {{m}}.페이지"}}',
  );
  assert.deepEqual(
    check.check({catalog: ko, english, locale: 'ko'}).map((p) => [p.key, p.values.found]),
    // Quoted with the words around it: every sentence ends in 다., not every one in 않았습니다.pgbe.
    [
      ['a.run', '±0.2%.페이지가'],
      ['a.margin', '{{m}}.페이지'],
    ],
  );
  // A sentence may begin with a Latin word: its full stop still wants a space.
  assert.deepEqual(
    check
      .check({catalog: catalog('{"a": {"run": "않았습니다.pgbench를 다시"}}'), english, locale: 'ko'})
      .map((p) => p.values.found),
    ['않았습니다.pgbe'],
  );
});

test('full-width-space and ascii-punctuation hold Chinese too, and leave English and Korean alone', () => {
  const zh = catalog('{"a": {"run": "（-Os） 相对", "name": "不带 JIT；PostgreSQL"}}');
  const names = ['full-width-space', 'ascii-punctuation'];
  const found = (locale) =>
    names.flatMap((n) => CATALOG_CHECKS.find((c) => c.name === n).check({catalog: zh, english, locale}));
  assert.deepEqual(
    found('zh-Hans').map((p) => [p.key, p.values.found]),
    [['a.run', '（-Os） 相对']],
  );
  assert.deepEqual(found('en'), []);
  assert.deepEqual(found('ko'), []);
  // A list of figures or a clause after Latin words is Chinese text too; a thousands separator is not a comma.
  const lists = catalog('{"a": {"run": "服务器：{{a}} 15, 16；共 1,234 次", "name": "不带 JIT; PostgreSQL, 以及"}}');
  assert.deepEqual(
    CATALOG_CHECKS.find((c) => c.name === 'ascii-punctuation')
      .check({catalog: lists, english, locale: 'zh-Hans'})
      .map((p) => [p.key, p.values.found]),
    [
      ['a.run', '15,'],
      ['a.name', 'JIT;'],
    ],
  );
  // An ASCII full stop or colon after Chinese or Japanese; a version's decimal point is none.
  const stops = catalog('{"a": {"run": "服务器: 版本 PostgreSQL 15.4", "name": "示しています.数値"}}');
  assert.deepEqual(
    CATALOG_CHECKS.find((c) => c.name === 'ascii-punctuation')
      .check({catalog: stops, english, locale: 'ja'})
      .map((p) => p.values.found),
    ['服务器:', 'しています.数値'],
  );
});

test('figure-spacing: Korean sets 라운드 right after its figure, as most of its messages do; 번역 is no counter', () => {
  const check = CATALOG_CHECKS.find((c) => c.name === 'figure-spacing');
  const ko = catalog(
    '{"a": {"run": "약 {{low}}~{{high}} 라운드가 필요", "name": "{{rounds}}라운드, {{language}} 번역"}}',
  );
  assert.deepEqual(
    check.check({catalog: ko, english, locale: 'ko'}).map((p) => [p.key, p.values.found]),
    [['a.run', '{{high}} 라운드가']],
  );
});

test('figure-spacing: Japanese and Chinese space a figure from its counter or particle, not from 倍; ± touches', () => {
  const check = CATALOG_CHECKS.find((c) => c.name === 'figure-spacing');
  const found = (locale, text) => check.check({catalog: catalog(text), english, locale}).map((p) => p.values.found);
  assert.deepEqual(
    found(
      'ja',
      '{"a": {"run": "{{minRuns}}回以上、{{wanted}}の変化、約±{{low}}", "name": "{{runs}} 回、{{change}}倍"}}',
    ),
    // Each quoted with up to four characters each side, a placeholder whole.
    ['{{minRuns}}回以上、{{wanted}}', '回以上、{{wanted}}の変化、約', 'の変化、約±{{low}}'],
  );
  assert.deepEqual(
    found('zh-Hans', '{"a": {"run": "{{minRuns}}次或以上，{{level}}置信区间", "name": "{{runs}} 次，{{change}}倍"}}'),
    ['{{minRuns}}次或以上，', '或以上，{{level}}置信区间'],
  );
  assert.deepEqual(
    found('ko', '{"a": {"run": "± {{margin}}, {{count}} 건에서", "name": "{{count}}건, {{name}} 배포"}}'),
    ['± {{margin}}', '{{count}} 건에서'],
  );
});
