// The figures of every page, in every locale: each one shown equals the data's,
// computed here from the result, suite and catalog files with the site's own
// summary and formatter (the checks keep no numbers); the data files are
// served. Checked by the page tour (every-page.test.mjs) on each page it opens,
// which also checks that every chart draws.
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {defaultLocale, locales} from '../../lib/locales.mjs';
import {targetMedians} from '../helpers/target-medians.mjs';
import {formatFigure} from '../../lib/numbers/format.mjs';
import {byTargetOrder} from '../../lib/model/targets.mjs';
import {newestRun} from '../../lib/pages/site-data.mjs';
import {DIGIT_KEY, SAMPLE_KEY} from '../../lib/pages/translating-page.mjs';
import {keyLines} from '../../lib/i18n/json-lines.mjs';
import {catalogFile, catalogPath} from '../../lib/i18n/catalogs.mjs';
import {assertQuickRunMedians, root, siteContent, sitePages} from './site.mjs';

const {results, suites} = siteContent();
const published = [
  newestRun(results, 'pg-versions', {required: true}),
  newestRun(results, 'pg17-planner', {required: true}),
];

/** A locale's catalog, as the translators wrote it. */
const catalog = (locale) => JSON.parse(readFileSync(catalogFile(root, locale), 'utf8'));

/** The first text of each matching cell (the median; the spread follows in a span). */
const medians = (page, selector) => page.$$eval(selector, (cells) => cells.map((c) => c.firstChild.textContent));

/** Medians of the newest pg-versions run, the study beside them. */
async function versionsFigures(page, {locale}) {
  const run = newestRun(results, 'pg-versions', {required: true});
  const controls = new Set(run.environment.targets.filter((t) => t.controlOf).map((t) => t.id));
  const groupIds = [...new Set(run.cells.map((c) => `${c.scenario}-${c.workload}`))];
  const untimedGroups = [];
  for (const id of groupIds) {
    const cells = run.cells.filter((c) => `${c.scenario}-${c.workload}` === id && !controls.has(c.target));
    // Oldest version first, whatever order the shuffled rounds met them in.
    const summary = (pick, kind) =>
      targetMedians(cells, pick, byTargetOrder(run)).map((g) => formatFigure(g.median, kind, locale));
    const tps = summary((c) => c.summary.tps, 'tps');
    // A run with -r (pgbench times some transactions with a stale clock) gives no latencies, nor does a log
    // holding a 0 µs transaction: no p99 column.
    const untimedRun = (c) => / -r /.test(c.command) || c.log.latencyUs.min === 0;
    const timedLogs = !cells.some(untimedRun);
    const p99 = timedLogs ? summary((c) => c.log.latencyUs.p99 / 1000, 'ms') : [];
    assert.deepEqual(await medians(page, `table[data-group="${id}"] td[data-figure="tps"]`), tps);
    assert.deepEqual(await medians(page, `table[data-group="${id}"] td[data-figure="p99"]`), p99);
    // ... and says why under its table, counting the runs (the A/A control's among them).
    const all = run.cells.filter((c) => `${c.scenario}-${c.workload}` === id);
    const untimedRuns = all.filter(untimedRun).length;
    const caption = await page.$eval(
      `table[data-group="${id}"]`,
      (t) => document.getElementById(t.getAttribute('aria-describedby')).textContent,
    );
    const count = (n) => formatFigure(n, 'integer', locale);
    if (untimedRuns > 0) untimedGroups.push(id);
    // A group whose runs slowed (or sped up) by more than a tenth from their first 10 s to their last says so.
    const mean = (v) => v.reduce((a, b) => a + b, 0) / v.length;
    const ratios = all
      .map((c) => c.summary.progress.map((x) => x.tps))
      .map((tps) => mean(tps.slice(-10)) / mean(tps.slice(0, 10)))
      .sort((a, b) => a - b);
    const mid = ratios.length / 2;
    const ratio = ratios.length % 2 ? ratios[Math.floor(mid)] : (ratios[mid - 1] + ratios[mid]) / 2;
    const drift = await page.$$eval(`section[data-group="${id}"] p[data-drift]`, (ps) => ps.map((x) => x.textContent));
    assert.deepEqual(
      drift.map((text) => text.includes(formatFigure(ratio, 'share', locale))),
      Math.abs(ratio - 1) > 0.1 ? [true] : [],
      `${id}: ${ratio}`,
    );
    // Counted when some are untimed; when all are, said of them all, in the catalog's words.
    const said =
      untimedRuns === all.length
        ? caption.includes(catalog(locale).common.table.untimedAll)
        : caption.includes(count(untimedRuns)) && caption.includes(count(all.length));
    assert.equal(untimedRuns > 0 && said, untimedRuns > 0, `${id}: ${caption}`);
  }
  // Each version's verdict against the first, as the site's own code decides it, and its sentence.
  const data = sitePages(locale)['pg-versions'];
  const verdicts = await page.$$eval('table[data-group] td[data-verdict]', (cells) =>
    cells.map((c) => c.dataset.verdict),
  );
  assert.deepEqual(
    verdicts,
    data.groups.flatMap((s) => s.rows.slice(1).flatMap((r) => (r.comparison ? [r.comparison.verdict] : []))),
  );
  const findings = await page.$$eval('p[data-findings]', (ps) => ps.map((p) => p.textContent));
  // A group the timed run did not measure (counted in instructions only) has no statement of its own.
  const timed = data.groups.filter((g) => g.rows.length > 0);
  assert.equal(findings.length, timed.length);
  for (const [i, s] of timed.entries()) {
    // One statement for every version against the first (the table beside it gives each): it names the
    // baseline and counts the comparisons.
    assert.ok(findings[i].includes(s.rows[0].name), findings[i]);
    assert.ok(findings[i].includes(` ${formatFigure(s.rows.length - 1, 'integer', locale)}`), findings[i]);
  }
  // The published study: its figures as printed, and one sentence per group on whether we agree.
  const {studies} = siteContent();
  const study = studies.find((x) => x.suite === 'pg-versions');
  for (const group of study.groups) {
    const id = `${group.scenario}-${group.workload}`;
    if (!groupIds.includes(id)) continue;
    assert.deepEqual(
      await medians(page, `table[data-published="${id}"] td[data-figure="tps"]`),
      group.figures.map((f) => formatFigure(f.tps, 'tps', locale)),
    );
  }
  const agreements = await page.$$eval('p[data-agreement]', (ps) => ps.map((p) => p.dataset.agreement));
  assert.deepEqual(
    agreements,
    data.groups.filter((g) => g.agreement).map((g) => g.agreement.outcome),
  );
  assert.equal(
    await page.locator('p[data-control][data-measure="time"]').count(),
    data.groups.filter((g) => g.control).length,
  );
  // Three timed charts per timed group (no latency chart where no run timed every transaction), and one of
  // instructions where an instructions run covers it.
  assert.equal(
    await page.locator('figure[data-chart]').count(),
    3 * timed.length - untimedGroups.length + data.groups.filter((g) => g.instructions).length,
  );
  // The provenance names the seed of the order, of every part in a merged run.
  const text = await page.textContent('main');
  for (const {seed} of (run.run.design?.parts ?? [run.run.design]).filter(Boolean)) {
    assert.ok(text.includes(String(seed)), `seed ${seed} on the page`);
  }
}

