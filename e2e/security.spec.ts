import { expect, test } from '@playwright/test';
import { api, runInEditor } from './helpers';

test('a signed-out share link goes through login and back to the statement; the console runs under its CSP without a violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Refused to load (CSP): ${e.violatedDirective} ${e.blockedURI}`));
  });
  const { statementHandle } = await api(page, "SELECT 'after-login' AS S");
  await page.goto(`/statements/${statementHandle}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/statements/${statementHandle}`)}$`));
  await page.getByLabel('User').fill('ADMIN');
  await page.getByLabel('Password').fill(process.env.FLOE_ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/statements/${statementHandle}$`));
  await expect(page.getByTestId('statement-status')).toHaveText('SUCCESS');
  // The worksheet (Monaco and its workers, the grid) under the same policy.
  await page.goto('/');
  await runInEditor(page, 'SELECT 42 AS N');
  await expect(page.getByTestId('data-table').locator('[data-row="0"]')).toContainText('42');
  expect(violations).toEqual([]);
});

test('login never follows next to another site, and the form never puts the password in the URL', async ({ page }) => {
  for (const next of ['//attacker.example/pwn', '/\\attacker.example', 'https://attacker.example/', '/%2F%2Fattacker.example']) {
    await page.context().clearCookies();
    await page.goto(`/login?next=${encodeURIComponent(next)}`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(await page.locator('form.login').getAttribute('method')).toBe('post');
    await page.getByLabel('User').fill('ADMIN');
    await page.getByLabel('Password').fill(process.env.FLOE_ADMIN_PASSWORD!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('current-user')).toHaveText('ADMIN', { timeout: 20_000 });
    expect(new URL(page.url()).host).toBe(new URL(process.env.FLOE_E2E_URL!).host);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(page.url()).not.toContain('password');
  }
});
