import { expect, test } from '@playwright/test';
import { login, runInEditor, shots } from './helpers';

test('history: filter by status, search, and live updates of a statement started elsewhere, cancelled from the page', async ({ page }) => {
  await login(page);
  await runInEditor(page, 'SELECT 7007 AS SEVEN');
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  await runInEditor(page, 'SELECT * FROM HISTORY_NO_SUCH_TABLE');
  await expect(page.getByTestId('statement-error')).toBeVisible();
  await page.getByRole('link', { name: 'History' }).click();
  const table = page.getByTestId('history');
  await expect(table).toContainText('SELECT 7007');

  await page.getByLabel('Status').selectOption('failed');
  await expect(table).toContainText('HISTORY_NO_SUCH_TABLE');
  await expect(table).not.toContainText('SELECT 7007');
  await page.getByLabel('Status').selectOption('all');
  // Search by text that no hex statement handle can contain (a handle may hold '7007').
  await page.getByLabel('Search history').fill('AS SEVEN');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.getByLabel('Search history').fill('');

  // A statement submitted by another client appears while the page is open, then finishes.
  const res = await page.request.post('/api/v2/statements?async=true', {
    headers: { authorization: `Bearer ${process.env.FLOE_ADMIN_TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
    data: { statement: 'SELECT SYSTEM$WAIT(40) AS LIVE_WAIT' },
  });
  expect(res.status()).toBe(202);
  const row = table.locator('tr', { hasText: 'LIVE_WAIT' });
  await expect(row).toHaveAttribute('data-status', 'RUNNING', { timeout: 15_000 });
  await expect(row.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.getByLabel('Status').selectOption('running');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.screenshot({ path: shots('history-filter') });
  await row.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('history-empty')).toContainText('No statement matches');
  await page.getByLabel('Status').selectOption('failed');
  await expect(row).toHaveAttribute('data-status', 'FAILED_WITH_ERROR');
});
