// /api/console/statements/{handle}: a share link's SQL text, owner, role and status, under the
// statement endpoints' visibility rule (the owner, ACCOUNTADMIN, and OAuth holders of its role).
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, test } from 'vitest';
import { api, describeRes, ok, submit, cancel } from './client';
import { uniqueName } from './helpers';
import { addPat, createUser } from './auth-keys';
import { consoleToken } from './console-login';

const OAUTH = { 'x-snowflake-authorization-token-type': 'OAUTH' };
const infoPath = (handle: string) => `/api/console/statements/${handle}`;
let role: string;
let owner: { name: string; pat: string };
let holder: string;
let other: string;

beforeAll(async () => {
  role = uniqueName('R');
  await ok(`CREATE ROLE ${role}`);
  const make = async (roles: string[]) => {
    const name = await createUser(undefined, roles, "PASSWORD='pw-s3cret'");
    return { name, pat: (await addPat(name)).secret };
  };
  owner = await make([role]);
  holder = await consoleToken((await make([role])).name, 'pw-s3cret');
  other = await consoleToken((await make(['PUBLIC'])).name, 'pw-s3cret');
});

test("the owner and a console user holding the statement's role read its SQL; another user gets not found", async () => {
  const h = (await ok("SELECT 'share me' AS S", { token: owner.pat })).statementHandle!;
  const mine = await api('GET', infoPath(h), { token: owner.pat });
  expect(mine.status, describeRes(mine)).toBe(200);
  expect(mine.json).toMatchObject({ statementHandle: h, sqlText: "SELECT 'share me' AS S", user: owner.name, role, status: 'SUCCESS' });
  expect(mine.json.endedOn).toBeGreaterThanOrEqual(mine.json.createdOn);

  const shared = await api('GET', infoPath(h), { token: holder, headers: OAUTH });
  expect(shared.status, describeRes(shared)).toBe(200);
  expect(shared.json.sqlText).toBe("SELECT 'share me' AS S");

  const hidden = await api('GET', infoPath(h), { token: other, headers: OAUTH });
  const unknown = await api('GET', infoPath(randomUUID()), { token: other, headers: OAUTH });
  expect(hidden.status).toBe(422);
  expect(hidden.json).toMatchObject({ code: '000709', sqlState: '02000', statementHandle: h });
  expect(unknown.json).toMatchObject({ code: '000709' });
  expect(hidden.text).not.toContain('share me');
  expect((await api('GET', infoPath(h), { token: null })).status).toBe(401);
});

test('a running statement says RUNNING with no end; failed ones say FAILED_WITH_ERROR', async () => {
  const running = await submit('SELECT SYSTEM$WAIT(30)', { async: true, token: owner.pat });
  const h = running.json!.statementHandle!;
  const r = await api('GET', infoPath(h), { token: owner.pat });
  expect(r.json).toMatchObject({ status: 'RUNNING', endedOn: null });
  await cancel(h, { token: owner.pat });
  const failed = await submit('SELECT * FROM NO_SUCH_TABLE_INFO', { token: owner.pat });
  const f = await api('GET', infoPath(failed.json!.statementHandle!), { token: owner.pat });
  expect(f.json).toMatchObject({ status: 'FAILED_WITH_ERROR', sqlText: 'SELECT * FROM NO_SUCH_TABLE_INFO' });
});
