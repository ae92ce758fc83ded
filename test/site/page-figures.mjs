// The figures of every page, in every locale, against literal values: the medians and drift were recomputed from
// the committed result files by an independent script (a plain median of each server's repeats; the mean of a
// run's last ten seconds over its first ten), the published study's figures as its outputs print them, the
// verdicts as `bench compare` prints them for the run. A new published run changes these values: update them
// from the run, recomputed the same way. Checked by the page tour (every-page.test.mjs) on each page it opens,
// which also checks that every chart draws.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {defaultLocale, locales} from '../../lib/locales.mjs';
import {DIGIT_KEY, SAMPLE_KEY} from '../../lib/pages/translating-page.mjs';
import {keyLines} from '../../lib/i18n/json-lines.mjs';
import {catalogFile, catalogPath} from '../../lib/i18n/catalogs.mjs';
import {root, siteContent} from './site.mjs';

// Every locale of the site writes these figures alike (a comma between thousands, a point before decimals).
const integer = (n) => n.toLocaleString('en-US');

/** The first text of each matching cell (the median; the spread follows in a span). */
const firstTexts = (page, selector) => page.$$eval(selector, (cells) => cells.map((c) => c.firstChild.textContent));
const texts = (page, selector, read = 'textContent') =>
  page.$$eval(selector, (els, r) => els.map((e) => (r === 'textContent' ? e.textContent : e.dataset[r])), read);

// results/pg-versions-20261129T012245Z-merged.json: each server's median TPS (its A/A twin left out), in the
// page's order of servers, and each comparison's verdict against PostgreSQL 15 (-Os) (none: the baseline, or a
// build not compared), round by round: the paired t intervals of the rounds' log ratios at Holm's levels, from
// scipy, against the ±5% margin. Six rounds at the small size only: every interval reaches past ±5%.
const ALL_UNDECIDED = [
  null,
  'inconclusive',
  'inconclusive',
  'inconclusive',
  null,
  'inconclusive',
  'inconclusive',
  null,
];
const VERSIONS = {
  'small-tpcb': [[1322, 1407, 1320, 1336, 1405, 1328, 1334, 1393], ALL_UNDECIDED],
  'small-simple-update': [[1774, 1855, 1855, 1853, 1867, 1741, 1827, 1911], ALL_UNDECIDED],
  'small-select-only': [[11579, 12780, 11948, 11973, 12881, 12295, 12617, 13036], ALL_UNDECIDED],
};

