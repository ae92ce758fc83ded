// Shared by the page-data tests: the committed fixture runs and a translator.
import {readFileSync} from 'node:fs';
import {readCatalog} from '../../lib/i18n/catalogs.mjs';
import {createTranslator} from '../../lib/i18n/messages.mjs';

const fixtures = new URL('../fixtures/results/', import.meta.url);
export const readFixture = (name) => JSON.parse(readFileSync(new URL(name, fixtures), 'utf8'));
export const versionsRun = () => readFixture('pg-versions-20261122T110343Z.json');
/** The A/A calibration run: small TPC-B, interleaved rounds, pg15-aa the control of pg15. */
export const interleavedRun = () => readFixture('pg-versions-20261123T130951Z.json');
export const plannerRun = () => readFixture('pg17-planner-20261122T105429Z.json');
export const siteDir = new URL('../../', import.meta.url).pathname;
export const translator = (locale) => createTranslator(locale, readCatalog(siteDir, locale));
export const quickRun = () => readFixture('quick-20261122T125226Z.json');
