// A role-restricted token's scope holds for everything done with it: tokens it mints, credentials
// it would change, and results it reads (reference: ALTER USER … ADD PROGRAMMATIC ACCESS TOKEN).
import { beforeAll, expect, test } from 'vitest';
import { exec, getStatement, ok } from './client';
import { addPat, createUser, makeKeyPair } from './auth-keys';

let user: string;
/** Unrestricted token of a SYSADMIN user, and one restricted to PUBLIC. */
let full: string;
let restricted: string;

beforeAll(async () => {
  user = await createUser({}, ['SYSADMIN', 'PUBLIC']);
  full = (await addPat(user)).secret;
  restricted = (await addPat(user, {}, undefined, "ROLE_RESTRICTION = 'PUBLIC'")).secret;
});

const failsWith = async (statement: string, token: string, code: string) => {
  const res = await exec(statement, { token });
  expect(res.status, `${statement}: ${res.text}`).toBe(422);
  expect(res.json!.code, statement).toBe(code);
};

test('a token minted through a restricted token is restricted too, and never to more than its maker', async () => {
  const minted = await ok('ALTER USER ADD PROGRAMMATIC ACCESS TOKEN CHILD', { token: restricted });
  const secret = minted.data![0][1]!;
  expect((await ok('SELECT CURRENT_ROLE()', { token: secret })).data).toEqual([['PUBLIC']]);
  const shown = await ok(`SHOW USER PROGRAMMATIC ACCESS TOKENS FOR USER ${user}`, { token: full });
  const cols = shown.resultSetMetaData!.rowType.map((c) => c.name);
  const child = shown.data!.find((r) => r[cols.indexOf('name')] === 'CHILD')!;
  expect(child[cols.indexOf('role_restriction')]).toBe('PUBLIC');
  await failsWith("ALTER USER ADD PAT WIDER ROLE_RESTRICTION = 'SYSADMIN'", restricted, '003001');
  // The same statement through the unrestricted token is fine.
  await ok("ALTER USER ADD PAT WIDER ROLE_RESTRICTION = 'SYSADMIN'", { token: full });
});

test('a restricted token cannot rotate or remove a token wider than itself, nor change its user\'s keys', async () => {
  const { tokenName } = await addPat(user, { token: full });
  await failsWith(`ALTER USER ROTATE PAT ${tokenName}`, restricted, '003001');
  await failsWith(`ALTER USER REMOVE PAT ${tokenName}`, restricted, '003001');
  await failsWith(`ALTER USER ${user} SET RSA_PUBLIC_KEY = '${makeKeyPair().publicKeyB64}'`, restricted, '003001');
  // Its own kind of token it may manage.
  const { tokenName: narrow } = await addPat(user, { token: full }, undefined, "ROLE_RESTRICTION = 'PUBLIC'");
  await ok(`ALTER USER ROTATE PAT ${narrow}`, { token: restricted });
  await ok(`ALTER USER REMOVE PAT ${narrow}`, { token: restricted });
});

test("results of the user's statements run under a wider role are not readable through the restricted token", async () => {
  const wide = await ok("SELECT 'secret-of-sysadmin' AS S", { token: full });
  expect(wide.statementHandle).toBeTruthy();
  const res = await getStatement(wide.statementHandle!, { token: restricted });
  expect(res.status).toBe(422);
  expect(res.json!.code).toBe('000709');
  await failsWith(`SELECT * FROM TABLE(RESULT_SCAN('${wide.statementHandle}'))`, restricted, '000709');
  // What the restricted token ran itself stays readable to it.
  const own = await ok("SELECT 'mine' AS S", { token: restricted });
  expect((await getStatement(own.statementHandle!, { token: restricted })).json!.data).toEqual([['mine']]);
  expect((await ok(`SELECT * FROM TABLE(RESULT_SCAN('${own.statementHandle}'))`, { token: restricted })).data).toEqual([['mine']]);
});
