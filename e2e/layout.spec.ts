// Layout and keyboard: the editor/results splitter (keyboard, persisted, maximize), many result
// rows at 1280×720, the worksheet tabs, result views and the schema tree with arrow keys.
import { expect, test, type Page } from '@playwright/test';
import { api, login, newWorksheet, runInEditor } from './helpers';

const visibleRows = (page: Page) => page.evaluate(() => {
  const grid = document.querySelector('[role="grid"]')!.getBoundingClientRect();
  return [...document.querySelectorAll('[role="grid"] [role="row"][data-row]')].filter((r) => {
    const b = r.getBoundingClientRect();
    return b.top >= grid.top && b.bottom <= grid.bottom + 1;
  }).length;
});

test('at 1280×720 a result shows many rows; the splitter resizes by keyboard, keeps its size and maximizes either pane', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page);
  await runInEditor(page, 'SELECT seq4() AS n FROM TABLE(GENERATOR(ROWCOUNT => 500))');
  await expect(page.getByTestId('row-count')).toContainText('500');
  // (the issue: about 7 before the splitter)
  expect(await visibleRows(page)).toBeGreaterThanOrEqual(11);

  const splitter = page.getByRole('separator', { name: /Resize editor and results/ });
  const editor = page.getByTestId('sql-editor');
  const start = Number(await splitter.getAttribute('aria-valuenow'));
  const h0 = (await editor.boundingBox())!.height;
  await splitter.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(start + 10));
  expect((await editor.boundingBox())!.height).toBeGreaterThan(h0 + 20);
  await page.keyboard.press('ArrowUp');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(start + 5));
  await page.keyboard.press('Home');
  await expect(splitter).toHaveAttribute('aria-valuenow', '10');
  await page.keyboard.press('Enter');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(start + 5));
  // Kept across a reload.
  await page.reload();
  await expect(page.getByRole('separator', { name: /Resize editor and results/ })).toHaveAttribute('aria-valuenow', String(start + 5));

  // Maximize the results: the editor is gone until Restore; then the editor alone.
  await runInEditor(page, 'SELECT seq4() AS n FROM TABLE(GENERATOR(ROWCOUNT => 500))');
  await expect(page.getByTestId('row-count')).toContainText('500');
  const few = await visibleRows(page);
  await page.getByRole('button', { name: 'Maximize results' }).click();
  await expect(page.getByTestId('sql-editor')).toBeHidden();
  await expect.poll(() => visibleRows(page)).toBeGreaterThan(few);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('sql-editor')).toBeVisible();
  await page.getByRole('button', { name: 'Maximize editor' }).click();
  await expect(page.getByTestId('output')).toBeHidden();
  await expect.poll(async () => (await page.getByTestId('sql-editor').boundingBox())!.height).toBeGreaterThan(450);
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByTestId('output')).toBeVisible();
});

test('worksheet tabs and result views move with the arrow keys (one Tab stop each)', async ({ page }) => {
  await login(page);
  await newWorksheet(page);
  await newWorksheet(page);
  // The tab list owns its tabs (aria-owns): they sit in the worksheet-tab boxes beside their close buttons.
  await expect(page.getByRole('tablist', { name: 'Worksheets' })).toHaveCount(1);
  const tabs = page.getByTestId('worksheet-tab').getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThanOrEqual(3);
  await expect(tabs.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  // Only the selected tab is in the Tab order.
  await expect(tabs.nth(count - 2)).toHaveAttribute('tabindex', '-1');
  await tabs.nth(count - 1).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(count - 2)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(count - 2)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.nth(count - 1)).toHaveAttribute('tabindex', '0');

  await runInEditor(page, 'SELECT 1 AS one, 2 AS two');
  await expect(page.getByTestId('row-count')).toContainText('1');
  const views = page.getByRole('tablist', { name: 'Result view' }).getByRole('tab');
  await views.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(views.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chart')).toBeVisible();
  await page.keyboard.press('End');
  await expect(views.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('column-stats')).toBeVisible();
});

test('the schema tree moves with the arrow keys and inserts names with Enter', async ({ page }) => {
  await login(page);
  await api(page, 'CREATE DATABASE IF NOT EXISTS TREE_DB');
  await api(page, 'CREATE OR REPLACE TABLE TREE_DB.PUBLIC.LEAVES (ID INT)');
  await newWorksheet(page);
  await page.getByRole('button', { name: 'Refresh' }).click();
  const tree = page.getByRole('tree');
  const db = tree.getByRole('treeitem', { name: /^TREE_DB/ });
  await expect(db).toBeVisible();
  await runInEditor(page, '');
  await db.focus();
  await expect(db).toHaveAttribute('tabindex', '0');
  await page.keyboard.press('ArrowRight');
  await expect(db).toHaveAttribute('aria-expanded', 'true');
  const schema = db.getByRole('treeitem', { name: /^PUBLIC/ });
  await expect(schema).toBeVisible();
  // Right again: the first schema; Down to PUBLIC (INFORMATION_SCHEMA may come first).
  await page.keyboard.press('ArrowRight');
  await expect(db.getByRole('treeitem').first()).toBeFocused();
  for (let i = 0; i < 3 && !(await schema.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
  await expect(schema).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(schema.getByRole('treeitem', { name: /^LEAVES/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const table = schema.getByRole('treeitem', { name: /^LEAVES/ });
  await expect(table).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => (window as unknown as { floeEditor: { getValue(): string } }).floeEditor.getValue())).toContain('TREE_DB.PUBLIC.LEAVES');
  // Inserting moves the focus to the editor, to type on; back in the tree where it was.
  await table.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(schema).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(schema).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowLeft');
  await expect(db).toBeFocused();
  await page.keyboard.press('End');
  await expect(schema).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tree.getByRole('treeitem').first()).toBeFocused();
  await expect(schema).toHaveAttribute('tabindex', '-1');
});
