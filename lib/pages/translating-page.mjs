// The data of the translator guide, for one locale: the reader's own file and
// commands, a message shown in English and in a translation, and the output of
// the real translation check on a broken copy of the catalogs, so the guide
// can never describe a check that prints something else.
import {catalogOf, catalogPath} from '../i18n/catalogs.mjs';
import {catalogProblems, DIGIT_ALLOWLIST, formatProblem} from '../i18n/check-catalogs.mjs';
import {keyLines} from '../i18n/json-lines.mjs';
import {wordDiff} from '../i18n/word-diff.mjs';
import {glossaryFile} from '../i18n/glossary.mjs';
import {SCREENSHOT_MANIFEST, screenshotPath} from './screenshots.mjs';
import {messageGroups} from './on-demand.mjs';
import {ATTACHED_SIGNS} from '../i18n/catalog-checks/attached-signs.mjs';
import {createTranslator, lookup, placeholdersOf} from '../i18n/messages.mjs';
import {formatFigure} from '../numbers/format.mjs';

/** The message the guide shows in two languages, and the one it breaks for the check's example. */
export const SAMPLE_KEY = 'common.verdict.sentence.better';
/** The message the example types a number into. */
export const DIGIT_KEY = 'versions.lead';

/** Figures of each kind, as the guide shows them written (README "Number style"). */
const STYLE_EXAMPLES = [
  [84849, 'tps'],
  [0.79876, 'ms'],
  [0.1231, 'percent'],
];
const RATIO_EXAMPLE = 4.2609;

/** A language's name as `reader` writes it (English for a Japanese reader: 英語). */
export const languageName = (code, reader) => new Intl.DisplayNames([reader], {type: 'language'}).of(code);

/**
 * @param {object} catalogs  every catalog, read and checked (lib/pages/site-data.mjs loadCatalogs)
 * @param {{locale: string, defaultLocale: string, locales: Record<string, {label: string}>, english: object,
 *   catalog: object}} options
 */
export function translatingPage(catalogs, {locale, defaultLocale, locales, english, catalog, navigation}) {
  // English readers see the example in the first other language.
  const example = locale === defaultLocale ? Object.keys(locales).find((l) => l !== defaultLocale) : locale;
  // The example language's messages as its pages show them: English where its catalog cannot be used.
  const exampleCatalog = example === locale ? catalog : catalogs.usable[example].data;
  const placeholder = placeholdersOf(lookup(english, SAMPLE_KEY))[0];
  const {checked} = catalogs;
  return {
    locale,
    file: catalogPath(locale),
    source: catalogPath(defaultLocale),
    // Languages are named in the reader's language (英語, 영어), not in their own.
    sourceLanguage: languageName(defaultLocale, locale),
    exampleLanguage: languageName(example, locale),
    allowlist: DIGIT_ALLOWLIST.join(', '),
    placeholder: `{{${placeholder}}}`,
    numberStyle: {
      examples: STYLE_EXAMPLES.map(([value, kind]) => formatFigure(value, kind, locale)).join(' · '),
      ratio: createTranslator(locale, catalog)('common.times', {ratio: formatFigure(RATIO_EXAMPLE, 'ratio', locale)}),
      signs: ATTACHED_SIGNS.join(' '),
    },
    // The translator's view of the preview (src/components/Marks) and the mark of an older translation.
    keysView: {keysQuery: '?keys', staleMark: lookup(catalog, 'site.marks.staleMark')},
    sample: {key: SAMPLE_KEY, source: lookup(english, SAMPLE_KEY), translation: lookup(exampleCatalog, SAMPLE_KEY)},
    commands: {
      preview: `npm run preview -- --locale ${locale}`,
      previewBench: `npm start -- --locale ${locale}`,
      check: 'npm run i18n:check',
      status: 'npm run i18n:status',
      statusKey: `npm run i18n:status -- ${SAMPLE_KEY}`,
      reviewed: `npm run i18n:reviewed -- ${example} ${SAMPLE_KEY}`,
      changed: 'node scripts/i18n.mjs changed main',
      // Words the reader sees on this page, to find their message by.
      statusText: `npm run i18n:status -- "${lookup(catalog, 'translate.context.title')}"`,
    },
    glossary: glossaryFile(example),
    // Per language, what a translator has to look at: stale translations (with the English they were
    // made from) and messages left in English.
    languages: Object.keys(locales)
      .filter((l) => l !== defaultLocale)
      .map((l) => ({
        locale: l,
        name: languageName(l, locale),
        file: catalogPath(l),
        // What keeps the language's messages from being used: its pages show English there until it is fixed.
        problems: checked.problems
          .filter((p) => p.file.startsWith(`i18n/${l}/`) && !p.untranslated)
          .map(({file, line, key, message}) => ({file, line, key, message})),
        stale: checked.stale
          .filter((s) => s.locale === l)
          .map(({key, line, before, now}) => ({
            key,
            line,
            before,
            now,
            // What changed, word by word, where the English it was made from is known.
            change: before === null ? null : wordDiff(before, now),
          })),
        untranslated: checked.untranslated.filter((u) => u.locale === l).map(({key, line, why}) => ({key, line, why})),
      })),
    checkOutput: brokenCopyCheck(catalogs.english, exampleCatalog, {locale: example, placeholder}),
    // Every page's screenshot in this language and in English (npm run screenshots takes them).
    screenshots: {
      // A translator's preview of one language has its own (scripts/publish/page-screenshots.mjs).
      command: locale === defaultLocale ? 'npm run screenshots' : `npm run screenshots -- --locale ${locale}`,
      language: languageName(locale, locale),
      pages: navigation.map(({doc, label}) => ({docId: doc, name: lookup(catalog, label), image: screenshotPath(doc)})),
      // Which of them this build holds (src/components/TranslatorContext links only those).
      manifest: SCREENSHOT_MANIFEST,
    },
  };
}