/** Medians, speedups and plans of the newest planner run. */
async function plannerFigures(page, {locale}) {
  const run = newestRun(results, 'pg17-planner', {required: true});
  // Every non-default setting a case's session uses is in its prose.
  const settings = await page.$$eval('[data-session]', (ps) => ps.map((p) => p.textContent));
  const sessions = [...new Set(run.cells.map((c) => c.workload))]
    .map((w) => run.cells.find((c) => c.workload === w).parameters.session)
    .filter((s) => Object.keys(s).length > 0);
  assert.equal(settings.length, sessions.length);
  sessions.forEach((s, i) => {
    for (const [k, v] of Object.entries(s)) assert.ok(settings[i].includes(`${k} = ${v}`), settings[i]);
  });
  const controls = new Set(run.environment.targets.filter((t) => t.controlOf).map((t) => t.id));
  for (const workload of new Set(run.cells.map((c) => c.workload))) {
    const groups = targetMedians(
      run.cells.filter((c) => c.workload === workload && !controls.has(c.target)),
      (c) => c.summary.tps,
      byTargetOrder(run),
    );
    assert.deepEqual(
      await medians(page, `table[data-case="${workload}"] td[data-figure="tps"]`),
      groups.map((g) => formatFigure(g.median, 'tps', locale)),
    );
    const ratios = await page.$$eval(`table[data-case="${workload}"] td[data-figure="ratio"]`, (cells) =>
      cells.map((c) => c.textContent),
    );
    // The speedup is the Hodges-Lehmann estimate; the ratio of the medians stands beside it.
    for (const [i, g] of groups.slice(1).entries()) {
      const ratio = formatFigure(g.median / groups[0].median, 'medianRatio', locale);
      assert.ok(ratios[i].includes(ratio), `${workload}: ${ratios[i]}`);
    }
    assert.equal((await page.locator(`[data-plan]`).filter({hasText: 'Execution Time'}).count()) >= 3, true);
  }
  // The study's figures, parsed from the pgbench outputs it printed, and whether our verdict agrees.
  const study = siteContent().studies.find((x) => x.suite === 'pg17-planner');
  const data = sitePages(locale)['pg17-planner'];
  for (const c of data.cases) {
    const theirs = study.result.cells.filter((x) => x.workload === c.id);
    assert.deepEqual(
      await page.$$eval(`table[data-published="${c.id}"] td[data-figure="tps"]`, (tds) =>
        tds.map((td) => td.textContent),
      ),
      theirs.map((x) => formatFigure(x.summary.tps, 'tps', locale)),
    );
  }
  assert.deepEqual(
    await page.$$eval('p[data-agreement]', (ps) => ps.map((p) => p.dataset.agreement)),
    data.cases.filter((c) => c.agreement).map((c) => c.agreement.outcome),
  );
}

