import { expect, type Page } from '@playwright/test';

export const shots = (name: string) => `test-results/console-${name}.png`;

/** A statement as the admin, straight through the API (set-up of test data). */
export async function api(page: Page, statement: string) {
  const res = await page.request.post('/api/v2/statements', {
    headers: { authorization: `Bearer ${process.env.FLOE_ADMIN_TOKEN}`, 'content-type': 'application/json', accept: 'application/json' },
    data: { statement },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { statementHandle: string; data: (string | null)[][]; resultSetMetaData: { partitionInfo: unknown[] } };
}

/** Every request the page makes stays on the server under test (Monaco is bundled, no CDN). */
export function watchOrigins(page: Page): string[] {
  const outside: string[] = [];
  const base = new URL(process.env.FLOE_E2E_URL!).host;
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['data:', 'blob:'].includes(u.protocol) && u.host !== base) outside.push(r.url());
  });
  return outside;
}

export async function login(page: Page, user = 'ADMIN', password = process.env.FLOE_ADMIN_PASSWORD!) {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('User').fill(user);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toHaveText(user, { timeout: 20_000 });
}

type EditorHook = {
  setValue(v: string): void; getValue(): string; focus(): void;
  setPosition(p: { lineNumber: number; column: number }): void;
  getModel(): { getLineCount(): number; getLineMaxColumn(n: number): number } | null;
};

/** Replaces the editor's text (key-by-key typing fights Monaco's suggestions and auto-closing). */
export async function setEditorText(page: Page, sql: string, cursor: 'start' | 'end' = 'start') {
  const lines = page.locator('.monaco-editor .view-lines').first();
  await expect(lines).toBeVisible({ timeout: 30_000 });
  await lines.click();
  await page.waitForFunction(() => 'floeEditor' in window);
  await page.evaluate(([text, where]) => {
    const ed = (window as unknown as { floeEditor: EditorHook }).floeEditor;
    ed.setValue(text);
    const model = ed.getModel()!;
    const last = model.getLineCount();
    ed.setPosition(where === 'end' ? { lineNumber: last, column: model.getLineMaxColumn(last) } : { lineNumber: 1, column: 1 });
    ed.focus();
  }, [sql, cursor] as const);
}

export async function editorText(page: Page): Promise<string> {
  await page.waitForFunction(() => 'floeEditor' in window);
  return page.evaluate(() => (window as unknown as { floeEditor: EditorHook }).floeEditor.getValue());
}

/** Puts SQL into Monaco and runs it with the keyboard shortcut. */
export async function runInEditor(page: Page, sql: string, keys = 'Control+Enter') {
  await setEditorText(page, sql);
  await page.keyboard.press(keys);
}

/**
 * Opens a new worksheet and waits until it is the selected tab (the last tab may already be the
 * selected one before the new worksheet exists: waiting for the count first avoids editing that).
 */
export async function newWorksheet(page: Page) {
  const tabs = page.getByTestId('worksheet-tab');
  await expect(tabs.first()).toBeVisible();
  const before = await tabs.count();
  await page.getByRole('button', { name: 'New worksheet' }).click();
  await expect(tabs).toHaveCount(before + 1);
  const fresh = tabs.last();
  await expect(fresh.getByRole('tab')).toHaveAttribute('aria-selected', 'true');
  return fresh;
}

type YamlHook = { getValue(): string; setValue(v: string): void };
/** The agent editor's YAML text (its Monaco editor, exposed as window.floeYamlEditor). */
export const yamlText = async (page: Page) => {
  await page.waitForFunction(() => 'floeYamlEditor' in window);
  return page.evaluate(() => (window as unknown as { floeYamlEditor: YamlHook }).floeYamlEditor.getValue());
};
export const setYaml = (page: Page, text: string) =>
  page.evaluate((t) => (window as unknown as { floeYamlEditor: YamlHook }).floeYamlEditor.setValue(t), text);
/** DESCRIBE AGENT through the REST API as the admin: its status and body. */
export const describeAgent = async (page: Page, database: string, name: string) => {
  const res = await page.request.get(`/api/v2/databases/${database}/schemas/PUBLIC/agents/${name}`, {
    headers: { authorization: `Bearer ${process.env.FLOE_ADMIN_TOKEN}`, accept: 'application/json' },
  });
  return { status: res.status(), json: res.status() === 200 ? await res.json() : null };
};
