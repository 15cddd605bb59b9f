// Authentication (PATs, key-pair JWTs, token-type headers, 401/403 bodies) and the user, role
// and token commands, against the shared server.
import { describe, expect, test } from 'vitest';
import { exec, ok, submit, type StatementResponse } from './client';
import { uniqueName } from './helpers';
import { ACCOUNT, addPat, createUser, jwt, makeKeyPair, userWithKey } from './auth-keys';

const JWT_TYPE = { 'x-snowflake-authorization-token-type': 'KEYPAIR_JWT' };
const PAT_TYPE = { 'x-snowflake-authorization-token-type': 'PROGRAMMATIC_ACCESS_TOKEN' };

function expect401(res: StatementResponse, code?: string) {
  expect(res.status, res.text).toBe(401);
  expect(res.headers.get('www-authenticate')).toBe('Bearer');
  expect(res.json).toEqual({ code: expect.any(String), message: expect.any(String) });
  if (code) expect(res.json!.code).toBe(code);
}

const whoAmI = async (token: string, headers: Record<string, string> = {}) =>
  (await ok('SELECT CURRENT_USER()', { token, headers })).data![0][0];

describe('PATs', () => {
  test('missing header, non-Bearer, unknown PAT: 401 390303', async () => {
    expect401(await submit('SELECT 1', { token: null }), '390303');
    expect401(await submit('SELECT 1', { token: null, headers: { authorization: 'Basic QURNSU46cGFzc3dvcmQ=' } }), '390303');
    expect401(await submit('SELECT 1', { token: 'floe_pat_nope', headers: PAT_TYPE }), '390303');
  });

  test('a PAT authenticates its user; removed and rotated-away secrets stop working at once', async () => {
    const user = await createUser();
    const { tokenName, secret } = await addPat(user);
    expect(await whoAmI(secret)).toBe(user);
    expect(await whoAmI(secret, PAT_TYPE)).toBe(user);
    const rotated = await ok(`ALTER USER ${user} ROTATE PROGRAMMATIC ACCESS TOKEN ${tokenName}`);
    const fresh = rotated.data![0][1]!;
    expect(fresh).not.toBe(secret);
    expect401(await submit('SELECT 1', { token: secret }), '390303');
    expect(await whoAmI(fresh)).toBe(user);
    const shown = await ok(`SHOW USER PROGRAMMATIC ACCESS TOKENS FOR USER ${user}`);
    expect(shown.data!.map((r) => r[0])).toEqual([tokenName]);
    expect(JSON.stringify(shown)).not.toContain(fresh);
    await ok(`ALTER USER ${user} REMOVE PROGRAMMATIC ACCESS TOKEN ${tokenName}`);
    expect401(await submit('SELECT 1', { token: fresh }), '390303');
  });

  test('a disabled user: 403; enabled again: works', async () => {
    const user = await createUser();
    const { secret } = await addPat(user);
    expect(await whoAmI(secret)).toBe(user);
    await ok(`ALTER USER ${user} SET DISABLED = TRUE`);
    const res = await submit('SELECT 1', { token: secret });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: '390304' });
    await ok(`ALTER USER ${user} UNSET DISABLED`);
    expect(await whoAmI(secret)).toBe(user);
  });

  test('a user adds his own PAT without naming himself; a role restriction fixes his role', async () => {
    const user = await createUser(undefined, ['SYSADMIN']);
    const { secret } = await addPat(user);
    const own = await ok('ALTER USER ADD PAT MINE ROLE_RESTRICTION = \'PUBLIC\' DAYS_TO_EXPIRY = 2 COMMENT = \'x\'', { token: secret });
    const restricted = own.data![0][1]!;
    expect((await ok('SELECT CURRENT_ROLE()', { token: restricted })).data).toEqual([['PUBLIC']]);
    expect((await exec('USE ROLE SYSADMIN', { token: restricted })).json!.code).toBe('003013');
  });
});

