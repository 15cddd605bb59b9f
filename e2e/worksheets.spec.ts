import { expect, test, type Page } from '@playwright/test';
import { api, editorText, login, newWorksheet, runInEditor, setEditorText, shots } from './helpers';

const tab = (page: Page, name: string) => page.getByTestId('worksheet-tab').filter({ has: page.getByRole('tab', { name, exact: true }) });

test('worksheets are tabs kept on the server: new, rename, edit, context, close; they survive a reload and another browser', async ({ page, browser }) => {
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_WS');
  // The worksheet runs as SYSADMIN, which sees only what it was granted (ACCOUNTADMIN owns E2E_WS).
  await api(page, 'GRANT USAGE ON DATABASE E2E_WS TO ROLE SYSADMIN');
  await api(page, 'GRANT USAGE ON SCHEMA E2E_WS.PUBLIC TO ROLE SYSADMIN');
  await login(page);
  const fresh = await newWorksheet(page);
  await fresh.getByRole('tab').dblclick();
  await page.getByLabel('Worksheet name').fill('Sales report');
  await page.getByLabel('Worksheet name').press('Enter');
  await expect(tab(page, 'Sales report')).toBeVisible();
  await setEditorText(page, 'SELECT CURRENT_DATABASE() AS DB, CURRENT_ROLE() AS R, CURRENT_WAREHOUSE() AS W');
  await page.getByLabel('Role').selectOption('SYSADMIN');
  await page.getByLabel('Database').selectOption('E2E_WS');
  await expect(page.getByLabel('Schema', { exact: true })).toHaveValue('PUBLIC');
  await expect(page.getByLabel('Warehouse').locator('option', { hasText: 'COMPUTE_WH' })).toHaveCount(1);
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await page.keyboard.press('Control+Enter');
  const grid = page.getByTestId('data-table');
  await expect(grid.locator('[data-row="0"]')).toContainText('E2E_WS');
  await expect(grid.locator('[data-row="0"]')).toContainText('SYSADMIN');
  await page.screenshot({ path: shots('worksheet-tabs') });

  await page.reload();
  await expect(tab(page, 'Sales report').getByRole('tab')).toHaveAttribute('aria-selected', 'true');
  expect(await editorText(page)).toContain('CURRENT_WAREHOUSE()');
  await expect(page.getByLabel('Database')).toHaveValue('E2E_WS');
  await expect(page.getByLabel('Role')).toHaveValue('SYSADMIN');

  // Another browser (fresh cookies and storage) signed in as the same user sees the same worksheets.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await login(page2);
  await tab(page2, 'Sales report').getByRole('tab').click();
  await expect.poll(() => editorText(page2)).toContain('CURRENT_WAREHOUSE()');
  await other.close();

  await tab(page, 'Sales report').getByRole('button', { name: 'Close Sales report' }).click();
  await expect(tab(page, 'Sales report')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('worksheet-tab').first()).toBeVisible();
  await expect(tab(page, 'Sales report')).toHaveCount(0);
});

test('the schema browser lists databases, schemas, tables, views and columns; a click inserts the name; autocomplete offers them', async ({ page }) => {
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_SB');
  await api(page, 'CREATE OR REPLACE TABLE E2E_SB.PUBLIC.ITEMS (ID INT, LABEL VARCHAR, PRICE NUMBER(10,2))');
  await api(page, 'CREATE OR REPLACE VIEW E2E_SB.PUBLIC.CHEAP AS SELECT ID FROM E2E_SB.PUBLIC.ITEMS WHERE PRICE < 10');
  await login(page);
  const sb = page.getByTestId('schema-browser');
  await sb.getByRole('button', { name: 'Refresh' }).click();
  await sb.getByRole('button', { name: 'Expand E2E_SB' }).click();
  await sb.getByRole('button', { name: 'Expand PUBLIC' }).click();
  await expect(sb.getByTestId('sb-object').filter({ hasText: 'CHEAP' })).toContainText('VIEW');
  await sb.getByRole('button', { name: 'Expand ITEMS' }).click();
  const cols = sb.getByTestId('sb-column');
  await expect(cols).toHaveCount(3);
  await expect(cols.nth(2)).toContainText('PRICE');
  await expect(cols.nth(2)).toContainText('NUMBER(10,2)');
  await page.screenshot({ path: shots('schema-browser') });

  await setEditorText(page, 'SELECT * FROM ', 'end');
  await sb.getByRole('button', { name: 'ITEMS', exact: true }).click();
  expect(await editorText(page)).toBe('SELECT * FROM E2E_SB.PUBLIC.ITEMS');

  // Autocomplete: objects after "db.schema.", columns of the tables the statement names, functions.
  await setEditorText(page, 'SELECT * FROM E2E_SB.PUBLIC', 'end');
  await page.keyboard.type('.');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toBeVisible();
  await expect(suggest).toContainText('ITEMS');
  await expect(suggest).toContainText('CHEAP');
  await page.keyboard.press('Escape');
  await setEditorText(page, 'SELECT PRI FROM E2E_SB.PUBLIC.ITEMS');
  await page.evaluate(() => (window as unknown as { floeEditor: { setPosition(p: object): void } }).floeEditor.setPosition({ lineNumber: 1, column: 11 }));
  await page.keyboard.press('Control+Space');
  await expect(suggest).toContainText('PRICE');
  await page.keyboard.press('Escape');
  await setEditorText(page, 'SELECT CURRENT_DATA', 'end');
  await page.keyboard.press('Control+Space');
  await expect(suggest).toContainText('CURRENT_DATABASE');
  await page.screenshot({ path: shots('autocomplete') });
});

test('Run all shows one result tab per statement', async ({ page }) => {
  await login(page);
  await runInEditor(page, "SELECT 1 AS FIRST;\nSELECT 'two' AS SECOND, 2 AS N;", 'Control+Shift+Enter');
  const tabs = page.getByTestId('result-tab');
  await expect(tabs).toHaveCount(2);
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('data-table').getByRole('columnheader').nth(0)).toContainText('SECOND');
  await tabs.nth(0).click();
  await expect(page.getByTestId('data-table').getByRole('columnheader').nth(0)).toContainText('FIRST');
  await page.screenshot({ path: shots('multi-statement') });
});

test('a syntax error is marked in the editor where it points', async ({ page }) => {
  await login(page);
  await setEditorText(page, 'SELECT 1;\n\nSELECT 2 FROM FROM;', 'end');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('statement-error')).toContainText('line 1 at position');
  const squiggle = page.locator('.monaco-editor .squiggly-error');
  await expect(squiggle).toHaveCount(1);
  // The mark sits on line 3, where the statement that ran begins.
  const top = async (sel: string) => (await page.locator(sel).first().boundingBox())!.y;
  const lineTops = await page.locator('.monaco-editor .view-line').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().y));
  expect(Math.abs((await top('.monaco-editor .squiggly-error')) - lineTops.sort((a, b) => a - b)[2])).toBeLessThan(8);
  await page.screenshot({ path: shots('error-marker') });
});
