// History's detail view of a SELECT shows its plan (EXPLAIN) on demand, as a tree, planned in the
// statement's own database and schema; the console's EXPLAIN stays out of history.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { api, login, shots } from './helpers';

test('history detail: Show plan draws the plan tree of a SELECT in its own context', async ({ page }) => {
  test.setTimeout(120_000);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_PLAN');
  await api(page, 'CREATE OR REPLACE TABLE E2E_PLAN.PUBLIC.ORDERS (ID INT, CUSTOMER_ID INT, AMOUNT NUMBER(10,2))');
  await api(page, 'CREATE OR REPLACE TABLE E2E_PLAN.PUBLIC.CUSTOMERS (ID INT, NAME VARCHAR)');
  await api(page, "INSERT INTO E2E_PLAN.PUBLIC.CUSTOMERS VALUES (1, 'Ada'), (2, 'Grace')");
  await api(page, 'INSERT INTO E2E_PLAN.PUBLIC.ORDERS VALUES (1, 1, 20), (2, 2, 5)');
  // Unqualified names: only the statement's own context finds them.
  const res = await page.request.post('/api/v2/statements', {
    headers: { authorization: `Bearer ${process.env.FLOE_ADMIN_TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
    data: { statement: 'SELECT O.ID, C.NAME AS PLAN_MARK FROM ORDERS O JOIN CUSTOMERS C ON C.ID = O.CUSTOMER_ID ORDER BY C.NAME', database: 'E2E_PLAN', schema: 'PUBLIC' },
  });
  expect(res.status(), await res.text()).toBe(200);

  await login(page);
  await page.getByRole('link', { name: 'History' }).click();
  const rows = page.getByTestId('history').locator('tbody tr');
  await page.getByLabel('Search history').fill('AS PLAN_MARK');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('button', { name: /PLAN_MARK/ }).click();
  const detail = page.getByTestId('statement-detail');
  const plan = detail.getByTestId('statement-plan');
  await expect(plan.getByRole('heading', { name: 'Plan' })).toBeVisible();
  await expect(plan.getByTestId('plan-tree')).toHaveCount(0); // on demand only
  await plan.getByRole('button', { name: 'Show plan' }).click();
  await expect(plan.getByRole('heading', { name: 'Plan' })).toBeFocused();
  const tree = plan.getByTestId('plan-tree');
  await expect(tree).toBeVisible();
  // One Result at the root; the scans, the join filter and the sort nested under it.
  const root = tree.locator(':scope > li');
  await expect(root).toHaveCount(1);
  await expect(root).toHaveAttribute('data-operation', 'Result');
  const scans = root.locator('ul [data-operation="TableScan"]');
  await expect(scans).toHaveCount(2);
  await expect(scans.filter({ hasText: 'E2E_PLAN.PUBLIC.ORDERS' })).toContainText('as O');
  await expect(scans.filter({ hasText: 'E2E_PLAN.PUBLIC.CUSTOMERS' })).toHaveCount(1);
  await expect(root.locator('ul [data-operation="Sort"]')).toHaveCount(1);
  // Children are drawn indented from their parent.
  const x = async (l: typeof root) => (await l.locator(':scope > .plan-op').boundingBox())!.x;
  expect(await x(scans.first())).toBeGreaterThan(await x(root));
  await expect(plan).not.toContainText(/\bt\d+\b|sqlite|_floe_/);
  await page.screenshot({ path: shots('history-plan') });
  const axe = await new AxeBuilder({ page }).include('[data-testid="statement-detail"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => v.id)).toEqual([]);

  // The console's EXPLAIN is its own statement: not in the user's history.
  // Escape still closes the detail (the focus stayed inside it).
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  await page.getByLabel('Search history').fill('EXPLAIN USING JSON');
  await expect(page.getByTestId('history-empty')).toBeVisible();
});
