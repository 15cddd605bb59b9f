import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { api, login, runInEditor, shots } from './helpers';

/** The page's JS heap after a full garbage collection, in MB (Chromium DevTools protocol). */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? NaN) / 2 ** 20;
}

const cell = (page: Page, row: number, col: number) => page.getByTestId('data-table').locator(`[data-row="${row}"] [data-col="${col}"]`);

test('dates, times, timestamps, binary and VARIANT read as Snowflake shows them: in the grid, Copy as TSV and the CSV export', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  await runInEditor(page, `SELECT '2024-02-29'::DATE AS D, '13:45:07.123'::TIME AS T, '2024-02-29 13:45:07.123'::TIMESTAMP_NTZ AS NTZ,
    '2024-02-29 13:45:07.123 +02:00'::TIMESTAMP_TZ AS TZ, TO_BINARY('SNOW', 'UTF-8') AS B, PARSE_JSON('{"k":[1,2]}') AS V, 1.50::NUMBER(5,2) AS N`);
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  const shown = ['2024-02-29', '13:45:07', '2024-02-29 13:45:07.123', '2024-02-29 13:45:07.123 +0200', '534E4F57', '{"k":[1,2]}', '1.50'];
  for (const [i, text] of shown.entries()) await expect(cell(page, 0, i)).toContainText(text);
  await page.screenshot({ path: shots('grid-values') });

  // The keyboard selects the whole row: click the first cell, Shift+End, Ctrl+C.
  await cell(page, 0, 0).click();
  await page.keyboard.press('Shift+End');
  await expect(page.getByTestId('data-table').locator('[aria-selected="true"]')).toHaveCount(shown.length);
  await page.keyboard.press('Control+c');
  await expect(page.getByTestId('copied')).toContainText(`copied ${shown.length} cells`);
  // TSV quotes a field holding a quote, as spreadsheets read it back.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.map((v) => (v.includes('"') ? `"${v.replace(/"/g, '""')}"` : v)).join('\t'));

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(await fs.readFile((await csv.path())!, 'utf8')).toBe(`D,T,NTZ,TZ,B,V,N\r\n${shown.slice(0, 5).join(',')},"{""k"":[1,2]}",1.50\r\n`);

  // A column is resized by dragging its header's edge; header and cells stay one width.
  const grid = page.getByTestId('data-table');
  await grid.evaluate((el) => { el.scrollLeft = 0; }); // Shift+End scrolled to the last column
  const head = grid.getByRole('columnheader').nth(0);
  const before = (await head.boundingBox())!.width;
  const edge = (await grid.getByTestId('column-resize').first().boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + 120, edge.y + edge.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await head.boundingBox())!.width).toBeGreaterThan(before + 100);
  const after = (await head.boundingBox())!.width;
  expect(Math.abs((await cell(page, 0, 0).boundingBox())!.width - after)).toBeLessThan(2);
  // Row numbers stay in view when the grid scrolls sideways (a narrow window: the columns overflow it).
  await page.setViewportSize({ width: 760, height: 720 });
  await grid.evaluate((el) => { el.scrollLeft = 500; });
  await expect.poll(async () => Math.abs((await grid.locator('[data-row="0"] .dt-rownum').boundingBox())!.x - (await grid.boundingBox())!.x)).toBeLessThan(3);
  await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
});

test('rows scrolled into reused row elements: a drag selects them, the copy and the panel are of the rows shown', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  await runInEditor(page, "SELECT SEQ4() AS N, 'row-' || SEQ4() AS S FROM TABLE(GENERATOR(ROWCOUNT => 500)) ORDER BY N");
  await expect(page.getByTestId('row-count')).toHaveText('500 rows');
  const grid = page.getByTestId('data-table');
  // Far down: the rows shown now are in elements that showed the first rows, and no element still claims those.
  await grid.evaluate((el) => { el.scrollTop = 300 * 28; });
  await expect(cell(page, 300, 1)).toHaveText('row-300');
  await expect(grid.locator('[data-row="0"]')).toHaveCount(0);
  const from = (await cell(page, 301, 0).boundingBox())!;
  const to = (await cell(page, 303, 1).boundingBox())!;
  await page.mouse.move(from.x + 5, from.y + 5);
  await page.mouse.down();
  await page.mouse.move(to.x + 5, to.y + 5, { steps: 4 });
  await page.mouse.up();
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(6);
  await page.keyboard.press('Control+c');
  await expect(page.getByTestId('copied')).toContainText('copied 6 cells');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('301\trow-301\n302\trow-302\n303\trow-303');
  // Back to the top and down again: the selection goes with the rows, whichever elements show them.
  await grid.evaluate((el) => { el.scrollTop = 0; });
  await expect(cell(page, 0, 1)).toHaveText('row-0');
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(0);
  await grid.evaluate((el) => { el.scrollTop = 300 * 28; });
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(6);
  await expect(cell(page, 303, 1)).toHaveText('row-303');
  await cell(page, 302, 1).dblclick();
  await expect(page.getByTestId('cell-value')).toHaveText('row-302');
});

