// Each page's data for one locale, made from what the load layer read (lib/load/site.mjs): what the data plugin
// publishes (and whose chart specs the build draws as images). Builders read no file (site-data.test.mjs).
import {harvestExamples, messagesWithContext, recordingExamples} from '../i18n/message-context.mjs';
import {createTranslator, pickMessages, placeholdersOf} from '../i18n/messages.mjs';
import {localeMarks} from '../i18n/marks.mjs';
import {carries, pageMessages, writtenKeys} from './page-messages.mjs';
import {defaultLocale, locales} from '../locales.mjs';
import {newestRun, newestWith} from '../model/newest-run.mjs';
import {sitePages} from './site-pages.mjs';

/** The published study shown beside a suite's run, or null. */
const studyOf = (content, suite) => content.studies?.find((s) => s.suite === suite) ?? null;

/**
 * Every page's data for one locale: each page module's build (lib/pages/site-pages.mjs), given what pages
 * are made from; a page that reads another's data (the overview, the translator guide) gets it built once.
 * @param {{datasets, results, suites}} content  from loadSiteData
 * @param {string} locale
 * @param {object} messages  the locale's catalog
 */
export function buildPages(content, locale, messages, {fallback = [], inEnglish = [], marks = [], whole = false} = {}) {
  const pages = sitePages(content.suites);
  const messagesOfPage = pageMessages(pages);
  // Every value a page gives a placeholder is recorded: the examples of the Translating page's context.
  const examples = new Map();
  const written = writtenKeys(recordingExamples(createTranslator(locale, messages), examples));
  const {t} = written;
  const built = new Map();
  const {english} = content.catalogs;
  const context = {
    content,
    locale,
    t,
    messages,
    english,
    defaultLocale,
    locales,
    navigation: pages,
    // A suite's words this locale has not translated: shown in English, marked (lib/i18n/suite-words.mjs).
    inEnglish: new Set(inEnglish),
    suite: (id) => content.suites.find((s) => s.id === id) ?? null,
    study: (suite) => studyOf(content, suite),
    newestRun: (suite, options) => newestRun(content.results, suite, options),
    // The newest run of a suite that measured one of its scenarios (a newer run may have left it out).
    newestWith: (suite, scenario) => newestWith(content.results, suite, scenario),
    services: () => {
      const services = content.services?.find((s) => s.id === 'postgresbench');
      if (!services)
        throw new Error('datasets/postgresbench/services.json is missing: the Managed services page is made from it.');
      return services;
    },
    // The instructions measure of a suite, beside its timed run: its newest instructions run and profiles.
    instructionsOf: (id) => {
      const run = newestRun(content.results, id, {measure: 'instructions'});
      return {instructions: run, profiles: (run && content.profiles?.get(run.run.id)) ?? new Map()};
    },
    page: (id) => {
      if (!built.has(id))
        built.set(
          id,
          written.during(id, () => pageById(pages, id).build(context)),
        );
      written.shownBy(id);
      return built.get(id);
    },
    // Every other page's data, for the translator guide's examples.
    others: () =>
      Object.fromEntries(pages.filter((p) => p.id !== 'translating').map((p) => [p.id, context.page(p.id)])),
    messageContext: (data) => translatorContext(content.catalogs.context, english, data, examples, messagesOfPage),
  };
  // A page shows the messages its components carry and those its build wrote.
  const shownIn = (name, key) => written.by(name).has(key) || carries(messagesOfPage[name], key);
  return Object.fromEntries(
    pages.map((p) => {
      const data = context.page(p.id);
      return [
        p.id,
        {
          ...(p.split ? p.split(data) : data),
          // Every page explains the terms its text names (lib/i18n/terms.mjs).
          messages: pickMessages(messages, [
            ...p.messages,
            'site.fallback',
            'site.fallbackWhole',
            'site.marks',
            'terms',
          ]),
          // Shown in English where the catalog cannot be used: all of it (whole), or the keys this page shows.
          fallback: whole ? [] : fallback.filter((key) => shownIn(p.id, key)),
          ...(whole && {wholeInEnglish: true}),
          // Each message shown in English or translated from an older English, marked where it stands.
          marks: marks.filter((m) => shownIn(p.id, m.key)),
        },
      ];
    }),
  );
}

/** A page module by its id. */
function pageById(pages, id) {
  const found = pages.find((p) => p.id === id);
  if (!found) throw new Error(`No page "${id}" in lib/pages/site-pages.mjs (${pages.map((p) => p.id).join(', ')}).`);
  return found;
}

/** Every English message with its description, placeholders and examples from this build's page data. */
function translatorContext(described, english, pages, examples, messagesByPage) {
  const names = new Set([...english.messages.values()].flatMap(placeholdersOf));
  // The pages that show a message, by the messages each page carries.
  const pagesShowing = (key) =>
    Object.entries(messagesByPage)
      .filter(([, keys]) => carries(keys, key))
      .map(([name]) => name);
  return messagesWithContext(described, english.messages, examples, pagesShowing, harvestExamples(pages, names));
}

/**
 * Every page's data for the locale being built, from the site's files: what
 * the data plugin publishes. Messages the locale's catalog cannot give (a
 * problem the check reports, or the whole file unreadable) are English's,
 * listed in `fallback` and marked on the pages that show them.
 * @param {object} content  what the site is made from (lib/load/site.mjs loadSiteData)
 * @returns {{pages: object, fallback: string[], reasons: string[]}}
 */
export function buildLocalePages(content, locale) {
  const {data, fallback, reasons, inEnglish, whole} = content.catalogs.usable[locale];
  const marks = whole ? [] : localeMarks(content.catalogs.checked, locale, data, fallback);
  const pageLocale = whole ? defaultLocale : locale;
  const t = createTranslator(pageLocale, data);
  return {
    // A catalog that cannot be read at all gives English pages, written as English writes (dates, lists, spacing):
    // nothing of the language it stands in for.
    pages: buildPages(content, pageLocale, data, {fallback, inEnglish, marks, whole}),
    // The site's pages in the order of its navigation, each labelled in the locale's words; those that are routes
    // of the data plugin (the pages of results) marked so.
    navigation: sitePages(content.suites).map((p) => ({
      id: p.id,
      doc: p.doc,
      label: t(p.label),
      route: p.route === true,
    })),
    fallback,
    reasons,
    inEnglish,
  };
}
