import { expect, test, type Page } from '@playwright/test';
import { api, login, runInEditor, shots } from './helpers';

/** The page fits the window: nothing wider than the viewport (no sideways scrolling of the page). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('light and dark themes: the toggle switches them, the choice survives a reload, Monaco follows', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await login(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('.monaco-editor').first()).toHaveClass(/\bvs\b/);
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const lightBg = await bg();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.monaco-editor').first()).toHaveClass(/vs-dark/);
  expect(await bg()).not.toBe(lightBg);
  await runInEditor(page, "SELECT 1 AS N, NULL AS Z, 'dark' AS S");
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  await page.screenshot({ path: shots('worksheet-dark') });
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  // Without a choice the system setting decides.
  await page.evaluate(() => localStorage.removeItem('floe.theme'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.evaluate(() => localStorage.setItem('floe.theme', 'light'));
});

test('keyboard: the navigation, theme toggle and toolbar are reachable with Tab and work with Enter', async ({ page }) => {
  await login(page);
  await page.waitForFunction(() => 'floeEditor' in window); // it takes the focus when it mounts
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // From the top of the page to the editor (where Tab indents, as in any code editor).
  const reached: string[] = [];
  for (let i = 0; i < 60 && !reached.includes('Editor content'); i++) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate(() => (document.activeElement?.getAttribute('aria-label') || document.activeElement?.textContent || '').trim()));
  }
  for (const name of ['Worksheet', 'History', 'Agents', 'Switch to', 'Log out', 'Refresh', 'New worksheet', 'Run', 'Run all', 'Format SQL', 'Role', 'Editor content']) expect(reached.join('|')).toContain(name);
  await page.getByRole('link', { name: 'History' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByTestId('history')).toBeVisible();
});

test('a laptop screen (1280×720) holds every main screen without sideways scrolling', async ({ page }) => {
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_UI');
  await page.setViewportSize({ width: 1280, height: 720 });
  await login(page);
  await runInEditor(page, "SELECT 1 AS A, 'a fairly long text value to fill the grid' AS B, PARSE_JSON('{\"k\":1}') AS J");
  await expect(page.getByTestId('row-count')).toHaveText('1 row');
  // The editor, the run button and the grid are all on screen at once.
  for (const el of [page.getByTestId('sql-editor'), page.getByRole('button', { name: 'Run', exact: true }), page.getByTestId('data-table')]) await expect(el).toBeInViewport();
  await page.getByTestId('data-table').locator('[data-row="0"] [data-col="2"]').getByRole('button', { name: 'Expand cell' }).click();
  await expect(page.getByTestId('cell-value')).toBeInViewport();
  // Headers stay over their columns however long the values are.
  const grid = page.getByTestId('data-table');
  for (const col of [0, 1, 2]) {
    const head = (await grid.getByRole('columnheader').nth(col).boundingBox())!;
    const cell = (await grid.locator(`[data-row="0"] [data-col="${col}"]`).boundingBox())!;
    expect(Math.abs(head.x - cell.x)).toBeLessThan(2);
    expect(Math.abs(head.width - cell.width)).toBeLessThan(2);
  }
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: shots('laptop-worksheet') });
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByTestId('history')).toBeVisible();
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: shots('laptop-history') });
  await page.goto('/agents/edit?db=E2E_UI&schema=PUBLIC');
  await expect(page.getByTestId('yaml-editor').locator('.view-lines')).toBeVisible({ timeout: 30_000 });
  expect(await fitsWidth(page)).toBe(true);
  await page.screenshot({ path: shots('laptop-agent-editor') });
});

test('the agent YAML editor highlights YAML with the bundled Monaco language (no CDN)', async ({ page }) => {
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_UI');
  const outside: string[] = [];
  page.on('request', (r) => { if (new URL(r.url()).host !== new URL(process.env.FLOE_E2E_URL!).host && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url()); });
  await login(page);
  await page.goto('/agents/edit?db=E2E_UI&schema=PUBLIC');
  const lines = page.getByTestId('yaml-editor').locator('.view-lines');
  // A value typed while the page still hydrates is lost: type until the YAML shows it.
  await expect(async () => {
    await page.getByLabel('Response instructions').fill('be brief');
    await page.getByLabel('Budget seconds').fill('30');
    await expect(lines).toContainText('be brief', { timeout: 2_000 });
  }).toPass();
  // Keys, strings and numbers get different token classes: the yaml language is there.
  await expect.poll(() => lines.evaluate((el) => new Set([...el.querySelectorAll('span[class^="mtk"]')].map((s) => s.className)).size)).toBeGreaterThan(2);
  expect(await page.evaluate(() => (window as unknown as { floeYamlEditor: { getModel(): { getLanguageId(): string } } }).floeYamlEditor.getModel().getLanguageId())).toBe('yaml');
  expect(outside).toEqual([]);
});

test('never a blank page: an unknown address shows "Page not found" with a way back', async ({ page }) => {
  await login(page);
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('page-not-found')).toContainText('Page not found');
  await page.screenshot({ path: shots('not-found') });
  await page.getByRole('link', { name: 'Worksheet', exact: true }).click();
  await expect(page.getByTestId('worksheet-tab').first()).toBeVisible();
});
