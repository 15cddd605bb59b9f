import { expect, test } from '@playwright/test';
import { api, describeAgent, login, setYaml, shots, yamlText } from './helpers';

test('agents: create through the form with a validation error, edit through YAML and the form, search, delete with confirmation', async ({ page }) => {
  test.setTimeout(120_000);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_AG');
  await login(page);
  await page.getByRole('link', { name: 'Agents' }).click();
  // A choice made while the page still hydrates is lost: choose until the page takes it.
  await expect(async () => {
    await page.getByLabel('Database').selectOption('E2E_AG');
    await expect(page).toHaveURL(/db=E2E_AG&schema=PUBLIC/, { timeout: 2_000 });
  }).toPass();
  await expect(page.getByTestId('agents-empty')).toBeVisible();

  await page.getByRole('link', { name: 'New agent' }).click();
  await page.getByLabel('Name', { exact: true }).fill('SALES_BOT');
  await page.getByLabel('Comment').fill('first');
  await page.getByLabel('Display name').fill('Sales Bot');
  await page.getByLabel('Color').fill('blue');
  await expect(page.getByLabel('Orchestration model')).toHaveValue('auto');
  await page.getByRole('button', { name: 'Add tool' }).click();
  await page.getByLabel('Tool 1 name').fill('analyst');
  await page.getByLabel('Semantic view').fill('E2E_AG.PUBLIC.SV');
  await page.getByLabel('Warehouse').fill('COMPUTE_WH');
  await page.getByLabel('Budget seconds').fill('0');
  // The form writes the YAML.
  await expect.poll(() => yamlText(page)).toContain('name: analyst');
  expect(await yamlText(page)).toContain('semantic_view: E2E_AG.PUBLIC.SV');
  await page.getByRole('button', { name: 'Create' }).click();
  const budgetError = page.locator('label.field', { hasText: 'Budget seconds' }).getByRole('alert');
  await expect(budgetError).toContainText('positive integer');
  await page.screenshot({ path: shots('agent-validation') });
  await page.getByLabel('Budget seconds').fill('30');
  await page.getByRole('button', { name: 'Create' }).click();
  const row = page.locator('tr[data-agent="SALES_BOT"]');
  await expect(row).toContainText('Sales Bot');
  await expect(row).toContainText('first');
  await page.screenshot({ path: shots('agents') });

  // Edit: the YAML writes the form, the form writes the YAML.
  await row.getByRole('link', { name: 'SALES_BOT' }).click();
  await expect(page.getByLabel('Tool 1 name')).toHaveValue('analyst');
  const yaml = await yamlText(page);
  await setYaml(page, `${yaml}instructions:\n  response: Be brief\n`);
  await expect(page.getByLabel('Response instructions')).toHaveValue('Be brief');
  await setYaml(page, `${yaml}instructions: [unclosed\n`);
  await expect(page.getByTestId('yaml-error')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await setYaml(page, `${yaml}instructions:\n  response: Be brief\n`);
  await page.getByLabel('Comment').fill('second');
  await expect.poll(() => yamlText(page)).toContain('response: Be brief');
  await page.screenshot({ path: shots('agent-editor') });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('tr[data-agent="SALES_BOT"]')).toContainText('second');
  const stored = await describeAgent(page, 'E2E_AG', 'SALES_BOT');
  expect(stored.json.comment).toBe('second');
  expect(stored.json.profile).toMatchObject({ display_name: 'Sales Bot', color: 'blue' });
  const spec = JSON.parse(stored.json.agent_spec);
  expect(spec).toMatchObject({
    models: { orchestration: 'auto' },
    orchestration: { budget: { seconds: 30 } },
    instructions: { response: 'Be brief' },
    tools: [{ tool_spec: { type: 'cortex_analyst_text_to_sql', name: 'analyst' } }],
    tool_resources: { analyst: { semantic_view: 'E2E_AG.PUBLIC.SV', execution_environment: { type: 'warehouse', warehouse: 'COMPUTE_WH' } } },
  });

  await page.getByLabel('Search agents').fill('nothing-like-this');
  await expect(page.getByTestId('agents-empty')).toContainText('No agent matches');
  await page.getByLabel('Search agents').fill('sales');
  await page.locator('tr[data-agent="SALES_BOT"]').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete agent SALES_BOT?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.locator('tr[data-agent="SALES_BOT"]')).toHaveCount(0);
  expect((await describeAgent(page, 'E2E_AG', 'SALES_BOT')).status).toBe(404);
});
