import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createTranslator} from './messages.mjs';

const t = createTranslator('ja', {page: {lead: '{{tps}} TPS を記録しました。'}});

test('a message with its values', () => {
  assert.equal(t('page.lead', {tps: '8.48万'}), '8.48万 TPS を記録しました。');
});

test('a missing key is an error naming the catalog', () => {
  assert.throws(() => t('page.title'), /i18n\/ja\/benchmarks\.json has no message "page\.title"/);
});

test('a missing value is an error, not a blank or a raw placeholder', () => {
  assert.throws(() => t('page.lead'), /The message "page\.lead" \(ja\) needs a value for \{\{tps\}\}/);
});
