// Looking at a result: a chart (ECharts, SVG) with column pickers, per-column stats with a
// histogram, and sort/filter of the whole result; every number comes from the server over
// RESULT_SCAN (console-internal statements, X-Floe-Internal).
import { expect, test } from '@playwright/test';
import { login, runInEditor } from './helpers';

const SQL = `SELECT seq4() AS n, MOD(seq4() * 37, 101) AS v, 'g' || (seq4() % 3) AS g, DATEADD(day, seq4(), '2024-01-01'::DATE) AS d,
  IFF(seq4() % 4 = 0, NULL, seq4()) AS maybe FROM TABLE(GENERATOR(ROWCOUNT => 300))`;
const cell = (row: number, col: number) => `[role="row"][data-row="${row}"] [role="gridcell"][data-col="${col}"]`;

test('chart: bar, line and scatter of the chosen columns, drawn as SVG from our bundle', async ({ page }) => {
  const internal: string[] = [];
  page.on('request', (r) => { if (r.url().includes('/api/v2/statements') && r.method() === 'POST' && r.headers()['x-floe-internal'] === '1') internal.push(r.postData() ?? ''); });
  await login(page);
  await runInEditor(page, SQL);
  await expect(page.getByTestId('row-count')).toContainText('300');
  await page.getByTestId('view-chart').click();
  const chart = page.getByTestId('chart');
  const caption = page.getByTestId('chart-caption');
  // The first chart: bars of the first number (N) summed per the first other column (G).
  await expect(caption).toHaveText('bar chart of SUM(N) by G');
  await page.getByTestId('chart-y').selectOption({ label: 'V' });
  await expect(caption).toHaveText('bar chart of SUM(V) by G');
  // ECharts' own description of the data, for screen readers.
  await expect(chart.locator('[aria-label^="This is a chart"]')).toHaveCount(1);
  await expect(chart.locator('svg')).toBeVisible();
  await expect(chart.locator('svg text').filter({ hasText: /^g1$/ })).toHaveCount(1);
  expect(internal.some((b) => b.includes('SUM($2)') && b.includes('RESULT_SCAN'))).toBe(true);

  await page.getByTestId('chart-kind').selectOption('line');
  await page.getByTestId('chart-x').selectOption({ label: 'D' });
  await page.getByTestId('chart-agg').selectOption('none');
  await expect(caption).toHaveText('line chart of V by D');
  await expect(chart.locator('svg text').filter({ hasText: '2024-01-01' })).toHaveCount(1);
  await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(0);

  await page.getByTestId('chart-kind').selectOption('scatter');
  await page.getByTestId('chart-x').selectOption({ label: 'N' });
  await page.getByTestId('chart-series').selectOption({ label: 'G' });
  await expect(caption).toHaveText('scatter chart of V by N, one series per G');
  // A legend entry per series.
  for (const g of ['g0', 'g1', 'g2']) await expect(chart.locator('svg text').filter({ hasText: new RegExp(`^${g}$`) })).toHaveCount(1);
  // Back to the grid: the result is still there.
  await page.getByTestId('view-grid').click();
  await expect(page.locator(cell(0, 2))).toHaveText('g0');
});

test('stats: nulls, distinct, min, max per column and a histogram of the chosen one', async ({ page }) => {
  await login(page);
  await runInEditor(page, SQL);
  await expect(page.getByTestId('row-count')).toContainText('300');
  await page.getByTestId('view-stats').click();
  const rows = page.getByTestId('stats-row');
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(0).getByTestId('stats-distinct')).toHaveText('300');
  await expect(rows.nth(0).getByTestId('stats-max')).toHaveText('299');
  await expect(rows.nth(2).getByTestId('stats-distinct')).toHaveText('3');
  await expect(rows.nth(3).getByTestId('stats-min')).toHaveText('2024-01-01');
  await expect(rows.nth(4).getByTestId('stats-nulls')).toHaveText('75');
  // N's histogram: ten buckets of 30 rows.
  await expect(page.getByTestId('histogram-bar')).toHaveCount(10);
  await expect(page.getByTestId('histogram-bar').first()).toContainText('0 – 29');
  await expect(page.getByTestId('histogram-bar').first()).toContainText('30');
  // G's: its most frequent values.
  await rows.nth(2).getByRole('button', { name: 'G' }).click();
  await expect(page.getByTestId('histogram-bar')).toHaveCount(3);
  await expect(page.getByTestId('histogram')).toContainText('most frequent values');
});

test('sort and filter: the server sorts and filters the whole result, shown in the same grid', async ({ page }) => {
  await login(page);
  await runInEditor(page, SQL);
  await expect(page.getByTestId('row-count')).toContainText('300');
  await page.getByTestId('filter-column').selectOption({ label: 'G' });
  await page.getByTestId('filter-op').selectOption('=');
  await page.getByTestId('filter-value').fill('g1');
  await page.getByTestId('sort-column').selectOption({ label: 'V' });
  await page.getByTestId('sort-direction').selectOption('desc');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('row-count')).toContainText('100');
  await expect(page.locator(cell(0, 2))).toHaveText('g1');
  const top = Number(await page.locator(cell(0, 1)).innerText());
  const next = Number(await page.locator(cell(1, 1)).innerText());
  expect(top).toBeGreaterThanOrEqual(next);
  expect(top).toBe(100);
  // Stats follow the filtered result.
  await page.getByTestId('view-stats').click();
  await expect(page.getByTestId('stats-row').nth(2).getByTestId('stats-distinct')).toHaveText('1');
  await page.getByTestId('view-grid').click();
  // Contains, over any column's text; Clear shows the whole result again.
  await page.getByTestId('filter-column').selectOption({ label: 'D' });
  await page.getByTestId('filter-op').selectOption('contains');
  await page.getByTestId('filter-value').fill('2024-02-2');
  await page.getByTestId('sort-column').selectOption({ label: '(result order)' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('row-count')).toContainText('10');
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByTestId('row-count')).toContainText('300');
  // A value the column cannot take: the server's error, shown.
  await page.getByTestId('filter-column').selectOption({ label: 'N' });
  await page.getByTestId('filter-op').selectOption('>');
  await page.getByTestId('filter-value').fill('abc');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('explore-error')).toContainText('100038');
});
