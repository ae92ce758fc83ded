#!/usr/bin/env node
// The translation guard and the translators' status.
//
//   node scripts/i18n.mjs check             (npm run i18n:check)
//   node scripts/i18n.mjs status [--json]   (npm run i18n:status)
//   node scripts/i18n.mjs reviewed LOCALE [KEY...]   (npm run i18n:reviewed -- ja versions.lead)
//
// Reads:  i18n/locales.json, i18n/<locale>/benchmarks.json and benchmarks.reviewed.json.
// Writes: only `reviewed`: i18n/<locale>/benchmarks.reviewed.json (which English each
//         translation was checked against; all keys of LOCALE when no KEY is named).
// Exit:   check: 0 clean (stale translations are listed, not fatal); 1 with problems,
//         each as file:line: "key" what to do. status: 0. reviewed: 0, or 1 on a bad key.
import {defaultLocale, locales} from '../lib/locales.mjs';
import {checkCatalogs, formatProblem, markReviewed} from '../lib/i18n/check-catalogs.mjs';

const root = new URL('../', import.meta.url).pathname;
const [command, ...rest] = process.argv.slice(2);
const codes = Object.keys(locales);

if (command === 'check') {
  const {problems, stale} = checkCatalogs(root, codes, defaultLocale);
  for (const s of stale) {
    const why = s.unreviewed ? 'has never been marked reviewed' : 'was translated from an older English text';
    const message = `${why}: review it, then npm run i18n:reviewed -- ${s.locale} ${s.key}`;
    console.log(`stale: ${formatProblem({...s, message})}`);
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(formatProblem(p));
    console.error(`\ni18n:check: ${problems.length} problem(s). Each line names the file, the line and the key.`);
    process.exit(1);
  }
  console.log(
    `i18n:check: ${codes.length} catalogs agree with ` +
      `English${stale.length ? ` (${stale.length} stale translation(s) listed above)` : ''}.`,
  );
} else if (command === 'status') {
  const {problems, status} = checkCatalogs(root, codes, defaultLocale);
  if (rest.includes('--json')) {
    console.log(JSON.stringify({status, problems: problems.length}, null, 2));
  } else {
    console.log('| locale | translated | stale | missing | extra |\n|---|---|---|---|---|');
    for (const [locale, s] of Object.entries(status))
      console.log(`| ${locale} | ${s.translated} | ${s.stale} | ${s.missing} | ${s.extra} |`);
    if (problems.length > 0) console.log(`\n${problems.length} problem(s): npm run i18n:check lists them.`);
  }
} else if (command === 'reviewed' && rest[0] && rest[0] !== defaultLocale && codes.includes(rest[0])) {
  try {
    const n = markReviewed(root, rest[0], defaultLocale, rest.slice(1));
    console.log(
      `i18n/${rest[0]}/benchmarks.reviewed.json: ${n} translation(s) marked as reviewed against today's English.`,
    );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
} else {
  console.error(
    `usage: node scripts/i18n.mjs check | status [--json] | reviewed LOCALE [KEY...]   (LOCALE: ` +
      `${codes.filter((c) => c !== defaultLocale).join(', ')})`,
  );
  process.exit(2);
}
