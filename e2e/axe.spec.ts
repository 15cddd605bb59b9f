// Accessibility: axe finds no critical or serious violation on any page, in both themes; every
// page has one h1; a page load logs no console error (Monaco's worker comes from our bundle).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { api, login, runInEditor } from './helpers';

async function noSeriousViolations(page: Page, where: string) {
  const r = await new AxeBuilder({ page }).analyze();
  const bad = r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${where}: ${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n')[1]?.trim()})`).join('; ')}`);
  expect(bad).toEqual([]);
  await expect(page.locator('h1'), `${where}: one h1`).toHaveCount(1);
}

/** Console errors and uncaught exceptions of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

for (const theme of ['light', 'dark'] as const) {
  test(`axe: every console page in the ${theme} theme has no critical or serious violation`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/login');
    await expect(page.getByLabel('User')).toBeVisible();
    await noSeriousViolations(page, 'login');
    await login(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);

    // Worksheet with a result (NULLs, numbers, text), its chart and its stats; the schema tree open.
    await api(page, 'CREATE DATABASE IF NOT EXISTS AXE_DB');
    await api(page, 'CREATE OR REPLACE TABLE AXE_DB.PUBLIC.ITEMS (ID INT, NAME VARCHAR, PRICE NUMBER(10,2))');
    await api(page, "INSERT INTO AXE_DB.PUBLIC.ITEMS VALUES (1, 'pen', 1.50), (2, NULL, 2.25), (3, 'ink', NULL)");
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('sb-database').filter({ hasText: 'AXE_DB' }).getByRole('button', { name: 'Expand AXE_DB' }).click();
    await runInEditor(page, "SELECT 'word' || seq4() AS label, seq4() AS n, IFF(seq4() % 2 = 0, NULL, seq4()) AS maybe FROM TABLE(GENERATOR(ROWCOUNT => 20))");
    await expect(page.getByTestId('row-count')).toContainText('20');
    await noSeriousViolations(page, 'worksheet with a result');
    await page.getByTestId('view-chart').click();
    await expect(page.getByTestId('chart').locator('svg')).toBeVisible();
    await noSeriousViolations(page, 'worksheet with a chart');
    await page.getByTestId('view-stats').click();
    await expect(page.getByTestId('column-stats')).toBeVisible();
    await expect(page.getByTestId('histogram')).toBeVisible();
    await noSeriousViolations(page, 'worksheet with stats');

    const shared = await api(page, 'SELECT ID, NAME, PRICE FROM AXE_DB.PUBLIC.ITEMS ORDER BY ID');
    await page.goto(`/statements/${shared.statementHandle}`);
    await expect(page.getByTestId('row-count')).toContainText('3');
    await noSeriousViolations(page, 'share page');

    await page.goto('/history');
    await expect(page.locator('table.history')).toBeVisible();
    await noSeriousViolations(page, 'history');

    await api(page, "CREATE OR REPLACE AGENT AXE_DB.PUBLIC.HELPER COMMENT = 'axe' FROM SPECIFICATION $$\nmodels:\n  orchestration: auto\n$$");
    await page.goto('/agents?db=AXE_DB&schema=PUBLIC');
    await expect(page.getByTestId('agents')).toContainText('HELPER');
    await noSeriousViolations(page, 'agents list');
    await page.getByRole('link', { name: 'New agent' }).click();
    await expect(page.getByTestId('yaml-editor')).toBeVisible();
    await noSeriousViolations(page, 'agent editor');

    await page.goto('/no-such-page');
    await expect(page.getByTestId('page-not-found')).toBeVisible();
    await noSeriousViolations(page, 'not found');

    const name = `AXE_APP_${theme.toUpperCase()}_${Date.now()}`;
    // As in oauth-consent.spec.ts: the client's redirect is this server under another origin.
    const redirect = `${process.env.FLOE_E2E_URL!.replace('127.0.0.1', 'localhost')}/axe-callback`;
    await api(page, `CREATE SECURITY INTEGRATION ${name} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'CONFIDENTIAL'
      OAUTH_REDIRECT_URI = '${redirect}' OAUTH_ALLOW_NON_TLS_REDIRECT_URI = TRUE ENABLED = TRUE`);
    const secrets = JSON.parse((await api(page, `SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${name}')`)).data[0][0]!) as { OAUTH_CLIENT_ID: string };
    const authorize = new URL('/oauth/authorize', process.env.FLOE_E2E_URL);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: secrets.OAUTH_CLIENT_ID, redirect_uri: redirect, state: 's', scope: 'refresh_token session:role:SYSADMIN' })) authorize.searchParams.set(k, v);
    await page.goto(authorize.toString());
    await expect(page.getByTestId('oauth-client')).toHaveText(name);
    await noSeriousViolations(page, 'OAuth consent');
  });
}

test('a page load logs no console error (Monaco and its worker load from our bundle)', async ({ page }) => {
  const errors = watchErrors(page);
  await login(page);
  await expect(page.locator('.monaco-editor .view-lines').first()).toBeVisible({ timeout: 30_000 });
  // The editor worker is up: Monaco computes word-based suggestions in it.
  await page.waitForFunction(() => 'floeEditor' in window);
  await page.reload();
  await expect(page.locator('.monaco-editor .view-lines').first()).toBeVisible({ timeout: 30_000 });
  await page.goto('/history');
  await expect(page.locator('h1')).toHaveText('History');
  await page.goto('/agents');
  await expect(page.locator('h1')).toHaveText('Agents');
  await page.goto('/');
  await expect(page.locator('.monaco-editor .view-lines').first()).toBeVisible({ timeout: 30_000 });
  expect(errors).toEqual([]);
});
