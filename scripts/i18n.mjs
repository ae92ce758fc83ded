#!/usr/bin/env node
// The translation guard and the translators' status.
//
//   node scripts/i18n.mjs check [--github] [--locale LOCALE]   (npm run i18n:check; --locale: one language's
//                                                  lines only, all in its words)
//   node scripts/i18n.mjs status [KEY|TEXT] [--json]   (npm run i18n:status; with a KEY, or words of a
//                                                  page in any language: its English, its description,
//                                                  pages and code that use it, placeholders with examples,
//                                                  every translation)
//   node scripts/i18n.mjs reviewed LOCALE (KEY... | --all)   (npm run i18n:reviewed -- ja versions.lead)
//   node scripts/i18n.mjs changed BASE_REF        English messages changed since BASE_REF (git), as Markdown
//   node scripts/i18n.mjs glossary-tbx            every language's glossary as one TBX file, on stdout
//
// Reads:  i18n/locales.json, i18n/<locale>/benchmarks.json and benchmarks.reviewed.json.
// Writes: only `reviewed`: i18n/<locale>/benchmarks.reviewed.json (the English each translation was
//         checked against). `check --github` and `changed` also append to $GITHUB_STEP_SUMMARY when set.
// Exit:   check: 0 clean (stale and untranslated messages are listed, not fatal, except an untranslated one in a
//         language i18n/locales.json marks complete); 1 with problems,
//         each as file:line: "key" what to do, in the catalog's language. status: 0 (1: no message is that KEY
//         or holds that TEXT).
//         reviewed: 0, or 1 on a bad key, no key without --all, or a message not yet translated (nothing is
//         written then). changed: 0; 2 when BASE_REF is no commit.
import {execFileSync, spawnSync} from 'node:child_process';
import {appendFileSync} from 'node:fs';
import {defaultLocale, locales} from '../lib/locales.mjs';
import {parseCatalog} from '../lib/i18n/catalogs.mjs';
import {sayIn} from '../lib/i18n/check-messages.mjs';
import {
  checkCatalogs,
  formatProblem,
  markReviewed,
  notTranslatedMessage,
  oneLine,
  readReviewed,
} from '../lib/i18n/check-catalogs.mjs';
import {keyUses} from '../lib/i18n/key-uses.mjs';
import {messagesOfText} from '../lib/i18n/marks.mjs';
import {plainWordDiff} from '../lib/i18n/word-diff.mjs';
import {readGlossary} from '../lib/i18n/glossary.mjs';
import {glossaryTbx} from '../lib/i18n/glossary-tbx.mjs';
import {englishChanges, githubAnnotation, staleMarkdown} from '../lib/i18n/stale-report.mjs';
import {buildLocalePages} from '../lib/pages/site-data.mjs';
import {loadSiteData} from '../lib/load/site.mjs';

const root = new URL('../', import.meta.url).pathname;
const [command, ...rest] = process.argv.slice(2);
const codes = Object.keys(locales);
const flags = new Set(rest.filter((a) => a.startsWith('--')));
const args = rest.filter((a) => !a.startsWith('--'));
const catalogs = new Map(codes.map((l) => [l, parseCatalog(root, l)]));
/** Words of the check in `locale`'s own catalog (its check words alone when the rest is broken; else English). */
const say = (locale, id, values) => {
  const own = catalogs.get(locale);
  return sayIn([own?.problem ? own.words : own, catalogs.get(defaultLocale)], id, values);
};
const summary = (markdown) =>
  process.env.GITHUB_STEP_SUMMARY && appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdown);

