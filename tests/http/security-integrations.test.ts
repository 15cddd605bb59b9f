// OAuth clients registered as Snowflake does it: CREATE / ALTER / DROP / SHOW / DESCRIBE SECURITY
// INTEGRATION (ACCOUNTADMIN only, unknown properties refused) and SYSTEM$SHOW_OAUTH_CLIENT_SECRETS,
// whose secrets are stored nowhere: not in the database, the journal, an image or the statement
// registry (its result is answered once and never kept: its handle answers 'evicted', 300004).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, inject, test } from 'vitest';
import { exec, getStatement, ok } from './client';
import { createUser } from './auth-keys';
import { consoleSignIn } from './console-login';
import { uniqueName } from './helpers';
import { basic, clientSecrets, consent, OAUTH, REDIRECT, registerClient, tokenRequest } from './oauth-helpers';

const create = (name: string, rest = `OAUTH_REDIRECT_URI = '${REDIRECT}' OAUTH_ALLOW_NON_TLS_REDIRECT_URI = TRUE`) =>
  `CREATE SECURITY INTEGRATION ${name} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'CONFIDENTIAL' ${rest}`;

async function failure(sql: string, opts: Parameters<typeof exec>[1] = {}) {
  const res = await exec(sql, opts);
  expect(res.status, res.text).toBe(422);
  return res.json as { code: string; message: string };
}

let sysadmin: string;

beforeAll(async () => {
  sysadmin = await createUser(undefined, ['SYSADMIN']);
});

async function sysadminToken(): Promise<string> {
  const res = await ok(`ALTER USER ${sysadmin} ADD PROGRAMMATIC ACCESS TOKEN ${uniqueName('T')}`);
  return res.data![0][1]!;
}

