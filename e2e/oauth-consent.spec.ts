import { expect, test } from '@playwright/test';
import { api } from './helpers';

test('OAuth: a signed-out user signs in, sees the registered client on the consent page, allows, and lands on its redirect with a code', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text()); });
  const base = process.env.FLOE_E2E_URL!;
  // The redirect target is this server under another origin (localhost), where it answers 404:
  // only its URL matters, and the consent page's CSP must let its form end up there.
  const redirect = `${base.replace('127.0.0.1', 'localhost')}/oauth-e2e-callback`;
  const name = `E2E_APP_${Date.now()}`;
  await api(page, `CREATE SECURITY INTEGRATION ${name} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'CONFIDENTIAL'
    OAUTH_REDIRECT_URI = '${redirect}' OAUTH_ALLOW_NON_TLS_REDIRECT_URI = TRUE ENABLED = TRUE`);
  const secrets = JSON.parse((await api(page, `SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${name}')`)).data[0][0]!) as { OAUTH_CLIENT_ID: string; OAUTH_CLIENT_SECRET: string };

  const authorize = new URL('/oauth/authorize', base);
  for (const [k, v] of Object.entries({ response_type: 'code', client_id: secrets.OAUTH_CLIENT_ID, redirect_uri: redirect, state: 'e2e-state', scope: 'refresh_token session:role:SYSADMIN' })) {
    authorize.searchParams.set(k, v);
  }
  await page.goto(authorize.toString());
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('User').fill('ADMIN');
  await page.getByLabel('Password').fill(process.env.FLOE_ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // Back at the authorization request: the consent page names the client and the role.
  await expect(page.getByTestId('oauth-client')).toHaveText(name, { timeout: 20_000 });
  await expect(page.getByTestId('oauth-role')).toHaveText('SYSADMIN');
  expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
  await page.getByRole('button', { name: 'Allow' }).click();

  await page.waitForURL((u) => u.toString().startsWith(redirect));
  const landed = new URL(page.url());
  expect(landed.searchParams.get('state')).toBe('e2e-state');
  const code = landed.searchParams.get('code');
  expect(code).toBeTruthy();
  expect(violations).toEqual([]);

  // The code is the client's, with its secret.
  const res = await page.request.post('/oauth/token-request', {
    headers: { authorization: `Basic ${Buffer.from(`${encodeURIComponent(secrets.OAUTH_CLIENT_ID)}:${encodeURIComponent(secrets.OAUTH_CLIENT_SECRET)}`).toString('base64')}` },
    form: { grant_type: 'authorization_code', code: code!, redirect_uri: redirect },
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toMatchObject({ username: 'ADMIN', scope: 'refresh_token session:role:SYSADMIN' });
});

test('OAuth: Deny sends the browser back with access_denied; an unregistered client never leaves the site', async ({ page }) => {
  const base = process.env.FLOE_E2E_URL!;
  const redirect = `${base}/oauth-e2e-callback`;
  const name = `E2E_APP_${Date.now()}`;
  await api(page, `CREATE SECURITY INTEGRATION ${name} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'CONFIDENTIAL'
    OAUTH_REDIRECT_URI = '${redirect}' OAUTH_ALLOW_NON_TLS_REDIRECT_URI = TRUE ENABLED = TRUE`);
  const { OAUTH_CLIENT_ID: clientId } = JSON.parse((await api(page, `SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${name}')`)).data[0][0]!) as { OAUTH_CLIENT_ID: string };
  await page.goto('/');
  await page.getByLabel('User').fill('ADMIN');
  await page.getByLabel('Password').fill(process.env.FLOE_ADMIN_PASSWORD!);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toHaveText('ADMIN', { timeout: 20_000 });

  await page.goto(`/oauth/authorize?response_type=code&client_id=anything&redirect_uri=${encodeURIComponent('https://attacker.example/cb')}`);
  await expect(page.getByTestId('oauth-error')).toHaveText('invalid_client');
  expect(new URL(page.url()).host).toBe(new URL(base).host);

  await page.goto(`/oauth/authorize?response_type=code&client_id=${encodeURIComponent(clientId)}&redirect_uri=${encodeURIComponent(redirect)}&state=d&scope=${encodeURIComponent('session:role:PUBLIC')}`);
  await expect(page.getByTestId('oauth-client')).toHaveText(name);
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL((u) => u.toString().startsWith(redirect));
  const landed = new URL(page.url());
  expect(landed.searchParams.get('error')).toBe('access_denied');
  expect(landed.searchParams.get('code')).toBeNull();
});
