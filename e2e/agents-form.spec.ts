import { expect, test, type Page } from '@playwright/test';
import { api, describeAgent, login, setYaml, shots, yamlText } from './helpers';

const openAgents = async (page: Page) => {
  await page.goto('/agents?db=E2E_AGF&schema=PUBLIC');
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
};

test('agents form: input_schema and per-type tool resources round-trip through YAML and the API', async ({ page }) => {
  test.setTimeout(120_000);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_AGF');
  await login(page);
  await openAgents(page);
  await page.getByRole('link', { name: 'New agent' }).click();
  await page.getByLabel('Name', { exact: true }).fill('WEATHER_BOT');
  await page.getByRole('button', { name: 'Add tool' }).click();
  await page.getByLabel('Tool 1 type').selectOption('generic');
  await page.getByLabel('Tool 1 name').fill('forecast');
  const resources = page.getByTestId('tool-resources');
  await expect(resources.getByLabel('Semantic view')).toHaveCount(0);
  await resources.getByLabel('Resource type').selectOption('procedure');
  await resources.getByLabel('Identifier').fill('E2E_AGF.PUBLIC.FORECAST');
  await resources.getByLabel('Warehouse').fill('COMPUTE_WH');
  await resources.getByLabel('Query timeout (seconds)').fill('45');
  await page.getByLabel('Input description').fill('Where and when');
  await page.getByRole('button', { name: 'Add property' }).click();
  await page.getByLabel('Property 1 name').fill('city');
  await page.getByLabel('Property 1 description').fill('City name');
  await page.getByTestId('input-property').first().getByLabel('Required').check();
  await page.getByRole('button', { name: 'Add property' }).click();
  await page.getByLabel('Property 2 name').fill('days');
  await page.getByLabel('Property 2 type').selectOption('integer');
  await expect.poll(() => yamlText(page)).toContain('identifier: E2E_AGF.PUBLIC.FORECAST');
  const yaml = await yamlText(page);
  expect(yaml).toContain('query_timeout: 45');
  expect(yaml).toMatch(/input_schema:\n\s+type: object\n\s+description: Where and when/);
  await page.screenshot({ path: shots('agent-tool-resources') });
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.locator('tr[data-agent="WEATHER_BOT"]')).toBeVisible();

  const stored = JSON.parse((await describeAgent(page, 'E2E_AGF', 'WEATHER_BOT')).json.agent_spec);
  expect(stored.tools).toEqual([{ tool_spec: { type: 'generic', name: 'forecast', input_schema: {
    type: 'object', description: 'Where and when',
    properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer' } }, required: ['city'],
  } } }]);
  expect(stored.tool_resources).toEqual({ forecast: {
    type: 'procedure', identifier: 'E2E_AGF.PUBLIC.FORECAST', execution_environment: { type: 'warehouse', warehouse: 'COMPUTE_WH', query_timeout: 45 },
  } });

  // Reopened, the form shows what was stored; a YAML edit (a search tool) fills the form.
  await page.locator('tr[data-agent="WEATHER_BOT"]').getByRole('link', { name: 'WEATHER_BOT' }).click();
  await expect(page.getByTestId('tool-resources').getByLabel('Identifier')).toHaveValue('E2E_AGF.PUBLIC.FORECAST');
  await expect(page.getByLabel('Property 1 name')).toHaveValue('city');
  await expect(page.getByTestId('input-property').first().getByLabel('Required')).toBeChecked();
  const current = await yamlText(page);
  await setYaml(page, current.replace(/tools:\n/, 'tools:\n  - tool_spec:\n      type: cortex_search\n      name: docs\n')
    .replace(/tool_resources:\n/, 'tool_resources:\n  docs:\n    search_service: E2E_AGF.PUBLIC.SVC\n    max_results: 4\n    filter:\n      "@eq":\n        region: EU\n'));
  const docs = page.getByTestId('tool-group').first();
  await expect(docs.getByLabel('Search service')).toHaveValue('E2E_AGF.PUBLIC.SVC');
  await expect(docs.getByLabel('Max results')).toHaveValue('4');
  await expect(docs.getByLabel('Filter (JSON)')).toHaveValue('{"@eq":{"region":"EU"}}');
  await docs.getByLabel('Max results').fill('6');
  await expect.poll(() => yamlText(page)).toContain('max_results: 6');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('tr[data-agent="WEATHER_BOT"]')).toBeVisible();
  const saved = JSON.parse((await describeAgent(page, 'E2E_AGF', 'WEATHER_BOT')).json.agent_spec);
  expect(saved.tool_resources.docs).toEqual({ search_service: 'E2E_AGF.PUBLIC.SVC', max_results: 6, filter: { '@eq': { region: 'EU' } } });
  expect(saved.tool_resources.forecast.identifier).toBe('E2E_AGF.PUBLIC.FORECAST');
});