describe('CREATE / SHOW / DESCRIBE / ALTER / DROP SECURITY INTEGRATION', () => {
  test('a created client is listed and described as Snowflake does (disabled unless ENABLED = TRUE)', async () => {
    const name = uniqueName('APP');
    const created = await ok(`${create(name)} COMMENT = 'my app'`);
    expect(created.data).toEqual([[`Integration ${name} successfully created.`]]);
    const shown = await ok(`SHOW SECURITY INTEGRATIONS LIKE '${name}'`);
    expect(shown.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['name', 'type', 'category', 'enabled', 'comment', 'created_on']);
    expect(shown.data!.map((r) => r.slice(0, 5))).toEqual([[name, 'OAUTH - CUSTOM', 'SECURITY', 'false', 'my app']]);
    expect((await ok(`SHOW INTEGRATIONS LIKE '${name}'`)).data).toHaveLength(1);
    const desc = await ok(`DESC SECURITY INTEGRATION ${name}`);
    expect(desc.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['property', 'property_type', 'property_value', 'property_default']);
    const props = Object.fromEntries(desc.data!.map((r) => [r[0], r[2]]));
    const secrets = await clientSecrets(name);
    expect(props).toMatchObject({
      ENABLED: 'false', OAUTH_REDIRECT_URI: REDIRECT, OAUTH_CLIENT_TYPE: 'CONFIDENTIAL', OAUTH_CLIENT_ID: secrets.OAUTH_CLIENT_ID,
      BLOCKED_ROLES_LIST: 'ACCOUNTADMIN,SECURITYADMIN', PRE_AUTHORIZED_ROLES_LIST: '', OAUTH_ISSUE_REFRESH_TOKENS: 'true',
      OAUTH_REFRESH_TOKEN_VALIDITY: '7776000', OAUTH_AUTHORIZATION_ENDPOINT: '/oauth/authorize', OAUTH_TOKEN_ENDPOINT: '/oauth/token-request', COMMENT: 'my app',
    });
    expect(JSON.stringify(desc.data)).not.toContain(secrets.OAUTH_CLIENT_SECRET);
    await ok(`ALTER SECURITY INTEGRATION ${name} SET ENABLED = TRUE OAUTH_REFRESH_TOKEN_VALIDITY = 86400 BLOCKED_ROLES_LIST = ('sysadmin', "Odd") COMMENT = 'x'`);
    const after = Object.fromEntries((await ok(`DESCRIBE INTEGRATION ${name}`)).data!.map((r) => [r[0], r[2]]));
    expect(after).toMatchObject({ ENABLED: 'true', OAUTH_REFRESH_TOKEN_VALIDITY: '86400', BLOCKED_ROLES_LIST: 'SYSADMIN,Odd', COMMENT: 'x' });
    await ok(`ALTER INTEGRATION ${name} UNSET BLOCKED_ROLES_LIST, COMMENT`);
    const unset = Object.fromEntries((await ok(`DESCRIBE INTEGRATION ${name}`)).data!.map((r) => [r[0], r[2]]));
    expect(unset).toMatchObject({ BLOCKED_ROLES_LIST: 'ACCOUNTADMIN,SECURITYADMIN', COMMENT: '' });
    expect((await ok(`DROP SECURITY INTEGRATION ${name}`)).data).toEqual([[`${name} successfully dropped.`]]);
    expect((await ok(`SHOW INTEGRATIONS LIKE '${name}'`)).data).toEqual([]);
    expect((await failure(`DROP INTEGRATION ${name}`)).code).toBe('002003');
    await ok(`DROP INTEGRATION IF EXISTS ${name}`);
  });

  test('IF NOT EXISTS, an existing name, and OR REPLACE (a new client: new id, new secrets)', async () => {
    const name = uniqueName('APP');
    await ok(create(name));
    const before = await clientSecrets(name);
    expect((await ok(`CREATE SECURITY INTEGRATION IF NOT EXISTS ${name} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'PUBLIC' OAUTH_REDIRECT_URI = 'https://x.example/cb'`)).data![0][0]).toContain('already exists');
    expect((await failure(create(name))).code).toBe('002002');
    await ok(`CREATE OR REPLACE SECURITY INTEGRATION ${name} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'PUBLIC' OAUTH_REDIRECT_URI = 'https://x.example/cb'`);
    const after = await clientSecrets(name);
    expect(after.OAUTH_CLIENT_ID).not.toBe(before.OAUTH_CLIENT_ID);
    expect(after.OAUTH_CLIENT_SECRET).not.toBe(before.OAUTH_CLIENT_SECRET);
    await ok(`DROP INTEGRATION ${name}`);
  });

  test('what Floe does not implement fails with a clear error instead of being ignored', async () => {
    const name = uniqueName('APP');
    const bad: [string, string, RegExp][] = [
      [`${create(name)} NETWORK_POLICY = 'p'`, '001008', /invalid property 'NETWORK_POLICY' for 'SECURITY INTEGRATION'/],
      [`${create(name)} OAUTH_USE_SECONDARY_ROLES = IMPLICIT`, '001008', /OAUTH_USE_SECONDARY_ROLES/],
      [`${create(name)} FOO = 1`, '001008', /invalid property 'FOO'/],
      [`CREATE SECURITY INTEGRATION ${name} TYPE = SAML2 SAML2_ISSUER = 'x'`, '001008', /SAML2_ISSUER/],
      [`CREATE SECURITY INTEGRATION ${name} TYPE = EXTERNAL_OAUTH`, '002140', /TYPE = EXTERNAL_OAUTH/],
      [`CREATE SECURITY INTEGRATION ${name} TYPE = OAUTH OAUTH_CLIENT = TABLEAU_DESKTOP`, '002140', /OAUTH_CLIENT = TABLEAU_DESKTOP/],
      [`CREATE SECURITY INTEGRATION ${name} TYPE = OAUTH OAUTH_CLIENT = CUSTOM OAUTH_CLIENT_TYPE = 'CONFIDENTIAL'`, '002029', /OAUTH_REDIRECT_URI/],
      [create(name, "OAUTH_REDIRECT_URI = 'http://app.example/cb'"), '002031', /not https/],
      [create(name, "OAUTH_REDIRECT_URI = 'https://app.example/cb#frag'"), '002031', /fragment/],
      [create(name, "OAUTH_REDIRECT_URI = 'javascript:alert(1)'"), '002031', /scheme/],
      [create(name, "OAUTH_REDIRECT_URI = 'https://a.example/' OAUTH_CLIENT_TYPE = 'SECRET'"), '002031', /OAUTH_CLIENT_TYPE/],
      [`${create(name)} OAUTH_REFRESH_TOKEN_VALIDITY = 60`, '002031', /between 86400 and 7776000/],
      [`${create(name)} PRE_AUTHORIZED_ROLES_LIST = ('ACCOUNTADMIN')`, '002031', /cannot be pre-authorized/],
      [`${create(name)} ENABLED = MAYBE`, '002031', /ENABLED/],
    ];
    for (const [sql, code, message] of bad) {
      const f = await failure(sql);
      expect(f.code, sql).toBe(code);
      expect(f.message, sql).toMatch(message);
    }
    expect((await ok(`SHOW INTEGRATIONS LIKE '${name}'`)).data).toEqual([]);
    await ok(create(name));
    expect((await failure(`ALTER SECURITY INTEGRATION ${name} UNSET OAUTH_REDIRECT_URI`)).message).toMatch(/required/);
    expect((await failure(`ALTER SECURITY INTEGRATION ${name} SET OAUTH_ALLOW_NON_TLS_REDIRECT_URI = FALSE`)).message).toMatch(/not https/);
    expect((await failure(`ALTER SECURITY INTEGRATION ${name} SET TYPE = SAML2`)).code).toBe('001008');
    await ok(`DROP INTEGRATION ${name}`);
  });

  test('only ACCOUNTADMIN registers, sees, changes clients and reads their secrets', async () => {
    const client = await registerClient();
    const token = await sysadminToken();
    const denied = async (sql: string, code: string) => expect((await failure(sql, { token })).code, sql).toBe(code);
    await denied(create(uniqueName('APP')), '003001');
    await denied(`ALTER SECURITY INTEGRATION ${client.name} SET ENABLED = FALSE`, '003001');
    await denied(`ALTER SECURITY INTEGRATION ${client.name} REFRESH OAUTH_CLIENT_SECRET`, '003001');
    await denied(`DROP SECURITY INTEGRATION ${client.name}`, '003001');
    await denied(`DESCRIBE SECURITY INTEGRATION ${client.name}`, '002003');
    await denied(`SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${client.name}')`, '003001');
    expect((await ok('SHOW SECURITY INTEGRATIONS', { token })).data).toEqual([]);
    expect((await failure(`SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('NO_SUCH_APP')`)).code).toBe('002003');
  });
});

