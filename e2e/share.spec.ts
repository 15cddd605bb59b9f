import { expect, test, type Browser } from '@playwright/test';
import { api, login, newWorksheet, runInEditor, shots } from './helpers';

const PASSWORD = 'Share-pw-42';

/** A signed-in page of another user, in its own browser context (own cookies). */
async function asUser(browser: Browser, user: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, user, PASSWORD);
  return { page, close: () => context.close() };
}

test('a share link opens for a second user holding the statement role and is "not found" for one without it', async ({ page, context, browser }) => {
  test.setTimeout(120_000);
  await api(page, 'CREATE ROLE IF NOT EXISTS E2E_SHARE_R');
  await api(page, 'GRANT USAGE ON WAREHOUSE COMPUTE_WH TO ROLE E2E_SHARE_R');
  await api(page, 'GRANT ROLE E2E_SHARE_R TO USER ADMIN');
  await api(page, `CREATE USER IF NOT EXISTS E2E_HOLDER PASSWORD = '${PASSWORD}' DEFAULT_ROLE = E2E_SHARE_R`);
  await api(page, 'GRANT ROLE E2E_SHARE_R TO USER E2E_HOLDER');
  await api(page, `CREATE USER IF NOT EXISTS E2E_OUTSIDER PASSWORD = '${PASSWORD}' DEFAULT_ROLE = PUBLIC`);

  // The first user runs a statement under the shared role, in a worksheet of its own.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await login(page);
  await newWorksheet(page);
  await page.getByLabel('Role').selectOption('E2E_SHARE_R');
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  const sql = "SELECT 'shared-row' AS S, 7 AS N, CURRENT_ROLE() AS R";
  await runInEditor(page, sql);
  const grid = page.getByTestId('data-table');
  await expect(grid.locator('[data-row="0"]')).toContainText('E2E_SHARE_R');
  await page.getByTestId('handle').first().click();
  await expect(page).toHaveURL(/\/statements\/[0-9a-f-]{36}$/);
  const url = page.url();
  const handle = url.split('/').pop()!;
  await expect(page.getByTestId('statement-sql')).toHaveText(sql);
  await expect(page.getByTestId('statement-status')).toHaveText('SUCCESS');
  await expect(page.getByTestId('statement-owner')).toHaveText('run by ADMIN as E2E_SHARE_R');
  await expect(page.getByTestId('duration')).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  // A user who holds the role sees the same SQL, status and grid.
  const holder = await asUser(browser, 'E2E_HOLDER');
  await holder.page.goto(`/statements/${handle}`);
  await expect(holder.page.getByTestId('statement-sql')).toHaveText(sql);
  await expect(holder.page.getByTestId('statement-status')).toHaveText('SUCCESS');
  const theirs = holder.page.getByTestId('data-table');
  await expect(theirs.getByRole('columnheader').nth(0)).toContainText('S');
  await expect(theirs.locator('[data-row="0"] [data-col="0"]')).toHaveText('shared-row');
  await expect(theirs.locator('[data-row="0"] [data-col="1"]')).toHaveText('7');
  await expect(holder.page.getByTestId('row-count')).toHaveText('1 row');
  await holder.page.screenshot({ path: shots('share-holder') });
  await holder.close();

  // A user without it gets "not found", exactly like an unknown handle, and no SQL.
  const outsider = await asUser(browser, 'E2E_OUTSIDER');
  await outsider.page.goto(`/statements/${handle}`);
  await expect(outsider.page.getByTestId('not-found')).toBeVisible();
  await expect(outsider.page.getByTestId('statement-sql')).toHaveCount(0);
  await expect(outsider.page.getByText('shared-row')).toHaveCount(0);
  await outsider.page.screenshot({ path: shots('share-outsider') });
  await outsider.close();

  // Leave ADMIN's worksheets as they were.
  await page.goto('/');
  const last = page.getByTestId('worksheet-tab').last();
  await last.getByRole('button', { name: /^Close / }).click();
});
