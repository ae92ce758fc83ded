// Shared by the page-data tests: the committed fixture runs and a translator.
import {readFileSync} from 'node:fs';
import {createTranslator} from '../../i18n/messages.mjs';

const fixtures = new URL('../../../test/fixtures/results/', import.meta.url);
export const readFixture = (name) => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8'));
export const versionsRun = () => readFixture('pg-versions-20261122T110343Z.json');
export const plannerRun = () => readFixture('pg17-planner-20261122T105429Z.json');
export const translator = (locale) =>
  createTranslator(locale, JSON.parse(readFileSync(new URL(`../../../i18n/${locale}/benchmarks.json`, import.meta.url), 'utf8')));
export const quickRun = () => readFixture('quick-20261122T125226Z.json');
