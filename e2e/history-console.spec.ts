import { expect, test, type Page } from '@playwright/test';
import { api, login, setEditorText, shots } from './helpers';

// Start times are shown in the browser's time zone: Tokyo has no daylight saving (always GMT+9).
test.use({ timezoneId: 'Asia/Tokyo' });

type EditorHook = { setPosition(p: { lineNumber: number; column: number }): void; focus(): void };
const placeCursor = (page: Page, lineNumber: number, column: number) => page.evaluate(([l, c]) => {
  const ed = (window as unknown as { floeEditor: EditorHook }).floeEditor;
  ed.setPosition({ lineNumber: l, column: c });
  ed.focus();
}, [lineNumber, column] as const);

/** Statements a PAT of a fresh user runs through the API. */
async function asUser(page: Page, token: string, statement: string) {
  const res = await page.request.post('/api/v2/statements', {
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    data: { statement },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('history shows only typed statements: autocomplete (aliases, signatures) and pickers stay out of it', async ({ page }) => {
  test.setTimeout(120_000);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_HIST');
  await api(page, 'CREATE OR REPLACE TABLE E2E_HIST.PUBLIC.CUSTOMERS (ID INT, NAME VARCHAR, REGION VARCHAR)');
  const statements: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/v2/statements')) statements.push((JSON.parse(r.postData() ?? '{}') as { statement: string }).statement);
  });
  await login(page);
  const started = Date.now();

  // A half-typed table name offers completions but is never described.
  await setEditorText(page, 'SELECT \nFROM E2E_HIST.PUBLIC.CU', 'end');
  await page.keyboard.type('S');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget')).toContainText('CUSTOMERS', { timeout: 15_000 });
  await page.keyboard.press('Escape');

  // `c.` completes the aliased table's columns.
  await setEditorText(page, 'SELECT \nFROM E2E_HIST.PUBLIC.CUSTOMERS AS c');
  await placeCursor(page, 1, 8);
  await page.keyboard.type('c.');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toContainText('REGION', { timeout: 15_000 });
  await expect(suggest).toContainText('NAME');
  await page.keyboard.type('NAM');
  await page.keyboard.press('Enter');
  // Signature help for Floe's functions.
  await page.keyboard.type(', IFF(');
  await expect(page.locator('.parameter-hints-widget')).toContainText('IFF(BOOLEAN, ANY, ANY)', { timeout: 15_000 });
  await page.keyboard.type("c.ID > 1, 'big', 'small')");
  await page.keyboard.press('Escape');
  await page.screenshot({ path: shots('history-autocomplete') });
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('row-count')).toBeVisible({ timeout: 20_000 });

  const describes = statements.filter((s) => s.startsWith('DESCRIBE'));
  expect(describes.every((s) => s.endsWith('"CUSTOMERS"') || s.endsWith('CUSTOMERS')), describes.join('\n')).toBe(true);
  expect(describes.length, describes.join('\n')).toBeLessThanOrEqual(1);

  await page.getByRole('link', { name: 'History' }).click();
  await page.getByLabel('From date').fill(new Date(started).toLocaleDateString('en-CA', { timeZone: 'Asia/Tokyo' }));
  const table = page.getByTestId('history');
  await expect(table).toContainText("IFF(c.ID > 1, 'big', 'small')");
  const texts = await table.locator('tbody tr .sql-cell button').allTextContents();
  // Only what was typed (and the set-up statements the test sent through the API before), none of the console's own.
  expect(texts.filter((t) => /^(SHOW|DESCRIBE|SELECT CURRENT_AVAILABLE_ROLES)/i.test(t)), texts.join('\n')).toEqual([]);
  await expect(table.locator('[data-testid="history-start"]').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} GMT\+9$/);
});

test('history: paging past the first page, a date range, the detail view, and the ACCOUNTADMIN user filter', async ({ page }) => {
  test.setTimeout(120_000);
  for (let i = 1; i <= 60; i++) await api(page, `SELECT ${i} AS PAGE_MARK`);
  await api(page, 'CREATE USER IF NOT EXISTS E2E_HIST_OTHER DEFAULT_ROLE=PUBLIC');
  const pat = await api(page, `ALTER USER E2E_HIST_OTHER ADD PROGRAMMATIC ACCESS TOKEN T${Date.now()}`);
  await asUser(page, pat.data[0][1]!, "SELECT 'from the other user' AS OTHER_MARK");
  const bad = await page.request.post('/api/v2/statements', {
    headers: { authorization: `Bearer ${process.env.FLOE_ADMIN_TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
    data: { statement: 'SELECT 1 AS DETAIL_MARK\n  FROM WHERE' },
  });
  expect(bad.status()).toBe(422);
  await login(page);
  await page.getByRole('link', { name: 'History' }).click();
  const table = page.getByTestId('history');
  const rows = table.locator('tbody tr');

  await page.getByLabel('Search history').fill('AS PAGE_MARK');
  await expect(rows).toHaveCount(50);
  await page.getByTestId('history-more').click();
  await expect(rows).toHaveCount(60);
  await expect(page.getByTestId('history-more')).toHaveCount(0);
  await expect(rows.first()).toContainText('SELECT 60 AS PAGE_MARK');
  await expect(rows.last()).toContainText('SELECT 1 AS PAGE_MARK');

  // A range that starts tomorrow holds nothing.
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Tokyo' });
  await page.getByLabel('From date').fill(tomorrow);
  await expect(page.getByTestId('history-empty')).toContainText('No statement matches');
  await page.getByLabel('From date').fill('');

  // Detail view of a failed statement: error with its place, timings, context; Escape closes it.
  await page.getByLabel('Search history').fill('DETAIL_MARK');
  await rows.first().getByRole('button', { name: /DETAIL_MARK/ }).click();
  const detail = page.getByTestId('statement-detail');
  await expect(detail.getByTestId('detail-error')).toContainText('001003');
  await expect(detail.getByTestId('detail-error')).toContainText(/at line \d+, position \d+/);
  await expect(detail.getByTestId('detail-error-caret')).toBeVisible();
  await expect(detail.getByTestId('detail-facts')).toContainText('Compilation');
  await expect(detail.getByTestId('detail-facts')).toContainText('ACCOUNTADMIN');
  await page.screenshot({ path: shots('history-detail') });
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  // ACCOUNTADMIN sees other users' statements and can keep one user's.
  await page.getByLabel('Search history').fill('');
  await page.getByLabel('User').selectOption('E2E_HIST_OTHER');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('from the other user');
  await expect(table.locator('thead')).toContainText('User');
});