if (command === 'check') {
  // --locale LOCALE: that language's lines only (and English's, which every language depends on), every word of
  // them in that language, summary included.
  const at = rest.indexOf('--locale');
  const only = at >= 0 ? (rest[at + 1] ?? '') : undefined;
  if (only !== undefined && (only === defaultLocale || !codes.includes(only))) {
    const languages = codes.filter((c) => c !== defaultLocale).join(', ');
    console.error(`i18n:check --locale: "${oneLine(only)}" is not a translation here; name one of ${languages}.`);
    process.exit(2);
  }
  const words = only ?? defaultLocale;
  const other = codes.filter((c) => c !== defaultLocale && c !== only);
  const mine = (x) => only === undefined || !other.some((l) => x.locale === l || x.file?.startsWith(`i18n/${l}/`));
  const checked = checkCatalogs(root, codes, defaultLocale);
  const [problems, stale, untranslated, inEnglish] = [
    checked.problems,
    checked.stale,
    checked.untranslated,
    checked.inEnglish,
  ].map((list) => list.filter(mine));
  const label = (id) => say(words, id);
  for (const s of stale) {
    const values = {command: `npm run i18n:reviewed -- ${s.locale} ${s.key}`};
    const message = say(s.locale, s.unreviewed ? 'checks.staleNever' : 'checks.staleChanged', values);
    console.log(`${label('checks.labelStale')}: ${formatProblem({...s, message})}`);
    if (s.before !== null) {
      console.log(`    ${say(s.locale, 'checks.englishThen')} ${oneLine(s.before)}`);
      console.log(`    ${say(s.locale, 'checks.englishNow')} ${oneLine(s.now)}`);
      console.log(`    ${say(s.locale, 'checks.englishChange')} ${oneLine(plainWordDiff(s.before, s.now))}`);
    }
  }
  // A language marked complete has them among its problems (below); the others' are listed.
  for (const u of untranslated.filter((u) => locales[u.locale].complete !== true)) {
    const message = notTranslatedMessage(u.why, catalogs.get(u.locale), catalogs.get(defaultLocale));
    console.log(`${label('checks.labelUntranslated')}: ${formatProblem({...u, message})}`);
  }
  printInEnglish(inEnglish, label('checks.labelEnglish'));
  if (flags.has('--github')) {
    for (const p of problems) console.log(githubAnnotation('error', p));
    for (const s of stale)
      console.log(githubAnnotation('warning', {...s, message: `stale: ${s.before ?? ''} → ${s.now}`}));
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(formatProblem(p));
    console.error(`\n${say(words, 'checks.summaryProblems', {command: 'i18n:check', count: problems.length})}`);
    process.exit(1);
  }
  const counts = {stale: stale.length, untranslated: untranslated.length, english: inEnglish.length};
  const listed = Object.values(counts).some((n) => n > 0);
  const count = only === undefined ? codes.length : 1;
  console.log(
    say(words, listed ? 'checks.summaryListed' : 'checks.summaryClean', {command: 'i18n:check', count, ...counts}),
  );
} else if (command === 'status' && args[0]) {
  const english = catalogs.get(defaultLocale);
  if (english.problem) {
    console.error(formatProblem(english.problem));
    process.exit(1);
  }
  // A key, or a piece of a page's text in any language: the message it comes from.
  const asked = args.join(' ');
  let key = asked;
  if (!english.messages.has(asked)) {
    const readable = [...catalogs].filter(([, c]) => c.messages).map(([l, c]) => [l, c.messages]);
    const found = messagesOfText(asked, new Map(readable));
    if (found.length === 0) {
      console.error(
        `No message is or holds "${oneLine(asked)}": give a key as i18n:check prints it (versions.lead), or words ` +
          "of a page's text as they show (in any language).",
      );
      process.exit(1);
    }
    if (found.length > 1) {
      console.log(`${found.length} messages hold "${oneLine(asked)}": name one (npm run i18n:status -- KEY).\n`);
      for (const m of found) console.log(`  ${m.key}  (${m.locale}) ${oneLine(m.text)}`);
      process.exit(0);
    }
    key = found[0].key;
  }
  // The context as the Translating page shows it, examples from the data the site is built from.
  const {context} = buildLocalePages(loadSiteData(root), defaultLocale).pages.translating.onDemand;
  const message = context.messages.find((c) => c.key === key);
  // A suite's word is written in its suite file (lib/i18n/suite-words.mjs), English's others in the catalog.
  console.log(`${key}  (${english.sources?.get(key) ?? `${english.file}:${english.lines.get(key)}`})\n`);
  console.log(`  English: ${english.messages.get(key)}`);
  console.log(`  What it is: ${message.description}`);
  if (message.pages.length) console.log(`  Shown on: ${message.pages.join(', ')}`);
  const uses = keyUses(root, [key]).get(key);
  if (uses.length) console.log(`  Used in: ${uses.map((u) => `${u.file}:${u.line}`).join(', ')}`);
  for (const {name, example, from} of message.placeholders) {
    const shown = example ? ` For example: ${example}${from === 'page' ? " (from the page's data)" : ''}` : '';
    console.log(`  {{${name}}}: ${context.placeholders[name]}${shown}`);
  }
  const checked = checkCatalogs(root, codes, defaultLocale);
  for (const locale of codes.filter((l) => l !== defaultLocale)) {
    const catalog = catalogs.get(locale);
    const text = catalog.messages?.get(key);
    let reviewed;
    try {
      reviewed = readReviewed(root, locale)[key];
    } catch (error) {
      console.log(`\n  ${locale}: ${error.message}`);
    }
    const why = text === undefined ? null : checked.untranslated.find((u) => u.locale === locale && u.key === key)?.why;
    const state =
      text === undefined
        ? 'missing'
        : why
          ? `untranslated: ${why}`
          : reviewed === english.messages.get(key)
            ? 'reviewed'
            : 'stale';
    console.log(`\n  ${locale} (${catalog.file}${text !== undefined ? `:${catalog.lines.get(key)}` : ''}, ${state}):`);
    console.log(`    ${text === undefined ? '—' : oneLine(text)}`);
    if (state === 'stale' && typeof reviewed === 'string' && reviewed !== english.messages.get(key)) {
      console.log(`    ${say(locale, 'checks.englishThen')} ${reviewed}`);
      console.log(`    ${say(locale, 'checks.englishChange')} ${plainWordDiff(reviewed, english.messages.get(key))}`);
    }
  }
} else if (command === 'status') {
  const {problems, status, inEnglish} = checkCatalogs(root, codes, defaultLocale);
  if (flags.has('--json')) {
    const words = inEnglish.map(({locale, key, file}) => ({locale, key, file}));
    console.log(JSON.stringify({status, problems: problems.length, inEnglish: words}, null, 2));
  } else {
    console.log('| locale | translated | stale | untranslated | missing | extra |\n|---|---|---|---|---|---|');
    for (const [locale, s] of Object.entries(status))
      console.log(
        s.unusable
          ? `| ${locale} | unusable: ${s.unusable.replaceAll('|', '\\|')} | — | — | — | — |`
          : `| ${locale} | ${s.translated} | ${s.stale} | ${s.untranslated} | ${s.missing} | ${s.extra} |`,
      );
    if (inEnglish.length > 0) console.log('');
    printInEnglish(inEnglish);
    if (problems.length > 0) console.log(`\n${problems.length} problem(s): npm run i18n:check lists them.`);
  }
} else if (command === 'reviewed' && args[0] && args[0] !== defaultLocale && codes.includes(args[0])) {
  try {
    const n = markReviewed(root, args[0], defaultLocale, args.slice(1), {all: flags.has('--all')});
    console.log(
      `i18n/${args[0]}/benchmarks.reviewed.json: ${n} translation(s) marked as reviewed against today's English.`,
    );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
} else if (command === 'glossary-tbx') {
  // Every glossary as one TBX file, for a translation tool's glossary (crowdin.yml says how).
  const glossaries = new Map(
    codes
      .filter((l) => l !== defaultLocale)
      .flatMap((l) => {
        const glossary = readGlossary(root, l);
        return glossary ? [[l, glossary]] : [];
      }),
  );
  process.stdout.write(glossaryTbx(glossaries, defaultLocale));
} else if (command === 'changed' && args[0]) {
  const english = catalogs.get(defaultLocale);
  // An unknown base is an error, not "everything changed".
  const known = spawnSync('git', ['rev-parse', '--verify', '--quiet', `${args[0]}^{commit}`], {cwd: root});
  if (known.status !== 0) {
    console.error(
      `i18n changed: "${oneLine(args[0])}" is no commit this repository knows: name a branch, tag or commit.`,
    );
    process.exit(2);
  }
  let before = {};
  try {
    before = JSON.parse(execFileSync('git', ['show', `${args[0]}:${english.file}`], {cwd: root, encoding: 'utf8'}));
  } catch {
    // The base has no catalog (or no readable one): every message is new.
  }
  const changes = englishChanges(before, english.data);
  const missing = new Map();
  for (const locale of codes.filter((l) => l !== defaultLocale))
    for (const {key} of changes)
      if (!catalogs.get(locale).messages?.has(key)) missing.set(key, new Set([...(missing.get(key) ?? []), locale]));
  const markdown = staleMarkdown(changes, checkCatalogs(root, codes, defaultLocale), missing);
  console.log(markdown);
  summary(markdown);
} else {
  console.error(
    'usage: node scripts/i18n.mjs check [--github] [--locale LOCALE] | status [KEY|TEXT] [--json] | ' +
      'reviewed LOCALE (KEY... | --all) | glossary-tbx | ' +
      `changed BASE_REF   (LOCALE: ${codes.filter((c) => c !== defaultLocale).join(', ')})`,
  );
  process.exit(2);
}

/**
 * A suite's words a language has not translated: each shown in English on its page, listed here with the suite
 * file that says it and the key to give it under (lib/i18n/suite-words.mjs), in the language's own words.
 */
function printInEnglish(list, label = 'english') {
  for (const w of list) {
    const message = say(w.locale, 'checks.suiteWordInEnglish', {file: catalogs.get(w.locale).file ?? w.locale});
    console.log(`${label}: ${w.locale}: ${formatProblem({...w, message})}`);
  }
}
