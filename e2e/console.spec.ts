import { expect, test } from '@playwright/test';
import { api, login, runInEditor, shots, watchOrigins } from './helpers';

test('wrong password is refused; console pages need a session', async ({ page }) => {
  await page.goto('/history');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Password').fill('nope');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Incorrect user name or password.')).toBeVisible();
  await page.screenshot({ path: shots('login') });
});

test('run a query and see the typed grid; Monaco loads from our own bundle', async ({ page }) => {
  const outside = watchOrigins(page);
  await login(page);
  await runInEditor(page, "SELECT 1 AS N, 2.5::NUMBER(5,2) AS D, 'x' AS S, NULL AS Z");
  const grid = page.getByTestId('data-table');
  await expect(grid.getByRole('columnheader').nth(0)).toContainText('N');
  await expect(grid.getByRole('columnheader').nth(1)).toContainText('NUMBER(5,2)');
  await expect(grid.locator('.dt-null')).toHaveText('NULL');
  await expect(grid.locator('[data-row="0"] .dt-right').first()).toHaveText('1');
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  await page.screenshot({ path: shots('worksheet') });
  await runInEditor(page, 'SELECT * FROM NO_SUCH_TABLE');
  await expect(page.getByTestId('statement-error')).toContainText(/\d{6}/);
  expect(outside).toEqual([]);
});

test('a 200k-row result scrolls to its end while partitions load', async ({ page }) => {
  test.setTimeout(180_000);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_BIG');
  await api(page, 'CREATE OR REPLACE TABLE E2E_BIG.PUBLIC.D (N INT)');
  await api(page, `INSERT INTO E2E_BIG.PUBLIC.D VALUES ${Array.from({ length: 1000 }, (_, i) => `(${i})`).join(',')}`);
  const partitionGets: string[] = [];
  page.on('request', (r) => { if (/partition=\d+/.test(r.url())) partitionGets.push(r.url()); });
  await login(page);
  await runInEditor(page, "SELECT a.N * 1000 + b.N AS N, 'row-' || (a.N * 1000 + b.N) AS S FROM E2E_BIG.PUBLIC.D a, E2E_BIG.PUBLIC.D b WHERE a.N < 200 ORDER BY 1");
  await expect(page.getByTestId('row-count')).toHaveText('200,000 rows', { timeout: 120_000 });
  await expect(page.getByTestId('partition-count')).not.toHaveText('1 partition');
  expect(partitionGets).toEqual([]); // partition 0 came with the answer; nothing else before scrolling
  const grid = page.getByTestId('data-table');
  await grid.evaluate((el) => { el.scrollTop = el.scrollHeight / 2; });
  await expect(grid.locator('[role=row][data-row]').filter({ hasText: /row-\d+/ }).first()).toBeVisible();
  await grid.evaluate((el) => { el.scrollTop = el.scrollHeight; });
  await expect(grid.locator('[data-row="199999"]')).toContainText('row-199999', { timeout: 30_000 });
  expect(partitionGets.length).toBeGreaterThan(0);
  await page.screenshot({ path: shots('big-result') });
});

test('cancel a running statement from history, then open its share link', async ({ page }) => {
  await login(page);
  await runInEditor(page, 'SELECT SYSTEM$WAIT(60)');
  await expect(page.getByTestId('running')).toBeVisible();
  await expect(page.getByTestId('elapsed')).toBeVisible();
  await page.getByRole('link', { name: 'History' }).click();
  const row = page.locator('tr', { hasText: 'SYSTEM$WAIT(60)' }).first();
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.screenshot({ path: shots('history-running') });
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).not.toHaveAttribute('data-status', 'RUNNING', { timeout: 15_000 });
  await expect(row.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.screenshot({ path: shots('history') });

  // share link of a finished statement
  await page.getByRole('link', { name: 'Worksheet', exact: true }).click();
  await runInEditor(page, "SELECT 42 AS ANSWER");
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  const handle = (await page.getByTestId('handle').first().textContent())!.trim();
  await page.goto(`/statements/${handle}`);
  await expect(page.getByTestId('statement-sql')).toContainText('SELECT 42');
  await expect(page.getByTestId('data-table')).toContainText('42');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  await page.screenshot({ path: shots('statement') });
  await page.goto('/statements/01234567-89ab-cdef-0123-456789abcdef');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('logout ends the session and revokes its token', async ({ page }) => {
  await login(page);
  const token = await page.evaluate(async () => ((await (await fetch('/api/auth/session')).json()) as { floe?: { accessToken: string } }).floe?.accessToken);
  expect(token).toMatch(/^floe_oauth_/);
  const call = () => page.request.post('/api/v2/statements', {
    headers: { authorization: `Bearer ${token}`, 'x-snowflake-authorization-token-type': 'OAUTH', 'content-type': 'application/json', accept: 'application/json' },
    data: { statement: 'SELECT 1' },
  });
  expect((await call()).status()).toBe(200);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  expect((await call()).status()).toBe(401);
});