async function versionsFigures(page, {locale}) {
  for (const [id, [medians, verdicts]] of Object.entries(VERSIONS)) {
    const rows = `table[data-group="${id}"] tr[data-target]`;
    assert.deepEqual(await firstTexts(page, `${rows} td[data-figure="tps"]`), medians.map(integer), id);
    assert.deepEqual(
      await page.$$eval(rows, (trs) => trs.map((tr) => tr.querySelector('td[data-verdict]')?.dataset.verdict ?? null)),
      verdicts,
      id,
    );
  }
  // No group's throughput fell or rose through its runs (median last/first 10 s: 105.6% of 54 runs, 102.2% of 54,
  // 102.1% of 48); each says how many runs stayed within 5% (17, 25 and 23), and the A/A pair's alone (7 and 4 of 12).
  const drift = await page.$$eval('p[data-drift]', (ps) =>
    ps.map((p) => [p.closest('section').dataset.group, p.dataset.drift, p.textContent]),
  );
  const held = [
    ['small-tpcb', /105\.6 ?%/, /\b17\b/, /\b7\b/],
    ['small-simple-update', /102\.2 ?%/, /\b25\b/, /\b4\b/],
    ['small-select-only', /102\.1 ?%/, /\b23\b/, null],
  ];
  assert.deepEqual(
    drift.map(([id, way]) => [id, way]),
    held.map(([id]) => [id, 'held']),
  );
  for (const [i, [id, median, steady, control]] of held.entries()) {
    const text = drift[i][2];
    assert.match(text, median, id);
    assert.match(text, steady, id);
    assert.equal(text.includes('A/A'), control !== null, id);
    if (control) assert.match(text, control, id);
  }
  // One statement per group; in English, word for word where every comparison was the same.
  const findings = await texts(page, 'p[data-findings]');
  assert.equal(findings.length, 3);
  if (locale === 'en') {
    for (const finding of findings) {
      assert.ok(finding.startsWith('Throughput against PostgreSQL 15 (-Os), 6 runs each: '), finding);
      assert.match(finding, /undecided in (all 5|the other \d)/);
    }
    // 15 at -O2 against -Os, small TPC-B-like: +6.3% [+1.0, +11.8], above none but across the margin: which way is
    // said, not by how much, as its table's cell says.
    assert.match(findings[0], /: higher in 1 of 5, by how much unclear \(\+6%\) and undecided in the other 4/);
  }
  // The large size was not measured by the newest runs: the page says so, and where the runs that did are.
  assert.equal(await page.locator('p[data-unmeasured="large"] a[href*="/history"]').count(), 1);
  // The newest run that measured it: results/pg-versions-20261127T113215Z-merged.json, the last with large cells.
  assert.match(await page.textContent('p[data-unmeasured="large"]'), /pg-versions-20261127T113215Z-merged/);
  // The published study's figures (TPS as its outputs print them), and whether our verdicts agree.
  assert.deepEqual(await firstTexts(page, 'table[data-published="small-tpcb"] td[data-figure="tps"]'), [
    '439',
    '390',
    '413',
    '442',
  ]);
  // Round by round, no comparison is decided within ±5%, so none agrees or disagrees with the study's claim.
  assert.deepEqual(await texts(page, 'p[data-agreement]', 'agreement'), ['cannotTell', 'cannotTell', 'cannotTell']);
  // The A/A control of each measure, in each of the groups both runs measured.
  assert.equal(await page.locator('p[data-control][data-measure="time"]').count(), 2);
  // The provenance names the seed of the order of every part of the merged run (the first and the last here).
  const text = await page.textContent('main');
  for (const seed of ['2135975404', '2771552661']) assert.ok(text.includes(seed), `seed ${seed} on the page`);
}

// results/pg17-planner-20261126T035853Z-merged.json: median TPS of PostgreSQL 16, 17 and 18 per case; the ratio of
// the medians beside each speedup; the study's TPS as its outputs print them.
const PLANNER = {
  'cte-sorted-unique': [
    ['10.8', '59.2', '62.4'],
    ['5.463', '5.753'],
    ['6.09', '22.2'],
  ],
  'correlated-in': [
    ['42.3', '642', '652'],
    ['15.19', '15.43'],
    ['19.4', '265'],
  ],
  'group-by-order': [
    ['40.2', '196', '228'],
    ['4.862', '5.674'],
    ['22.9', '51'],
  ],
  'range-contains': [
    ['2,858', '16,340', '16,368'],
    ['5.717', '5.727'],
    ['1,050', '11,172'],
  ],
};

async function plannerFigures(page) {
  for (const [id, [medians, ratios, theirs]] of Object.entries(PLANNER)) {
    assert.deepEqual(await firstTexts(page, `table[data-group="${id}"] td[data-figure="tps"]`), medians, id);
    const shown = await texts(page, `table[data-group="${id}"] td[data-figure="ratio"]`);
    for (const [i, r] of ratios.entries()) assert.ok(shown[i].includes(`×${r}`), `${id}: ${shown[i]}`);
    assert.deepEqual(await texts(page, `table[data-published="${id}"] td[data-figure="tps"]`), theirs, id);
  }
  // The settings a case's session sets are said beside it.
  assert.match(await page.textContent('section[data-group="group-by-order"]'), /enable_hashagg = off/);
  assert.match(
    await page.textContent('section[data-group="cte-sorted-unique"]'),
    /max_parallel_workers_per_gather = 0/,
  );
  // A plan per server and case, each with its execution time.
  assert.equal(await page.locator('[data-plan]').filter({hasText: 'Execution Time'}).count(), 12);
  assert.deepEqual(await texts(page, 'p[data-agreement]', 'agreement'), Array(4).fill('agree'));
}

