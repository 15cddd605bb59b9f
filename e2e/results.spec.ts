import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { api, login, runInEditor, shots } from './helpers';

test('grid: NULL distinct, numbers right-aligned, types in headers, JSON in a side panel, cells copied as TSV', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  await runInEditor(page, `SELECT 1 AS N, 'a' AS S, PARSE_JSON('{"k":[1,2],"s":"x"}') AS J, NULL AS Z UNION ALL SELECT 22, 'b\tc', NULL, NULL ORDER BY 1`);
  const grid = page.getByTestId('data-table');
  await expect(page.getByTestId('row-count')).toHaveText('2 rows');
  await expect(grid.getByRole('columnheader').nth(0)).toContainText('NUMBER');
  await expect(grid.getByRole('columnheader').nth(2)).toContainText('VARIANT');
  const n = grid.locator('[data-row="1"] [data-col="0"]');
  await expect(n).toHaveText('22');
  expect(await n.evaluate((el) => getComputedStyle(el).textAlign)).toBe('right');
  expect(await grid.locator('[data-row="0"] [data-col="1"]').evaluate((el) => getComputedStyle(el).textAlign)).not.toBe('right');
  const nul = grid.locator('[data-row="0"] [data-col="3"] .dt-null');
  await expect(nul).toHaveText('NULL');
  expect(await nul.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');

  await grid.locator('[data-row="0"] [data-col="2"]').getByRole('button', { name: 'Expand cell' }).click();
  await expect(page.getByTestId('cell-value')).toHaveText(JSON.stringify({ k: [1, 2], s: 'x' }, null, 2));
  await page.screenshot({ path: shots('cell-panel') });
  await page.getByRole('button', { name: 'Close panel' }).click();

  await grid.locator('[data-row="0"] [data-col="0"]').click();
  await grid.locator('[data-row="1"] [data-col="1"]').click({ modifiers: ['Shift'] });
  await expect(grid.locator('[aria-selected="true"]')).toHaveCount(4);
  await page.keyboard.press('Control+c');
  await expect(page.getByTestId('copied')).toContainText('4 cells');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('1\ta\n22\t"b\tc"');
});

test('export: CSV and JSON downloads of a multi-partition result equal the API data (JSON typed)', async ({ page }) => {
  test.setTimeout(120_000);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_EXP');
  await api(page, 'CREATE OR REPLACE TABLE E2E_EXP.PUBLIC.D (N INT)');
  await api(page, `INSERT INTO E2E_EXP.PUBLIC.D VALUES ${Array.from({ length: 1000 }, (_, i) => `(${i})`).join(',')}`);
  await login(page);
  await runInEditor(page, "SELECT a.N * 1000 + b.N AS N, 'r,' || b.N AS S FROM E2E_EXP.PUBLIC.D a, E2E_EXP.PUBLIC.D b WHERE a.N < 30 ORDER BY 1");
  await expect(page.getByTestId('row-count')).toHaveText('30,000 rows', { timeout: 60_000 });
  await expect(page.getByTestId('partition-count')).not.toHaveText('1 partition');
  const handle = (await page.getByTestId('handle').first().textContent())!.trim();

  // The API's rows, partition by partition.
  const auth = { authorization: `Bearer ${process.env.FLOE_ADMIN_TOKEN}`, accept: 'application/json' };
  const first = await (await page.request.get(`/api/v2/statements/${handle}`, { headers: auth })).json();
  const rows: (string | null)[][] = [...first.data];
  for (let k = 1; k < first.resultSetMetaData.partitionInfo.length; k++) {
    rows.push(...(await (await page.request.get(`/api/v2/statements/${handle}?partition=${k}`, { headers: auth })).json()).data);
  }

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
  expect(csv.suggestedFilename()).toBe(`floe-${handle}.csv`);
  const csvText = await fs.readFile((await csv.path())!, 'utf8');
  const expected = ['N,S', ...rows.map(([a, b]) => `${a},"${b}"`)].join('\r\n') + '\r\n';
  expect(csvText === expected).toBe(true);

  const [js] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-json').click()]);
  const parsed = JSON.parse(await fs.readFile((await js.path())!, 'utf8')) as { N: number; S: string }[];
  expect(parsed.length).toBe(rows.length);
  expect(parsed[29_999]).toEqual({ N: Number(rows[29_999][0]), S: rows[29_999][1] }); // typed: NUMBER as a JSON number
  await page.screenshot({ path: shots('export') });
});