describe('SYSTEM$SHOW_OAUTH_CLIENT_SECRETS', () => {
  test('answers the client id and two secrets; REFRESH changes one of them', async () => {
    const c = await registerClient();
    const s = await clientSecrets(c.name);
    expect(Object.keys(s).sort()).toEqual(['OAUTH_CLIENT_ID', 'OAUTH_CLIENT_SECRET', 'OAUTH_CLIENT_SECRET_2']);
    expect(s.OAUTH_CLIENT_SECRET).not.toBe(s.OAUTH_CLIENT_SECRET_2);
    expect(await clientSecrets(c.name)).toEqual(s); // computed again, the same
    await ok(`ALTER SECURITY INTEGRATION ${c.name} REFRESH OAUTH_CLIENT_SECRET_2`);
    const after = await clientSecrets(c.name);
    expect(after.OAUTH_CLIENT_SECRET).toBe(s.OAUTH_CLIENT_SECRET);
    expect(after.OAUTH_CLIENT_SECRET_2).not.toBe(s.OAUTH_CLIENT_SECRET_2);
    // As clients use it: a field of the parsed JSON.
    const parsed = await ok(`SELECT PARSE_JSON(SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${c.name}')):OAUTH_CLIENT_ID::VARCHAR`);
    expect(parsed.data).toEqual([[s.OAUTH_CLIENT_ID]]);
  });

  test('its result is answered once: the handle, RESULT_SCAN and a retry find no stored result', async () => {
    const c = await registerClient();
    const requestId = crypto.randomUUID();
    const first = await ok(`SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${c.name}')`, { requestId });
    expect(first.data![0][0]).toContain(c.secret);
    const again = await getStatement(first.statementHandle!);
    expect(again.status).toBe(422);
    expect(again.json).toMatchObject({ code: '300004', statementHandle: first.statementHandle });
    expect(again.text).not.toContain(c.secret);
    const retried = await exec(`SELECT SYSTEM$SHOW_OAUTH_CLIENT_SECRETS('${c.name}')`, { requestId, retry: true });
    expect(retried.status).toBe(422);
    expect(retried.text).not.toContain(c.secret);
    const scan = await exec(`SELECT * FROM TABLE(RESULT_SCAN('${first.statementHandle}'))`);
    expect(scan.status).toBe(422);
    expect(scan.json).toMatchObject({ code: '300004' });
    expect(scan.text).not.toContain(c.secret);
  });

  test('no secret is anywhere in the data dir: database, journal, images, statement registry', async () => {
    const password = 'pw-secrets-1';
    const user = await createUser(undefined, ['PUBLIC'], `PASSWORD='${password}'`);
    const c = await registerClient();
    await clientSecrets(c.name);
    const code = new URL(await consent(c, (await consoleSignIn(user, password)).cookie, { scope: 'refresh_token' })).searchParams.get('code')!;
    const t = (await tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: c.redirectUri }, basic(c.clientId, c.secret))).json;
    expect((await ok('SELECT 1', { token: t.access_token, headers: OAUTH })).data).toEqual([['1']]);
    const dataDir = inject('FLOE_DATA_DIR');
    const secrets = [c.secret, c.secret2, t.access_token, t.refresh_token];
    const pgUrl = inject('FLOE_PG_URL');
    // On PostgreSQL (the http-pg project) the database, registry and results are the database's
    // rows: every table is read too (bytea shows as hex, so hex counts too).
    const files = filesIn(dataDir);
    if (!pgUrl) {
      expect(files.some(([f]) => f.includes(`${path.sep}engine${path.sep}`))).toBe(true);
      expect(files.some(([f]) => f.endsWith('registry.jsonl'))).toBe(true);
    }
    const stored = pgUrl ? [...files, ...await databaseRows(pgUrl)] : files;
    let clientIdSeen = false;
    for (const [where, text] of stored) {
      for (const s of secrets) {
        expect(text.includes(s), `${s.slice(0, 6)}… in ${where}`).toBe(false);
        expect(text.includes(Buffer.from(s).toString('hex')), `${s.slice(0, 6)}… (hex) in ${where}`).toBe(false);
      }
      clientIdSeen ||= text.includes(c.clientId);
    }
    // The scan does see what is stored: the (public) client_id is in the database.
    expect(clientIdSeen).toBe(true);
    // On sql.js the key they derive from is the data dir's own, readable by its owner only (on
    // PostgreSQL every node derives it from the shared session secret: nothing to find).
    if (!pgUrl) expect(fs.statSync(path.join(dataDir, 'oauth-server-key')).mode & 0o777).toBe(0o600);
  });
});

/** Every file under a data dir, as text. */
function filesIn(dataDir: string): [string, string][] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) files.push(p);
    }
  };
  walk(dataDir);
  return files.map((f) => [f, fs.readFileSync(f).toString('latin1')]);
}

/** Every row of every table of the server's PostgreSQL database, as text per table. */
async function databaseRows(url: string): Promise<[string, string][]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    // (Other sessions' temporary tables cannot be read, and hold only what their statements put there.)
    const tables = (await db.query("SELECT quote_ident(schemaname) || '.' || quote_ident(tablename) AS t FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') AND schemaname NOT LIKE 'pg\\_temp\\_%'")).rows as { t: string }[];
    expect(tables.length).toBeGreaterThan(0);
    const out: [string, string][] = [];
    for (const { t } of tables) {
      // (Test files running beside this one share the database: a table dropped meanwhile holds nothing more.)
      const rows = await db.query(`SELECT x::text AS v FROM ${t} AS x`).then((r) => r.rows as { v: string }[], (e: { code?: string }) => {
        if (e.code === '42P01') return [];
        throw e;
      });
      out.push([t, rows.map((r) => r.v).join('\n')]);
    }
    return out;
  } finally {
    await db.end();
  }
}