/** Every result listed, its JSON and CSV served. */
async function runsListed(page) {
  const listed = await page.$$eval('tr[data-run]', (rows) => rows.map((r) => r.dataset.run));
  assert.deepEqual(listed.sort(), results.map((r) => r.run.id).sort());
  for (const href of await page.$$eval('a[data-run-file]', (links) => links.map((a) => a.href))) {
    const response = await page.request.get(href);
    assert.equal(response.status(), 200, href);
  }
}

/** Rounding shown on measured values, suites as designed. */
async function methodologyFigures(page, {locale}) {
  // Every value the rounding table says was measured is in a published run, and is shown as the formatter writes it.
  const measured = new Set(
    published.flatMap((r) =>
      r.cells
        .filter((c) => c.status === 'ok')
        .flatMap((c) => [c.summary.tps, c.summary.processed, c.log?.latencyUs.p99 / 1000]),
    ),
  );
  const rows = await page.$$eval('tr[data-kind]', (trs) =>
    trs.map((tr) => [tr.dataset.kind, tr.cells[1].textContent, tr.cells[2].textContent]),
  );
  // TPS and count always; a latency only where a published run has a log pgbench timed throughout (no -r).
  const timedLog = published.some((r) =>
    r.cells.some((c) => c.status === 'ok' && c.log && !/ -r /.test(c.command) && c.log.latencyUs.min > 0),
  );
  assert.deepEqual(
    rows.map(([kind]) => kind),
    timedLog ? ['tps', 'ms', 'count'] : ['tps', 'count'],
  );
  for (const [kind, raw, shown] of rows) {
    assert.ok(measured.has(Number(raw)), `${raw} (${kind}) is not a measured value of a published run`);
    assert.equal(shown, formatFigure(Number(raw), kind, locale), `${kind}: ${raw}`);
  }
  for (const suite of suites) {
    for (const sc of suite.scenarios) {
      const row = page.locator(`section[data-suite="${suite.id}"] tr[data-scenario="${sc.id}"]`);
      assert.equal(
        await row.locator('[data-figure="clients"]').textContent(),
        sc.clients.map((n) => formatFigure(n, 'integer', locale)).join(', '),
        `${suite.id}/${sc.id}`,
      );
      assert.equal(
        await row.locator('[data-figure="scale"]').textContent(),
        sc.scale === null ? '—' : formatFigure(sc.scale, 'integer', locale),
        `${suite.id}/${sc.id}`,
      );
    }
  }
}

/** The overview names the versions the runs measured. */
async function overviewVersions(page, {base}) {
  const versions = newestRun(results, 'pg-versions', {required: true})
    .environment.targets.map((t) => Number(/\d+/.exec(t.serverVersion)[0]))
    .sort((a, b) => a - b);
  assert.match(
    await page.locator(`article dl a[href="${base}pg-versions/"]`).textContent(),
    new RegExp(`${versions[0]}–${versions.at(-1)}`),
  );
}

/** The newest quick run, or how to make one. */
async function quickRunFigures(page, {locale}) {
  const run = newestRun(results, 'quick');
  if (run === null) {
    assert.equal(await page.locator('[data-quick-run="none"]').count(), 1);
    assert.equal(await page.locator('figure[data-chart]').count(), 0);
  } else {
    await assertQuickRunMedians(page, run, locale);
  }
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
  const output = (await page.$$eval('.check-output .token-line', (els) => els.map((e) => e.textContent))).filter((l) =>
    l.trim(),
  );
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