/** Every result listed, its JSON and CSV served. */
async function runsListed(page) {
  const listed = await texts(page, 'tr[data-run]', 'run');
  assert.deepEqual(
    listed.sort(),
    siteContent()
      .results.map((r) => r.run.id)
      .sort(),
  );
  for (const href of await page.$$eval('a[data-run-file]', (links) => links.map((a) => a.href))) {
    const response = await page.request.get(href);
    assert.equal(response.status(), 200, href);
  }
}

/** Rounding shown on measured values, suites as designed. */
async function methodologyFigures(page, {locale}) {
  const rows = await page.$$eval('tr[data-kind]', (trs) =>
    trs.map((tr) => [tr.dataset.kind, tr.cells[1].textContent, tr.cells[2].textContent]),
  );
  // The first published run with a log pgbench timed throughout (no -r in its measured runs) gives a latency row.
  assert.deepEqual(
    rows.map(([kind]) => kind),
    ['tps', 'ms', 'count'],
  );
  const measured = new Set(
    siteContent().results.flatMap((r) =>
      r.cells
        .filter((c) => c.status === 'ok')
        .flatMap((c) => [c.summary.tps, c.summary.processed, (c.log?.latencyUs?.p99 ?? NaN) / 1000]),
    ),
  );
  for (const [kind, raw, shown] of rows) {
    assert.ok(measured.has(Number(raw)), `${raw} (${kind}) is not a measured value of a published run`);
    // Throughput and counts are above 100 in the published runs: whole numbers; a latency of a few milliseconds
    // keeps three significant digits.
    const expected = kind === 'ms' ? String(Number(Number(raw).toPrecision(3))) : integer(Math.round(Number(raw)));
    assert.equal(shown, expected, `${kind}: ${raw}`);
  }
  // Japanese and Chinese list with 、.
  const listMark = {ja: '、', 'zh-Hans': '、'}[locale] ?? ', ';
  for (const suite of siteContent().suites) {
    for (const sc of suite.scenarios) {
      const row = page.locator(`section[data-suite="${suite.id}"] tr[data-scenario="${sc.id}"]`);
      assert.equal(await row.locator('[data-figure="clients"]').textContent(), sc.clients.map(integer).join(listMark));
      assert.equal(
        await row.locator('[data-figure="scale"]').textContent(),
        sc.scale === null ? '—' : integer(sc.scale),
        `${suite.id}/${sc.id}`,
      );
    }
  }
}

/** The overview names the versions the runs measured. */
async function overviewVersions(page, {base}) {
  assert.match(await page.locator(`article dl a[href="${base}pg-versions/"]`).textContent(), /15–18/);
}

/** No quick run is published: the page says how to make one, and draws nothing. */
async function quickRunFigures(page) {
  assert.equal(await page.locator('[data-suite-run="none"]').count(), 1);
  assert.equal(await page.locator('figure[data-chart]').count(), 0);
}

/** This language's file and commands, and what the check prints. */
async function translatingCheck(page, {locale}) {
  const text = await page.textContent('article');
  assert.ok(text.includes(`i18n/${locale}/benchmarks.json`));
  assert.ok(text.includes(`npm start -- --locale ${locale}`));
  // The check's lines name the example catalog and the real lines of the two keys it broke.
  const example = locale === defaultLocale ? Object.keys(locales).find((l) => l !== defaultLocale) : locale;
  const lines = keyLines(readFileSync(catalogFile(root, example), 'utf8'));
  // One element per line of output (the code block draws each line as its own element).
  const output = (await texts(page, '.check-output .token-line')).filter((l) => l.trim());
  assert.deepEqual(
    output.map((l) => l.split(': ')[0]).sort(),
    [DIGIT_KEY, SAMPLE_KEY].map((k) => `${catalogPath(example)}:${lines.get(k)}`).sort(),
  );
}

/** By page (its doc id): the checks of its figures, on the page as it opened. */
export const PAGE_FIGURES = {
  'pg-versions': [versionsFigures],
  'pg17-planner': [plannerFigures],
  runs: [runsListed],
  methodology: [methodologyFigures],
  index: [overviewVersions],
  'quick-run': [quickRunFigures],
  translating: [translatingCheck],
};