describe('key-pair JWT', () => {
  test('valid: with either header name, with none, iat/exp in milliseconds, org-style account, second key', async () => {
    const { user, keyPair } = await userWithKey();
    for (const headers of [JWT_TYPE, { 'x-service-authorization-token-type': 'KEYPAIR_JWT' }, {}] as Record<string, string>[]) {
      expect(await whoAmI(jwt({ user, keyPair }), headers)).toBe(user);
    }
    const nowMs = Date.now();
    expect(await whoAmI(jwt({ user, keyPair, iat: nowMs, exp: nowMs + 3_000_000 }))).toBe(user);
    expect(await whoAmI(jwt({ user, keyPair, account: `MYORG-${ACCOUNT}` }))).toBe(user);
    expect(await whoAmI(jwt({ user, keyPair, account: ACCOUNT.toLowerCase() }))).toBe(user);
    const second = makeKeyPair();
    await ok(`ALTER USER ${user} SET RSA_PUBLIC_KEY_2='${second.publicKeyB64}'`);
    expect(await whoAmI(jwt({ user, keyPair: second }))).toBe(user);
    await ok(`ALTER USER ${user} UNSET RSA_PUBLIC_KEY_2`);
    expect401(await submit('SELECT 1', { token: jwt({ user, keyPair: second }) }), '390144');
  });

  test('invalid: fingerprint, signature, HS256, none, expired, issued over an hour ago, account, contradicting type', async () => {
    const { user, keyPair } = await userWithKey();
    const other = makeKeyPair();
    const now = Math.floor(Date.now() / 1000);
    const bad = {
      fingerprint: jwt({ user, keyPair, fingerprint: other.fingerprint }),
      signature: jwt({ user, keyPair, signWith: other.privateKey }),
      hs256: jwt({ user, keyPair, alg: 'HS256' }),
      none: jwt({ user, keyPair, alg: 'none' }),
      expired: jwt({ user, keyPair, iat: now - 7200, exp: now - 3600 }),
      tooOld: jwt({ user, keyPair, iat: now - 3900, exp: now + 3600 }),
      account: jwt({ user, keyPair, account: 'SOMEONE_ELSE' }),
      user: jwt({ user: 'NO_SUCH_USER', keyPair }),
    };
    for (const [what, token] of Object.entries(bad)) {
      for (const headers of [JWT_TYPE, {}]) {
        const res = await submit('SELECT 1', { token, headers });
        expect(res.status, what).toBe(401);
        expect(res.json!.code, what).toBe('390144');
      }
    }
    expect401(await submit('SELECT 1', { token: jwt({ user, keyPair }), headers: PAT_TYPE }), '390303');
    expect401(await submit('SELECT 1', { token: 'floe_pat_abc', headers: JWT_TYPE }), '390144');
    expect401(await submit('SELECT 1', { token: jwt({ user, keyPair }), headers: { 'x-snowflake-authorization-token-type': 'WHATEVER' } }));
  });

  test('a disabled key user gets 403', async () => {
    const { user, keyPair } = await userWithKey();
    await ok(`ALTER USER ${user} SET DISABLED = TRUE`);
    expect((await submit('SELECT 1', { token: jwt({ user, keyPair }) })).status).toBe(403);
  });
});

