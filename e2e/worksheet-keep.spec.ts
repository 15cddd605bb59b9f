// Nothing lost: closing a tab keeps the worksheet, deleting is confirmed and undoable (the
// worksheet list and its trash), two tabs on one worksheet meet a conflict instead of
// overwriting each other, a save retries until a restarted server takes it, and the console
// session refreshes itself (and, once over, signs in again back to the page).
import { expect, test, type Page } from '@playwright/test';
import { ownServer } from './own-server';
import { editorText, login, newWorksheet, setEditorText, shots } from './helpers';

const tab = (page: Page, name: string) => page.getByTestId('worksheet-tab').filter({ has: page.getByRole('tab', { name, exact: true }) });
const saveState = (page: Page) => page.getByTestId('save-state');

async function renameActive(page: Page, name: string) {
  // A double-click that lands while the tab list re-renders (the worksheets query refetching), or
  // whose input loses its focus at once (the new worksheet's editor taking it: a blur ends the
  // rename), is retried, fill and all.
  await expect(async () => {
    await page.getByTestId('worksheet-tab').filter({ has: page.locator('[aria-selected="true"]') }).getByRole('tab').dblclick({ timeout: 2_000 });
    const input = page.getByLabel('Worksheet name');
    await input.fill(name, { timeout: 2_000 });
    await input.press('Enter', { timeout: 2_000 });
    await expect(tab(page, name)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('closing a tab keeps the worksheet; the list finds and reopens it; delete asks, goes to the trash and can be undone; the trash restores and deletes forever', async ({ page }) => {
  await login(page);
  await newWorksheet(page);
  await renameActive(page, 'Keep me');
  await setEditorText(page, 'SELECT 7 AS KEPT_BY_CLOSE');
  await expect(saveState(page)).toHaveText('Saved');
  await tab(page, 'Keep me').getByRole('button', { name: 'Close Keep me' }).click();
  await expect(tab(page, 'Keep me')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('worksheet-tab').first()).toBeVisible();
  await expect(tab(page, 'Keep me')).toHaveCount(0);

  // The list: search by the text, open it again as a tab.
  await page.getByRole('link', { name: 'All worksheets' }).click();
  await expect(page).toHaveURL(/\/worksheets$/);
  await page.getByLabel('Search worksheets').fill('kept_by_close');
  const rows = page.getByTestId('worksheet-list').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await page.screenshot({ path: shots('worksheet-list') });
  await rows.getByRole('button', { name: 'Keep me', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(tab(page, 'Keep me').getByRole('tab')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => editorText(page)).toBe('SELECT 7 AS KEPT_BY_CLOSE');

  // Rename in the list.
  await page.getByRole('link', { name: 'All worksheets' }).click();
  const list = page.getByTestId('worksheet-list');
  await list.getByRole('button', { name: 'Rename Keep me' }).click();
  await page.getByLabel('New name').fill('Kept sheet');
  await page.getByLabel('New name').press('Enter');
  const row = list.locator('tr[data-worksheet="Kept sheet"]');
  await expect(row).toHaveCount(1);

  // Delete asks first (Cancel has the focus, Escape cancels).
  await row.getByRole('button', { name: 'Delete Kept sheet' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete “Kept sheet”?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete Kept sheet' }).click();
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('undo-notice')).toContainText('“Kept sheet” moved to the trash.');
  await page.screenshot({ path: shots('worksheet-undo') });
  await page.getByTestId('undo-notice').getByRole('button', { name: 'Undo' }).click();
  await expect(row).toHaveCount(1);
  await page.reload();
  await expect(row).toHaveCount(1);
  // It was open as a tab, and is again.
  await page.getByRole('link', { name: 'Worksheet', exact: true }).click();
  await expect(tab(page, 'Kept sheet')).toHaveCount(1);

  // The trash: restore, then delete forever.
  await page.goto('/worksheets');
  await row.getByRole('button', { name: 'Delete Kept sheet' }).click();
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await expect(row).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('worksheet-tab').first()).toBeVisible();
  await expect(tab(page, 'Kept sheet')).toHaveCount(0);
  await page.goto('/worksheets');
  await page.getByRole('button', { name: /^Trash \(\d+\)$/ }).click();
  await expect(page.getByText(/deleted forever after 30 days/)).toBeVisible();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Restore Kept sheet' }).click();
  await expect(row).toHaveCount(0);
  await page.getByRole('button', { name: /^Worksheets \(\d+\)$/ }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Delete Kept sheet' }).click();
  await dialog.getByRole('button', { name: 'Move to trash' }).click();
  await page.getByRole('button', { name: /^Trash \(\d+\)$/ }).click();
  await row.getByRole('button', { name: 'Delete Kept sheet forever' }).click();
  await expect(dialog).toContainText('It cannot be restored.');
  await dialog.getByRole('button', { name: 'Delete forever' }).click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: /^Trash \(\d+\)$/ }).click();
  await expect(page.getByTestId('worksheet-list').or(page.getByTestId('worksheets-empty'))).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('two tabs on one worksheet: the stale save shows a conflict; Load theirs takes the other text, Keep mine overwrites it', async ({ context }) => {
  const a = await context.newPage();
  await login(a);
  await newWorksheet(a);
  await renameActive(a, 'Shared');
  await setEditorText(a, 'SELECT 1 AS BASE');
  await expect(saveState(a)).toHaveText('Saved');

  const b = await context.newPage();
  await b.goto('/');
  await tab(b, 'Shared').getByRole('tab').click();
  await expect.poll(() => editorText(b)).toBe('SELECT 1 AS BASE');

  await setEditorText(a, "SELECT 'from A'");
  await expect(saveState(a)).toHaveText('Saved');
  await setEditorText(b, "SELECT 'from B'");
  const conflict = b.getByTestId('save-conflict');
  await expect(conflict).toContainText('Shared was changed in another tab or browser');
  await expect(saveState(b)).toHaveText('Not saved — conflict');
  await b.screenshot({ path: shots('save-conflict') });
  await conflict.getByRole('button', { name: 'Load theirs' }).click();
  await expect(conflict).toHaveCount(0);
  await expect.poll(() => editorText(b)).toBe("SELECT 'from A'");
  await expect(saveState(b)).toHaveText('Saved');

  await setEditorText(a, "SELECT 'A again'");
  await expect(saveState(a)).toHaveText('Saved');
  await setEditorText(b, "SELECT 'B wins'");
  await conflict.getByRole('button', { name: 'Keep mine' }).click();
  await expect(saveState(b)).toHaveText('Saved');
  expect(await editorText(b)).toBe("SELECT 'B wins'");
  await a.reload();
  await tab(a, 'Shared').getByRole('tab').click();
  await expect.poll(() => editorText(a)).toBe("SELECT 'B wins'");
  await tab(a, 'Shared').getByRole('button', { name: 'Close Shared' }).click();
});

test('a save while the server is down says so and retries; after a restart it is saved with everything typed meanwhile', async ({ browser }) => {
  test.setTimeout(400_000);
  const server = await ownServer();
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await login(page, 'ADMIN', server.password);
    await setEditorText(page, 'SELECT 1 AS BEFORE');
    await expect(saveState(page)).toHaveText('Saved');

    await server.stop();
    await setEditorText(page, 'SELECT 2 AS WHILE_DOWN');
    await expect(saveState(page)).toHaveText('Not saved — retrying…', { timeout: 20_000 });
    await page.screenshot({ path: shots('save-retrying') });
    await setEditorText(page, 'SELECT 3 AS TYPED_MEANWHILE');
    await expect(saveState(page)).toHaveText('Not saved — retrying…');

    await server.start();
    await expect(saveState(page)).toHaveText('Saved', { timeout: 60_000 });
    const stored = await page.request.get('/api/console/worksheets', { headers: { authorization: `Bearer ${server.token}`, accept: 'application/json' } });
    expect(((await stored.json()) as { worksheets: { sql: string }[] }).worksheets.map((w) => w.sql)).toContain('SELECT 3 AS TYPED_MEANWHILE');
    await page.reload();
    await expect.poll(() => editorText(page)).toBe('SELECT 3 AS TYPED_MEANWHILE');
    await context.close();
  } finally {
    await server.dispose();
  }
});

test('the console session refreshes its token before it ends; once over, signing in returns to the page', async ({ browser }) => {
  test.setTimeout(400_000);
  // 24 s: refreshed 8 s before its end (a third of it). With 12 s, a loaded host (4 of these at once on 2
  // cores) saw the session end before its first refresh came back.
  const server = await ownServer({ FLOE_CONSOLE_TOKEN_TTL_S: '24' });
  try {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const tokens = new Set<string>();
    // What the page met, for the failure message: once a login page never became interactive (not reproduced).
    const trouble: string[] = [];
    page.on('requestfailed', (r) => trouble.push(`request failed: ${r.url()} (${r.failure()?.errorText})`));
    page.on('pageerror', (e) => trouble.push(`page error: ${e.message}`));
    page.on('request', (r) => {
      const auth = r.headers().authorization;
      if (auth && new URL(r.url()).pathname.startsWith('/api/')) tokens.add(auth);
    });
    await login(page, 'ADMIN', server.password);
    await setEditorText(page, 'SELECT 1');
    await expect(saveState(page)).toHaveText('Saved');
    // Twice the token's lifetime on the page, then still working.
    await page.waitForTimeout(50_000);
    await setEditorText(page, "SELECT 'still signed in' AS S");
    await page.keyboard.press('Control+Enter');
    await expect(page.getByTestId('data-table')).toContainText('still signed in');
    await expect(saveState(page)).toHaveText('Saved');
    await expect(page).toHaveURL(/\/$/);
    expect(tokens.size).toBeGreaterThan(1);

    // No refresh can reach the server (as if the computer slept through the token's end).
    await page.getByRole('link', { name: 'All worksheets' }).click();
    await expect(page).toHaveURL(/\/worksheets$/);
    await page.route('**/api/auth/session', (route) => route.abort());
    await page.waitForTimeout(26_000);
    const list = page.getByTestId('worksheet-list');
    await list.getByRole('button', { name: /^Rename / }).first().click();
    await page.getByLabel('New name').fill('After the end');
    await page.getByLabel('New name').press('Enter');
    await expect(page).toHaveURL(/\/login\?next=%2Fworksheets$/, { timeout: 20_000 });
    await page.unroute('**/api/auth/session');
    // The form is enabled once hydrated (login-form.tsx): say so within 60 s, with what went wrong, rather than at the test's timeout.
    try {
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled({ timeout: 60_000 });
    } catch (e) {
      throw new Error(`the login page never became interactive; ${trouble.join('; ') || 'no failed request or page error'}`, { cause: e });
    }
    await page.getByLabel('User').fill('ADMIN');
    await page.getByLabel('Password').fill(server.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/worksheets$/, { timeout: 20_000 });
    await expect(page.getByTestId('worksheet-list')).toBeVisible();
    await context.close();
  } finally {
    await server.dispose();
  }
});