test('an empty result says so', async ({ page }) => {
  await login(page);
  await runInEditor(page, 'SELECT 1 AS N WHERE 1 = 0');
  await expect(page.getByTestId('row-count')).toHaveText('0 rows');
  await expect(page.getByTestId('empty-result')).toBeVisible();
  await expect(page.getByTestId('partition-count')).toHaveCount(0);
});

test('a 1M-row result: first rows, Ctrl+End to the last row, keyboard selection, bounded heap; its share page too', async ({ page, context }) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_GRID');
  await api(page, `CREATE OR REPLACE TABLE E2E_GRID.PUBLIC.BIG AS SELECT SEQ4() AS N, 'row-' || SEQ4() AS S,
    DATEADD(day, SEQ4() % 1000, '2020-01-01'::DATE) AS D FROM TABLE(GENERATOR(ROWCOUNT => 1000000))`);
  await login(page);
  await runInEditor(page, 'SELECT * FROM E2E_GRID.PUBLIC.BIG ORDER BY N');
  await expect(page.getByTestId('row-count')).toHaveText('1,000,000 rows', { timeout: 180_000 });
  await expect(cell(page, 0, 1)).toHaveText('row-0');
  await expect(cell(page, 1, 2)).toHaveText('2020-01-02');
  const first = await heapMb(page);

  await cell(page, 0, 0).click();
  await page.keyboard.press('Control+End');
  await expect(cell(page, 999_999, 1)).toHaveText('row-999999', { timeout: 60_000 });
  await expect(cell(page, 999_999, 2)).toHaveClass(/dt-focus/);
  await expect(cell(page, 999_999, 2)).toBeInViewport();
  await page.keyboard.press('Shift+ArrowUp');
  await page.keyboard.press('Shift+Home');
  await page.keyboard.press('Control+c');
  await expect(page.getByTestId('copied')).toContainText('copied 6 cells');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('999998\trow-999998\t2022-09-25\n999999\trow-999999\t2022-09-26');
  await page.keyboard.press('Control+Home');
  await expect(cell(page, 0, 1)).toHaveText('row-0', { timeout: 60_000 });
  const last = await heapMb(page);
  console.log(`1M-row grid heap: ${first.toFixed(0)} MB after first rows, ${last.toFixed(0)} MB after the end and back`);
  expect(first).toBeLessThan(300);
  expect(last).toBeLessThan(300);
  await page.screenshot({ path: shots('grid-1m') });

  // The share page of the same statement renders the same grid.
  const handle = (await page.getByTestId('handle').first().textContent())!.trim();
  await page.goto(`/statements/${handle}`);
  await expect(page.getByTestId('row-count')).toHaveText('1,000,000 rows', { timeout: 60_000 });
  await expect(cell(page, 0, 1)).toHaveText('row-0');
  await cell(page, 0, 0).click();
  await page.keyboard.press('Control+End');
  await expect(cell(page, 999_999, 1)).toHaveText('row-999999', { timeout: 60_000 });
  expect(await heapMb(page)).toBeLessThan(300);
  await page.screenshot({ path: shots('grid-1m-share') });
});

test('a column is resized from the keyboard: Alt+Right widens, Alt+Left narrows the focused cell\'s column', async ({ page }) => {
  await login(page);
  await runInEditor(page, "SELECT 'a' AS FIRST, 'b' AS SECOND, 'c' AS THIRD");
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  const grid = page.getByTestId('data-table');
  await expect(page.getByTestId('selection-bar')).toContainText('Alt+Left/Right: column width');
  const width = async (i: number) => (await grid.getByRole('columnheader').nth(i).boundingBox())!.width;
  const [first, second] = [await width(0), await width(1)];
  // The keyboard only: focus the grid, the first arrow focuses the first cell, Right moves to SECOND.
  await grid.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(cell(page, 0, 1)).toHaveClass(/dt-focus/);
  for (let i = 0; i < 3; i++) await page.keyboard.press('Alt+ArrowRight');
  await expect.poll(() => width(1)).toBeCloseTo(second + 48, 0);
  await expect(page.getByTestId('resized')).toHaveText(' · column SECOND is ' + (second + 48) + ' px wide');
  // The focus stayed on the cell (Alt+arrows do not move it), other columns kept their width, cells follow the header.
  await expect(cell(page, 0, 1)).toHaveClass(/dt-focus/);
  expect(await width(0)).toBe(first);
  expect(Math.abs((await cell(page, 0, 1).boundingBox())!.width - (await width(1)))).toBeLessThan(2);
  await page.keyboard.press('Alt+ArrowLeft');
  await expect.poll(() => width(1)).toBeCloseTo(second + 32, 0);
  // Never narrower than the minimum.
  for (let i = 0; i < 30; i++) await page.keyboard.press('Alt+ArrowLeft');
  await expect.poll(() => width(1)).toBeCloseTo(48, 0);
});
