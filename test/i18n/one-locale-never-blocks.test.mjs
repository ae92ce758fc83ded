// One language never blocks another: each translation is broken in turn, in
// each way a translator's edit (or a bad merge) can break it, and every
// locale's pages are built from what the data plugin reads. The broken one is
// built with English where its messages are unusable and says so on its
// Translating page; the others build unchanged. A real Docusaurus build of
// English with a broken Japanese catalog is in test/site/.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {catalogFile, reviewedFile} from '../../lib/i18n/catalogs.mjs';
import {writeSiteTranslations} from '../../lib/load/site-translations.mjs';
import {defaultLocale, locales} from '../../lib/locales.mjs';
import {buildLocalePages, buildPages} from '../../lib/pages/site-data.mjs';
import {loadCatalogs, loadSiteData, siteMessages} from '../../lib/load/site.mjs';
import {SAMPLE_KEY} from '../../lib/pages/translating-page.mjs';

const root = new URL('../../', import.meta.url).pathname;
const codes = Object.keys(locales);
const translations = codes.filter((l) => l !== defaultLocale);

/**
 * A copy of the site's catalogs beside links to its datasets and suites and to the fixture runs: each case
 * breaks the copy, never the project.
 */
function siteCopy(t) {
  const dir = mkdtempSync(path.join(tmpdir(), 'locale-isolation-'));
  t.after(() => rmSync(dir, {recursive: true, force: true}));
  for (const entry of ['datasets', 'benchmarks']) symlinkSync(path.join(root, entry), path.join(dir, entry));
  symlinkSync(path.join(root, 'test/fixtures/results'), path.join(dir, 'results'));
  return dir;
}
const resetCatalogs = (dir) => {
  rmSync(path.join(dir, 'i18n'), {recursive: true, force: true});
  cpSync(path.join(root, 'i18n'), path.join(dir, 'i18n'), {recursive: true});
};

