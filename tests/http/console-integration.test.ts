// The console signs in through a built-in security integration, FLOE_CONSOLE: listed and
// described like any OAuth client, its tokens carry its client_id, it cannot be dropped or
// replaced, its (nonexistent) redirect and secrets cannot be read out or set, /oauth/* refuses it,
// and ENABLED = FALSE stops new console sign-ins with a clear message (TRUE restores them).
// Turning it off would break every other test's sign-in: that part runs on a private server.
import initSqlJs from 'sql.js';
import fs from 'node:fs';
import { afterAll, describe, expect, test } from 'vitest';
import { api, exec, makeClient, ok } from './client';
import { createUser } from './auth-keys';
import { consoleSignIn, signInError } from './console-login';
import pg from 'pg';
import { compactedImage, editImage } from './old-images';
import { authorizeGet, basic, expectOAuthError, OAUTH, REDIRECT, tokenRequest } from './oauth-helpers';
import { startServer, type FloeServer } from './server-control';

const NAME = 'FLOE_CONSOLE';
const DISABLED = 'Console sign-in is disabled: security integration FLOE_CONSOLE has ENABLED = FALSE. An administrator can turn it back on with ALTER SECURITY INTEGRATION FLOE_CONSOLE SET ENABLED = TRUE.';

const describeProps = async (run: typeof ok = ok) => Object.fromEntries((await run(`DESCRIBE SECURITY INTEGRATION ${NAME}`)).data!.map((r) => [r[0], r[2]]));

async function refusedBuiltIn(sql: string, what: string) {
  const res = await exec(sql);
  expect(res.status, res.text).toBe(422);
  expect(res.json).toMatchObject({ code: '003001', sqlState: '42501' });
  expect(res.json!.message).toBe(`SQL access control error:\nInsufficient privileges to ${what} integration 'FLOE_CONSOLE': it is built in (the Floe console signs in through it). Only ENABLED and COMMENT can be changed.`);
}

describe('FLOE_CONSOLE on the shared server (never disabled here)', () => {
  test('SHOW [SECURITY] INTEGRATIONS lists it, enabled; DESCRIBE shows its client id and no redirect or secret', async () => {
    const shown = await ok(`SHOW SECURITY INTEGRATIONS LIKE '${NAME}'`);
    expect(shown.data!.map((r) => r.slice(0, 4))).toEqual([[NAME, 'OAUTH - CUSTOM', 'SECURITY', 'true']]);
    expect(shown.data![0][4]).toMatch(/console/i);
    expect((await ok('SHOW INTEGRATIONS')).data!.map((r) => r[0])).toContain(NAME);
    const props = await describeProps();
    expect(Object.keys(props)).toEqual(['ENABLED', 'OAUTH_CLIENT_TYPE', 'OAUTH_CLIENT_ID', 'OAUTH_AUTHORIZATION_ENDPOINT', 'OAUTH_ISSUE_REFRESH_TOKENS', 'COMMENT']);
    expect(props).toMatchObject({ ENABLED: 'true', OAUTH_CLIENT_TYPE: 'CONFIDENTIAL', OAUTH_AUTHORIZATION_ENDPOINT: '/login', OAUTH_ISSUE_REFRESH_TOKENS: 'false' });
    expect(props.OAUTH_CLIENT_ID).toMatch(/^[A-Za-z0-9+/]{32}$/);
    // Only ACCOUNTADMIN sees integrations (as for every other one).
    const user = await createUser(undefined, ['SYSADMIN']);
    const pat = (await ok(`ALTER USER ${user} ADD PROGRAMMATIC ACCESS TOKEN T1`)).data![0][1]!;
    expect((await ok(`SHOW INTEGRATIONS LIKE '${NAME}'`, { token: pat })).data).toEqual([]);
  });

  test('DROP and CREATE OR REPLACE are refused; CREATE answers that it exists; it is still there', async () => {
    await refusedBuiltIn(`DROP SECURITY INTEGRATION ${NAME}`, 'drop');
    await refusedBuiltIn(`DROP INTEGRATION IF EXISTS ${NAME}`, 'drop');
    await refusedBuiltIn(`CREATE OR REPLACE SECURITY INTEGRATION ${NAME} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'CONFIDENTIAL' OAUTH_REDIRECT_URI = 'https://x.example/cb'`, 'replace');
    const plain = await exec(`CREATE SECURITY INTEGRATION ${NAME} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'CONFIDENTIAL' OAUTH_REDIRECT_URI = 'https://x.example/cb'`);
    expect(plain.json).toMatchObject({ code: '002002' });
    expect((await ok(`SHOW INTEGRATIONS LIKE '${NAME}'`)).data).toHaveLength(1);
  });

  test('its secrets and redirect cannot be read out or set; only ENABLED and COMMENT change', async () => {
    await refusedBuiltIn(`SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${NAME}')`, 'read the client secrets of');
    await refusedBuiltIn(`ALTER SECURITY INTEGRATION ${NAME} SET OAUTH_REDIRECT_URI = 'https://attacker.example/cb'`, 'change the settings of');
    await refusedBuiltIn(`ALTER SECURITY INTEGRATION ${NAME} SET COMMENT = 'x' OAUTH_ISSUE_REFRESH_TOKENS = TRUE`, 'change the settings of');
    await refusedBuiltIn(`ALTER SECURITY INTEGRATION ${NAME} REFRESH OAUTH_CLIENT_SECRET`, 'change the settings of');
    await refusedBuiltIn(`ALTER INTEGRATION ${NAME} UNSET ENABLED`, 'change the settings of');
    const before = await describeProps();
    await ok(`ALTER SECURITY INTEGRATION ${NAME} SET COMMENT = 'the console'`);
    expect((await describeProps()).COMMENT).toBe('the console');
    await ok(`ALTER SECURITY INTEGRATION ${NAME} SET COMMENT = '${before.COMMENT}'`);
    expect(await describeProps()).toEqual(before);
  });

  test('/oauth/authorize and /oauth/token-request refuse its client id like an unknown client', async () => {
    const { OAUTH_CLIENT_ID: clientId } = await describeProps();
    const user = await createUser(undefined, ['PUBLIC'], "PASSWORD='pw-console-int'");
    const { cookie } = await consoleSignIn(user, 'pw-console-int');
    const page = await authorizeGet({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, state: 's' }, cookie);
    expect(page.status).toBe(400);
    expect(page.location).toBeNull();
    expect(page.html).toContain('invalid_client');
    expectOAuthError(await tokenRequest({ grant_type: 'authorization_code', code: 'x', redirect_uri: REDIRECT }, basic(clientId, 'guess')), 'invalid_client', 401);
  });
});

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

