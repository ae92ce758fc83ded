// Charts are drawn as they come near the viewport once the reader reads on
// (src/components/Chart): what a reader does to see them all, opening each tab
// (src/components/GroupTabs) whose charts are hidden.

/** Points, then passes by each chart (opening its tab first), and waits until every one has drawn its canvas. */
export async function drawCharts(page) {
  await page.mouse.move(1, 1);
  const first = await page.$('[role="tab"][aria-selected="true"]');
  for (const figure of await page.$$('figure[data-chart]')) {
    const tab = await figure.evaluate((f) => f.closest('[data-tab-panel][hidden]')?.dataset.tabPanel ?? null);
    if (tab) await page.click(`[data-tab="${tab}"]`);
    await figure.scrollIntoViewIfNeeded();
  }
  await page.waitForFunction(() =>
    [...document.querySelectorAll('figure[data-chart]')].every((f) => f.querySelector('canvas')),
  );
  // Back to the tab the page opened with.
  if (first) await first.click();
  await page.waitForTimeout(200);
}