/** The line of a catalog holding `key`'s last part: `"better": "…",` under verdict.sentence. */
const sampleLine = (text) => {
  const lines = text.split('\n');
  const at = lines.findIndex(
    (l, i) => /^\s*"better": /.test(l) && lines.slice(0, i).some((p) => /"sentence": \{/.test(p)),
  );
  assert.ok(at > 0, `${SAMPLE_KEY} not found`);
  return {lines, at};
};

// Each way: what it does to the catalog's folder, and whether the whole catalog is then unusable.
const WAYS = {
  'bad JSON (a comma removed)': {edit: (text) => text.replace(/",\n/, '"\n'), whole: true},
  'a key deleted (the sample message)': {
    edit: (text) => {
      const {lines, at} = sampleLine(text);
      lines.splice(at, 1);
      return lines.join('\n').replace(/,(\n\s*\})/, '$1');
    },
  },
  'a placeholder renamed': {
    edit: (text) => {
      const {lines, at} = sampleLine(text);
      lines[at] = lines[at].replace(/\{\{(\w+)\}\}/, '{{$1Renamed}}');
      return lines.join('\n');
    },
  },
  'the file deleted': {edit: null, whole: true},
  'null instead of an object': {edit: () => 'null\n', whole: true},
  'a string instead of an object': {edit: () => '"ja"\n', whole: true},
  'its review record broken': {review: (text) => text.slice(0, -3)},
  'a link to a file outside the project': {link: '/etc/passwd', whole: true},
  'nested 1,800 levels deep': {edit: () => `${'{"a": '.repeat(1800)}"x"${'}'.repeat(1800)}\n`, whole: true},
  'script and markup in messages': {
    edit: (text) =>
      text
        .replace(/("footer": ")/, '$1<img src=x onerror=\\"alert(1)\\"><script>fetch(\'/x\')</script>')
        .replace(/("title": ")/, '$1[click](javascript:alert(1)) '),
    keys: ['site.footer', 'site.title'],
  },
};

function breakLocale(dir, locale, {edit, review, link}) {
  const file = catalogFile(dir, locale);
  if (review) writeFileSync(reviewedFile(dir, locale), review(readFileSync(reviewedFile(dir, locale), 'utf8')));
  else if (edit) writeFileSync(file, edit(readFileSync(file, 'utf8')));
  else rmSync(file);
  if (link) symlinkSync(link, file);
}

test('each translation broken each way: every locale builds, the broken one in English where needed, says so', (t) => {
  const dir = siteCopy(t);
  resetCatalogs(dir);
  const content = loadSiteData(dir);
  const english = JSON.parse(readFileSync(catalogFile(root, defaultLocale), 'utf8'));
  let cases = 0;
  for (const broken of translations) {
    for (const [way, spec] of Object.entries(WAYS)) {
      resetCatalogs(dir);
      breakLocale(dir, broken, spec);
      const label = `${broken}: ${way}`;
      writeSiteTranslations(dir, codes, defaultLocale);
      // The catalogs as this case left them, read as the load step reads them (the runs and suites stay).
      const catalogs = loadCatalogs(dir);
      for (const locale of codes) {
        const {data, fallback, reasons, whole} = catalogs.usable[locale];
        const pages = buildPages({...content, catalogs}, locale, data, {fallback, whole});
        assert.ok(siteMessages(dir, locale).search, `${label}: ${locale} has no search words`);
        const own = pages.translating.languages.find((l) => l.locale === broken);
        assert.ok(own.problems.length > 0, `${label}: the ${locale} Translating page does not list the problem`);
        if (locale !== broken) {
          assert.deepEqual(fallback, [], `${label}: ${locale} fell back to English`);
          continue;
        }
        if (spec.review) continue; // The messages are fine: only the record of their review is broken.
        assert.ok(reasons.length > 0, `${label}: no reason given`);
        assert.ok(fallback.length > 0, `${label}: nothing shown in English`);
        // Nothing of an outside file reaches the messages or the reasons.
        assert.ok(!JSON.stringify({data, reasons}).includes('root:'), `${label}: an outside file was read`);
        if (spec.whole) assert.equal(data.site.title, english.site.title, label);
        else {
          assert.deepEqual(fallback.sort(), spec.keys ?? [SAMPLE_KEY], label);
          assert.notEqual(data.site.logoAlt, english.site.logoAlt, `${label}: the rest is still translated`);
        }
        // The pages that show a message in English say so: each page whole, or the pages showing it.
        if (spec.whole) assert.ok(Object.values(pages).every((p) => p.wholeInEnglish && p.fallback.length === 0));
        else assert.ok(Object.values(pages).some((p) => p.fallback?.length > 0));
        cases++;
      }
    }
  }
  assert.equal(cases, translations.length * (Object.keys(WAYS).length - 1));
});

test('a Korean catalog that is no JSON gives English pages: written as English writes, told whole', (t) => {
  const dir = siteCopy(t);
  resetCatalogs(dir);
  breakLocale(dir, 'ko', WAYS['bad JSON (a comma removed)']);
  const {pages, fallback} = buildLocalePages(loadSiteData(dir), 'ko');
  assert.ok(fallback.length > 400);
  for (const [id, page] of Object.entries(pages)) {
    assert.equal(page.wholeInEnglish, true, id);
    assert.deepEqual(page.fallback, [], `${id}: the page says "whole", not a count of some`);
    assert.equal(page.locale, 'en', `${id}: formatted as English`);
  }
  // A date as English writes it, and none as Korean does (2026년 11월 26일), anywhere in the pages' data.
  const text = JSON.stringify(pages);
  assert.doesNotMatch(text, /\d+년 \d+월|\d+월 \d+일/);
  assert.match(
    text,
    /(January|February|March|April|May|June|July|August|September|October|November|December) \d+, \d{4}/,
  );
});
