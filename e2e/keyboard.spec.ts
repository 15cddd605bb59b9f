import { expect, test, type Page } from '@playwright/test';
import { editorText, login, setEditorText, shots } from './helpers';

type Sel = { setSelection(r: { startLineNumber: number; startColumn: number; endLineNumber: number; endColumn: number }): void; setPosition(p: object): void };
const editor = (page: Page, fn: (e: Sel) => void) => page.evaluate(`(${fn.toString()})(window.floeEditor)`);
const header = (page: Page, i: number) => page.getByTestId('data-table').getByRole('columnheader').nth(i);

test('Ctrl+Enter runs the statement under the cursor or the selection; Ctrl+Shift+Enter runs them all; Format SQL', async ({ page }) => {
  await login(page);
  const sql = "SELECT 1 AS FIRST, 'x' AS X;\nSELECT 2 AS SECOND;\nSELECT 3 AS THIRD;";
  await setEditorText(page, sql);

  // Cursor in the middle of line 2: only that statement runs.
  await editor(page, (e) => e.setPosition({ lineNumber: 2, column: 9 }));
  await page.keyboard.press('Control+Enter');
  await expect(header(page, 0)).toContainText('SECOND');
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  await expect(page.getByTestId('result-tab')).toHaveCount(0);

  // A selection runs just what is selected (here part of line 1).
  await editor(page, (e) => e.setSelection({ startLineNumber: 1, startColumn: 1, endLineNumber: 1, endColumn: 18 }));
  await page.keyboard.press('Control+Enter');
  await expect(header(page, 0)).toContainText('FIRST');
  await expect(page.getByTestId('data-table').getByRole('columnheader')).toHaveCount(1); // FIRST only: X was not selected

  // The Run button does what Ctrl+Enter does.
  await editor(page, (e) => e.setPosition({ lineNumber: 3, column: 3 }));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(header(page, 0)).toContainText('THIRD');

  // Ctrl+Shift+Enter: the whole worksheet as one multi-statement request.
  await page.locator('.monaco-editor textarea').focus();
  await page.keyboard.press('Control+Shift+Enter');
  await expect(page.getByTestId('result-tab')).toHaveCount(3);
  await expect(header(page, 0)).toContainText('THIRD');

  // Format SQL: the button and Monaco's Shift+Alt+F, Snowflake dialect; undo brings the text back.
  await setEditorText(page, 'select a,b from t where x=1');
  await page.getByRole('button', { name: 'Format SQL' }).click();
  const formatted = 'SELECT\n  a,\n  b\nFROM\n  t\nWHERE\n  x = 1';
  expect(await editorText(page)).toBe(formatted);
  await page.keyboard.press('Control+z'); // the editor kept the focus
  expect(await editorText(page)).toBe('select a,b from t where x=1');
  await setEditorText(page, "select v:k::string k from t qualify row_number() over (order by k)=1");
  await page.keyboard.press('Shift+Alt+F');
  await expect.poll(() => editorText(page)).toContain('v:k::STRING k');
  expect(await editorText(page)).toMatch(/^SELECT\n/);
  await page.screenshot({ path: shots('formatted') });
});

test('running state: elapsed time ticks, the handle shows, Cancel stops it; results show rows, partitions and duration', async ({ page }) => {
  await login(page);
  const polls: number[] = [];
  page.on('request', (r) => { if (r.method() === 'GET' && /\/api\/v2\/statements\/[0-9a-f-]{36}$/.test(new URL(r.url()).pathname)) polls.push(Date.now()); });
  await setEditorText(page, 'SELECT SYSTEM$WAIT(30) AS WAITED');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/api/v2/statements?async=false') && r.headers()['x-floe-wait-ms'] !== undefined);
  await page.keyboard.press('Control+Enter');
  await posted;
  const running = page.getByTestId('running');
  await expect(running).toBeVisible();
  await expect(running.getByTestId('handle')).toHaveText(/^[0-9a-f-]{36}$/);
  const secs = async () => Number((await page.getByTestId('elapsed').textContent())!.replace(' s', ''));
  const first = await secs();
  await expect.poll(secs).toBeGreaterThan(first + 1);
  await page.screenshot({ path: shots('running') });
  // Polling backs off: gaps between status polls grow (100 ms doubling to 2 s).
  await expect.poll(() => polls.length).toBeGreaterThan(3);
  const gaps = polls.slice(1).map((t, i) => t - polls[i]);
  expect(gaps[gaps.length - 1]).toBeGreaterThan(gaps[0]);
  // The editor stays usable while it runs.
  await page.keyboard.type(' -- typed while running');
  expect(await editorText(page)).toContain('-- typed while running');
  await running.getByRole('button', { name: 'Cancel' }).click();
  // A cancel the user asked for is a neutral notice, not an error.
  await expect(page.getByTestId('cancelled')).toHaveText('Cancelled');
  await expect(page.getByTestId('statement-error')).toHaveCount(0);

  await setEditorText(page, 'SELECT 5 AS FIVE');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  await expect(page.getByTestId('partition-count')).toHaveText('1 partition');
  await expect(page.getByTestId('duration')).toHaveText(/^\d+\.\d{2} s$/);
});