describe('users and roles', () => {
  test('CREATE/DESCRIBE/SHOW/ALTER/DROP USER', async () => {
    const name = uniqueName('U');
    await ok(`CREATE USER ${name} PASSWORD='s3cret' DEFAULT_ROLE=PUBLIC DEFAULT_NAMESPACE='NODB' COMMENT='hello'`);
    expect((await ok(`CREATE USER IF NOT EXISTS ${name}`)).data![0][0]).toContain('already exists');
    expect((await exec(`CREATE USER ${name}`)).json!.code).toBe('002002');
    const desc = await ok(`DESCRIBE USER ${name}`);
    expect(desc.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['property', 'value', 'default', 'description']);
    const prop = (p: string) => desc.data!.find((r) => r[0] === p)![1];
    expect([prop('COMMENT'), prop('PASSWORD'), prop('DEFAULT_ROLE'), prop('DISABLED')]).toEqual(['hello', '********', 'PUBLIC', 'false']);
    expect(JSON.stringify(desc)).not.toContain('s3cret');
    const show = await ok(`SHOW USERS LIKE '${name.toLowerCase()}'`);
    const cols = show.resultSetMetaData!.rowType.map((c) => c.name);
    expect(cols.slice(0, 3)).toEqual(['name', 'created_on', 'login_name']);
    const row = Object.fromEntries(cols.map((c, i) => [c, show.data![0][i]]));
    expect(row).toMatchObject({ name, comment: 'hello', has_password: 'true', has_rsa_public_key: 'false', default_role: 'PUBLIC', disabled: 'false' });
    await ok(`ALTER USER ${name} SET COMMENT='bye' DEFAULT_WAREHOUSE=COMPUTE_WH`);
    await ok(`ALTER USER ${name} UNSET PASSWORD, COMMENT`);
    const after = (await ok(`SHOW USERS LIKE '${name}'`)).data![0];
    expect(after[cols.indexOf('has_password')]).toBe('false');
    expect(after[cols.indexOf('default_warehouse')]).toBe('COMPUTE_WH');
    expect((await exec(`ALTER USER ${name} SET RSA_PUBLIC_KEY='not a key'`)).status).toBe(422);
    await ok(`DROP USER ${name}`);
    expect((await exec(`DROP USER ${name}`)).json!.code).toBe('002003');
    await ok(`DROP USER IF EXISTS ${name}`);
  });

  test('roles: grants decide body role and USE ROLE; inheritance; SHOW ROLES; only ACCOUNTADMIN administers', async () => {
    const role = uniqueName('R');
    const child = uniqueName('R');
    await ok(`CREATE ROLE ${role}`);
    await ok(`CREATE ROLE IF NOT EXISTS ${role}`);
    await ok(`CREATE ROLE ${child}`);
    await ok(`GRANT ROLE ${child} TO ROLE ${role}`);
    expect((await exec(`GRANT ROLE ${role} TO ROLE ${child}`)).json!.code).toBe('003012');
    const user = await createUser(undefined, [role]);
    const { secret } = await addPat(user);
    expect((await ok('SELECT CURRENT_ROLE()', { token: secret })).data).toEqual([[role]]);
    expect((await ok('SELECT CURRENT_ROLE()', { token: secret, role: child })).data).toEqual([[child]]);
    expect((await ok('USE ROLE PUBLIC; SELECT CURRENT_ROLE()', { token: secret, parameters: { MULTI_STATEMENT_COUNT: 2 } })).code).toBe('090001');
    expect((await exec('SELECT 1', { token: secret, role: 'SYSADMIN' })).json!.code).toBe('390189');
    expect((await exec('USE ROLE ACCOUNTADMIN', { token: secret })).json!.code).toBe('003013');
    // A non-admin may not administer users or roles.
    expect((await exec(`CREATE USER ${uniqueName('U')}`, { token: secret })).json!.code).toBe('003001');
    const denied = await exec('ALTER USER ADMIN SET COMMENT=\'x\'', { token: secret });
    expect(denied.json!.message).toContain("Insufficient privileges to operate on user 'ADMIN'");
    expect((await exec('ALTER USER ADMIN ADD PAT X', { token: secret })).json!.code).toBe('003001');
    expect((await exec(`CREATE ROLE ${uniqueName('R')}`, { token: secret })).json!.code).toBe('003001');
    const roles = await ok(`SHOW ROLES LIKE '${role}'`);
    expect(roles.data![0][1]).toBe(role);
    await ok(`REVOKE ROLE ${role} FROM USER ${user}`);
    expect((await ok('SELECT CURRENT_ROLE()', { token: secret })).data).toEqual([['PUBLIC']]);
    await ok(`DROP ROLE ${role}`);
    await ok(`DROP ROLE ${child}`);
    expect((await exec('DROP ROLE ACCOUNTADMIN')).json!.code).toBe('003001');
  });
});