/**
 * The page's `context`: every message with what it is, where it shows and what
 * its placeholders carry (examples from this build's data), and its
 * translation in `locale` (none on the English page).
 */
function contextWithTranslations(context, {locale, defaultLocale, catalog}) {
  return {
    placeholders: context.placeholders,
    messages: context.messages.map((c) => ({
      ...c,
      translation: locale === defaultLocale ? null : (lookup(catalog, c.key) ?? null),
    })),
  };
}

/**
 * What `npm run i18n:check` prints for a copy of `locale`'s catalog with one
 * placeholder renamed and a digit typed into another message (checked as the
 * check reads a file, in memory: the real catalogs are only read). The copy is
 * written from the messages its pages use (`messages`: English where the
 * catalog itself has a problem), and only the two edits' problems are shown:
 * the example never depends on what else a translator's catalog holds today.
 */
function brokenCopyCheck(english, messages, {locale, placeholder}) {
  const text = `${JSON.stringify(messages, null, 2)}\n`;
  const lines = text.split('\n');
  const at = keyLines(text);
  const edit = (key, change) => {
    const i = at.get(key) - 1;
    lines[i] = change(lines[i]);
  };
  edit(SAMPLE_KEY, (line) => line.replace(`{{${placeholder}}}`, `{{${placeholder}Name}}`));
  edit(DIGIT_KEY, (line) => line.replace(/": "/, '": "12 '));
  const broken = lines.join('\n');
  const copy = catalogOf(broken, JSON.parse(broken), {file: catalogPath(locale), locale});
  return catalogProblems(copy, {locale, english, isDefault: false})
    .filter((p) => [SAMPLE_KEY, DIGIT_KEY].includes(p.key))
    .map(formatProblem);
}

/**
 * The translator guide. Its messages' context takes examples from every other page's data (built first), and
 * its own sample message: context.messageContext makes it (lib/pages/site-data.mjs).
 */
export const page = {
  id: 'translating',
  doc: 'translating',
  label: 'site.nav.translate',
  messages: ['translate', 'common.onDemand'],
  build: ({content, locale, defaultLocale, locales, messages, english, navigation, others, messageContext}) => {
    const data = translatingPage(content.catalogs, {
      locale,
      defaultLocale,
      locales,
      english: english.data,
      catalog: messages,
      navigation,
    });
    return {
      ...data,
      context: contextWithTranslations(messageContext({...others(), translating: data}), {
        locale,
        defaultLocale,
        catalog: messages,
      }),
    };
  },
  // Every message with its context is loaded when the reader opens a group.
  split: ({context, ...rest}) => ({
    ...rest,
    contextGroups: messageGroups(context.messages),
    hasTranslation: context.messages.some((m) => m.translation !== null),
    onDemand: {context},
  }),
};
