import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { api, login, newWorksheet, runInEditor, setEditorText, shots } from './helpers';

const table = (page: Page) => page.getByTestId('data-table');
const unique = (p: string) => `${p}_${randomBytes(3).toString('hex').toUpperCase()}`;

test('a worksheet is a session: USE and SET persist across runs, the pickers follow USE', async ({ page }) => {
  const db = unique('WSS');
  await api(page, `CREATE DATABASE ${db}`);
  await api(page, `CREATE SCHEMA ${db}.S2`);
  await login(page);
  await newWorksheet(page);
  await runInEditor(page, `USE SCHEMA ${db}.S2`);
  await expect(page.getByLabel('Database', { exact: true })).toHaveValue(db);
  await expect(page.getByLabel('Schema', { exact: true })).toHaveValue('S2');
  await runInEditor(page, 'SELECT CURRENT_DATABASE() AS D, CURRENT_SCHEMA() AS S');
  await expect(table(page)).toContainText(db);
  await expect(table(page)).toContainText('S2');
  await runInEditor(page, 'SET x = 42');
  await expect(page.getByTestId('result-summary')).toBeVisible();
  await runInEditor(page, 'SELECT $x AS X_VALUE');
  await expect(table(page)).toContainText('X_VALUE');
  await expect(table(page)).toContainText('42');
  // A temporary table lasts from run to run too.
  await runInEditor(page, 'CREATE TEMPORARY TABLE TMP_E2E (A INT)');
  await expect(page.getByTestId('result-summary')).toBeVisible();
  await runInEditor(page, 'SELECT COUNT(*) AS N FROM TMP_E2E');
  await expect(table(page)).toContainText('N');
  await expect(page.getByTestId('statement-error')).toHaveCount(0);
  // Picking a schema changes the session as a USE would.
  await page.getByLabel('Schema', { exact: true }).selectOption('PUBLIC');
  await runInEditor(page, 'SELECT CURRENT_SCHEMA() AS SCHEMA_NOW');
  await expect(table(page)).toContainText('SCHEMA_NOW');
  await expect(table(page)).toContainText('PUBLIC');
  await page.screenshot({ path: shots('worksheet-session') });
});

test('an open transaction is rolled back at the end of the run, with a notice', async ({ page }) => {
  await login(page);
  await newWorksheet(page);
  await runInEditor(page, 'BEGIN;\nSELECT CURRENT_TRANSACTION() AS T;', 'Control+Shift+Enter');
  await expect(page.getByTestId('session-notice')).toContainText('rolled back');
  await runInEditor(page, 'SELECT CURRENT_TRANSACTION() AS T2');
  await expect(table(page)).toContainText('T2');
  await expect(page.getByTestId('session-notice')).toHaveCount(0);
});

test('Run all with a failing middle statement: earlier results stay, the error is marked where it fails', async ({ page }) => {
  await login(page);
  await newWorksheet(page);
  // Qualified: a new worksheet has no current database (an unqualified name would be 090105).
  await runInEditor(page, "SELECT 1 AS FIRST;\nSELECT * FROM PUBLIC_E2E_NO_DB.PUBLIC.NO_SUCH_TABLE_E2E;\nSELECT 3 AS THIRD;", 'Control+Shift+Enter');
  await expect(page.getByTestId('run-stopped')).toHaveText('Statement 2 failed; the statements after it were not run.');
  const tabs = page.getByTestId('result-tab');
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('statement-error')).toContainText('PUBLIC_E2E_NO_DB');
  await expect(page.getByTestId('output')).not.toContainText('100132');
  // The squiggle sits on line 2, the failing statement.
  const squiggle = page.locator('.monaco-editor .squiggly-error');
  await expect(squiggle).toHaveCount(1);
  const lineTops = (await page.locator('.monaco-editor .view-line').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().y))).sort((a, b) => a - b);
  expect(Math.abs((await squiggle.first().boundingBox())!.y - lineTops[1])).toBeLessThan(8);
  await tabs.nth(0).click();
  await expect(table(page).getByRole('columnheader').nth(0)).toContainText('FIRST');
  await page.screenshot({ path: shots('run-all-failure') });
});

test('Ctrl+Enter sends what the server splits: $$a;b$$ and a // comment hold their semicolons', async ({ page }) => {
  await login(page);
  await newWorksheet(page);
  const sent: string[] = [];
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/api/v2/statements') && r.headers()['x-floe-session']) sent.push(JSON.parse(r.postData()!).statement); });
  await runInEditor(page, 'SELECT $$a;b$$ AS x');
  await expect(table(page)).toContainText('a;b');
  await runInEditor(page, 'SELECT 1 AS ONE // note; here');
  await expect(table(page).getByRole('columnheader').nth(0)).toContainText('ONE');
  await expect(page.getByTestId('statement-error')).toHaveCount(0);
  expect(sent).toEqual(['SELECT $$a;b$$ AS x', 'SELECT 1 AS ONE']);
});

test('the last result comes back after a reload without running again; an expired one says so', async ({ page }) => {
  await login(page);
  await newWorksheet(page);
  await runInEditor(page, "SELECT 'remembered' AS KEPT");
  await expect(table(page)).toContainText('remembered');
  let posts = 0;
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/api/v2/statements') && r.headers()['x-floe-session']) posts++; });
  await page.reload();
  await expect(table(page)).toContainText('remembered', { timeout: 30_000 });
  await page.getByRole('link', { name: 'History' }).click();
  await page.getByRole('link', { name: 'Worksheet', exact: true }).click();
  await expect(table(page)).toContainText('remembered');
  expect(posts).toBe(0);
  // A handle the server no longer has (results live 24 h).
  await page.evaluate(() => {
    const id = localStorage.getItem('floe.activeWorksheet')!;
    const m = JSON.parse(localStorage.getItem('floe.worksheetRuns')!);
    m.runs[id].handle = '00000000-0000-4000-8000-000000000000';
    localStorage.setItem('floe.worksheetRuns', JSON.stringify(m));
  });
  await page.reload();
  await expect(page.getByTestId('result-expired')).toContainText('no longer available');
});

test('the schema browser follows a DDL that was still running when the run answered 202', async ({ page }) => {
  const db = unique('LATE');
  await login(page);
  await newWorksheet(page);
  await expect(page.getByTestId('schema-browser')).toBeVisible();
  await setEditorText(page, `SELECT SYSTEM$WAIT(2);\nCREATE DATABASE ${db};`);
  await page.keyboard.press('Control+Shift+Enter');
  await expect(page.getByTestId('running')).toBeVisible();
  await expect(page.getByTestId('result-tab')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.locator(`[data-testid="sb-database"][data-name="${db}"]`)).toBeVisible();
});

test('a run while one is running keeps the running one (and its Cancel) with a notice; a cancel is neutral', async ({ page }) => {
  await login(page);
  await newWorksheet(page);
  await runInEditor(page, 'SELECT SYSTEM$WAIT(30)');
  const running = page.getByTestId('running');
  await expect(running).toBeVisible();
  await runInEditor(page, 'SELECT 1 AS TOO_EARLY');
  await expect(page.getByTestId('run-notice')).toContainText('still running');
  await expect(running.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await running.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('cancelled')).toHaveText('Cancelled');
  await expect(page.getByTestId('statement-error')).toHaveCount(0);
  await runInEditor(page, 'SELECT 1 AS AFTER_CANCEL');
  await expect(table(page)).toContainText('AFTER_CANCEL');
});