test('agents: the delete dialog starts on Cancel and closes on Escape; leaving the editor with unsaved changes asks', async ({ page }) => {
  test.setTimeout(120_000);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_AGF');
  await api(page, "CREATE OR REPLACE AGENT E2E_AGF.PUBLIC.KEEP_ME COMMENT = 'kept' FROM SPECIFICATION $$\nmodels:\n  orchestration: auto\n$$");
  await login(page);
  await openAgents(page);
  const row = page.locator('tr[data-agent="KEEP_ME"]');
  const dialog = page.getByRole('dialog');

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toContainText('Delete agent KEEP_ME?');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toBeFocused();
  // Enter on the focused Cancel deletes nothing either.
  await row.getByRole('button', { name: 'Delete' }).click();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect((await describeAgent(page, 'E2E_AGF', 'KEEP_ME')).status).toBe(200);

  // Unsaved changes: an in-app link asks; dismissing stays, accepting leaves.
  await row.getByRole('link', { name: 'KEEP_ME' }).click();
  await expect(page.getByLabel('Comment')).toHaveValue('kept');
  const editorUrl = page.url();
  // Nothing changed yet: leaving does not ask.
  let asked = 0;
  page.on('dialog', (d) => { asked++; void (d.message().includes('unsaved') && asked === 1 ? d.dismiss() : d.accept()); });
  await page.getByRole('link', { name: 'Back to agents' }).click();
  await expect(row).toBeVisible();
  expect(asked).toBe(0);
  await row.getByRole('link', { name: 'KEEP_ME' }).click();
  await page.getByLabel('Comment').fill('changed');
  await page.getByRole('link', { name: 'History' }).click();
  await expect.poll(() => asked).toBe(1);
  expect(page.url()).toBe(editorUrl);
  await expect(page.getByLabel('Comment')).toHaveValue('changed');
  // A reload asks too (beforeunload).
  await page.reload();
  await expect.poll(() => asked).toBe(2);
  await page.getByLabel('Comment').fill('changed again');
  await page.getByRole('link', { name: 'History' }).click();
  await expect.poll(() => asked).toBe(3);
  await expect(page).toHaveURL(/\/history/);
  expect((await describeAgent(page, 'E2E_AGF', 'KEEP_ME')).json.comment).toBe('kept');
});

test('agents: Back with unsaved changes asks (stay keeps the edit, leave goes back); a nav link after saving does not ask', async ({ page }) => {
  test.setTimeout(120_000);
  await api(page, 'CREATE DATABASE IF NOT EXISTS E2E_AGF');
  await api(page, "CREATE OR REPLACE AGENT E2E_AGF.PUBLIC.BACK_ME COMMENT = 'before' FROM SPECIFICATION $$\nmodels:\n  orchestration: auto\n$$");
  await login(page);
  await openAgents(page);
  const listUrl = page.url();
  const row = page.locator('tr[data-agent="BACK_ME"]');
  await row.getByRole('link', { name: 'BACK_ME' }).click();
  await expect(page.getByLabel('Comment')).toHaveValue('before');
  const editorUrl = page.url();
  const asked: string[] = [];
  let answer: 'stay' | 'leave' = 'stay';
  page.on('dialog', (d) => { asked.push(d.message()); void (answer === 'stay' ? d.dismiss() : d.accept()); });

  await page.getByLabel('Comment').fill('edited');
  // Back: asked; staying keeps the page, its address and the edit.
  await page.evaluate(() => window.history.back());
  await expect.poll(() => asked.length).toBe(1);
  expect(asked[0]).toContain('unsaved');
  await expect(page.getByLabel('Comment')).toHaveValue('edited');
  expect(page.url()).toBe(editorUrl);
  // Back again: asked again (the guard is back); leaving goes to the list.
  answer = 'leave';
  await page.evaluate(() => window.history.back());
  await expect.poll(() => asked.length).toBe(2);
  await expect(page).toHaveURL(listUrl);
  await expect(row).toBeVisible();
  expect((await describeAgent(page, 'E2E_AGF', 'BACK_ME')).json.comment).toBe('before');

  // Saved changes leave without a question, by a nav link or by Back.
  await row.getByRole('link', { name: 'BACK_ME' }).click();
  await page.getByLabel('Comment').fill('saved');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(listUrl);
  await expect.poll(async () => (await describeAgent(page, 'E2E_AGF', 'BACK_ME')).json.comment).toBe('saved');
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history/);
  // A clean editor leaves without asking.
  await page.goto(editorUrl);
  await expect(page.getByLabel('Comment')).toHaveValue('saved');
  await page.getByRole('link', { name: 'Back to agents' }).click();
  await expect(row).toBeVisible();
  expect(asked).toHaveLength(2);
});
