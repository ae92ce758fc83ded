// Charts are drawn as they come near the viewport once the reader reads on
// (src/components/Chart): what a reader does to see them all.

/** Points, then passes by each chart, and waits until every one has drawn its canvas. */
export async function drawCharts(page) {
  await page.mouse.move(1, 1);
  for (const figure of await page.$$('figure[data-chart]')) await figure.scrollIntoViewIfNeeded();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('figure[data-chart]')].every((f) => f.querySelector('canvas')),
  );
  await page.waitForTimeout(200);
}
