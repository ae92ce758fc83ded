import {test} from 'node:test';
import assert from 'node:assert/strict';
import {fileURLToPath} from 'node:url';
import {parseCatalog} from './catalogs.mjs';
import {
  contextProblems,
  descriptionOf,
  exampleKey,
  harvestExamples,
  messagesWithContext,
  readContext,
  recordingExamples,
} from './message-context.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('the real context describes every English message and placeholder, and nothing English lacks', () => {
  assert.deepEqual(contextProblems(readContext(root), parseCatalog(root, 'en').messages), []);
});

test('a message is described by its own entry, else by its nearest group', () => {
  const context = {messages: {common: 'shared words', 'common.verdict': 'a verdict', 'common.verdict.x': 'own'}};
  assert.equal(descriptionOf(context, 'common.verdict.x'), 'own');
  assert.equal(descriptionOf(context, 'common.verdict.short.better'), 'a verdict');
  assert.equal(descriptionOf(context, 'common.title'), 'shared words');
  assert.equal(descriptionOf(context, 'home.title'), undefined);
});

test('context problems: an undescribed message or placeholder, an entry English no longer has', () => {
  const english = new Map([
    ['home.title', 'Overview of {{count}} pages'],
    ['home.lead', 'Hello'],
  ]);
  const context = {messages: {'home.title': 'The title', 'home.gone': 'old'}, placeholders: {unused: 'x'}};
  assert.deepEqual(
    contextProblems(context, english).map((p) => p.key),
    ['home.gone', 'home.lead', '{{count}}', '{{unused}}'],
  );
});

test('the recording translator keeps the first text each placeholder of each message was given', () => {
  const examples = new Map();
  const t = recordingExamples((id, values) => `${id}:${JSON.stringify(values)}`, examples);
  assert.equal(t('a.b', {change: '+1.2%', n: 3}), 'a.b:{"change":"+1.2%","n":3}');
  t('a.b', {change: '+9.9%'});
  t('a.c', {change: ''});
  assert.deepEqual([...examples], [[exampleKey('a.b', 'change'), '+1.2%']]);
});

test('page examples: breadth first, text only, no ids below the top, no catalog text, three levels deep', () => {
  const pages = {
    versions: {
      level: '95%',
      run: {machine: {cpus: '2', os: 'Linux'}, metric: 'tps', deep: {deeper: {cpus: 'never'}}},
      margin: 0.02,
      messages: {versions: {os: '{{os}} words'}},
      other: {level: '99%', model: 'median', scale: '1,000'},
    },
    history: {scale: 'large'},
  };
  const byPage = harvestExamples(pages, new Set(['level', 'cpus', 'os', 'margin', 'metric', 'model', 'scale']));
  assert.deepEqual(Object.fromEntries(byPage.get('versions')), {level: '95%', cpus: '2', os: 'Linux', scale: '1,000'});
  // At a page's top level a field is passed as it is, an id too.
  assert.deepEqual(Object.fromEntries(byPage.get('history')), {scale: 'large'});
});

test('each placeholder’s example: the value the message was given, else its page’s data, marked', () => {
  const english = new Map([
    ['a.given', '{{change}} and {{level}}'],
    ['a.page', '{{level}} of {{run}}'],
  ]);
  const context = {messages: {a: 'group'}, placeholders: {change: 'c', level: 'l', run: 'r'}};
  const examples = new Map([[exampleKey('a.given', 'change'), '+1.2%']]);
  const pageExamples = new Map([['p', new Map([['level', '95%']])]]);
  const {messages, placeholders} = messagesWithContext(context, english, examples, () => ['p'], pageExamples);
  assert.deepEqual(placeholders, {change: 'c', level: 'l', run: 'r'});
  assert.deepEqual(messages[0].placeholders, [
    {name: 'change', example: '+1.2%', from: 'message'},
    {name: 'level', example: '95%', from: 'page'},
  ]);
  // Another message's value is no example for this one: names are shared loosely.
  assert.deepEqual(messages[1].placeholders, [
    {name: 'level', example: '95%', from: 'page'},
    {name: 'run', example: null, from: null},
  ]);
  assert.equal(messages[1].description, 'group');
  assert.deepEqual(messages[1].pages, ['p']);
});