test('ENABLED = FALSE stops new console sign-ins (sessions keep their token), TRUE restores; tokens carry its client id; an older data dir gets it at boot', { timeout: 600_000 }, async () => {
  const server = await startServer();
  servers.push(server);
  const a = makeClient(server);
  const { OAUTH_CLIENT_ID: clientId } = await describeProps(a.ok);
  const user = await createUser({ baseUrl: server.url, token: server.token }, ['PUBLIC'], "PASSWORD='pw-console-1'");
  const session = await consoleSignIn(user, 'pw-console-1', server.url);

  await a.ok(`ALTER SECURITY INTEGRATION ${NAME} SET ENABLED = FALSE`);
  expect((await a.ok(`SHOW INTEGRATIONS LIKE '${NAME}'`)).data![0][3]).toBe('false');
  expect(await signInError(user, 'pw-console-1', '192.0.2.10', server.url)).toBe(DISABLED);
  expect(await signInError('ADMIN', server.password, '192.0.2.11', server.url)).toBe(DISABLED);
  // A session signed in before keeps its token until it expires (the admin who turned it off is not cut off).
  const still = await api('POST', '/api/v2/statements', { baseUrl: server.url, token: session.accessToken, headers: OAUTH, body: { statement: 'SELECT 1' } });
  expect(still.status, still.text).toBe(200);

  await a.ok(`ALTER SECURITY INTEGRATION ${NAME} SET ENABLED = TRUE`);
  expect(await signInError(user, 'pw-console-1', '192.0.2.12', server.url)).toBeNull();
  await consoleSignIn('ADMIN', server.password, server.url);
  await server.stop();

  // Every console token row names the console's client (the stopped server's whole state).
  const rows = await stoppedState(server, "SELECT user_name, oauth_client FROM _floe_tokens WHERE comment = 'console session'");
  expect(rows.map((r) => r[0]).sort()).toEqual(['ADMIN', user, user].sort());
  expect(new Set(rows.map((r) => r[1]))).toEqual(new Set([clientId]));

  // A data dir from before FLOE_CONSOLE existed: created (enabled) at the next start.
  await stoppedState(server, `DELETE FROM _floe_integrations WHERE name = '${NAME}'`);
  const upgraded = await startServer({ dataDir: server.dataDir });
  servers.push(upgraded);
  const props = await describeProps(makeClient(upgraded).ok);
  expect(props.ENABLED).toBe('true');
  expect(props.OAUTH_CLIENT_ID).not.toBe(clientId);
  expect((await consoleSignIn(user, 'pw-console-1', upgraded.url)).accessToken).toBeTruthy();
});

/** The compacted image of a stopped server (made once). */
const images = new WeakMap<FloeServer, string>();

/**
 * A statement on a stopped server's whole state: its sql.js image (compacted, edited in place), or
 * on PostgreSQL (the http-pg project) its database. The rows it answers.
 */
async function stoppedState(server: FloeServer, sql: string): Promise<unknown[][]> {
  if (server.pgUrl) {
    const db = new pg.Client({ connectionString: server.pgUrl });
    await db.connect();
    try {
      return (await db.query({ text: sql, rowMode: 'array' })).rows as unknown[][];
    } finally {
      await db.end();
    }
  }
  const image = images.get(server) ?? await compactedImage(server.dataDir, servers);
  images.set(server, image);
  if (!/^\s*SELECT/i.test(sql)) {
    await editImage(image, (d) => d.run(sql));
    return [];
  }
  const SQL = await initSqlJs();
  const db = new SQL.Database(fs.readFileSync(image));
  try {
    return db.exec(sql)[0]?.values ?? [];
  } finally {
    db.close();
  }
}
