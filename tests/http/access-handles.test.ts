// Statement handles belong to the user who ran them: status, partitions, cancel and
// QUERY_HISTORY of someone else's statement answer exactly like an unknown handle, except for
// ACCOUNTADMIN (sees all) and console share links (OAuth) of users holding the statement's role.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { cancel, getStatement, ok, submit, poll } from './client';
import { uniqueName } from './helpers';
import { addPat, createUser } from './auth-keys';
import { consoleToken } from './console-login';

const OAUTH = { 'x-snowflake-authorization-token-type': 'OAUTH' };

/** The 422 body of a handle, with the handle itself replaced (to compare with an unknown one). */
const shape = (json: Record<string, unknown> | undefined, handle: string) => JSON.stringify(json).replaceAll(handle, '<h>');

let role: string;
const users: Record<'owner' | 'other' | 'holder' | 'admin', { name: string; pat: string }> = {} as never;

beforeAll(async () => {
  role = uniqueName('R');
  await ok(`CREATE ROLE ${role}`);
  for (const [k, roles] of [['owner', [role]], ['other', ['PUBLIC']], ['holder', [role]], ['admin', ['ACCOUNTADMIN']]] as const) {
    const name = await createUser(undefined, [...roles], "PASSWORD='pw-s3cret'");
    users[k] = { name, pat: (await addPat(name)).secret };
  }
});

describe('statement handles', () => {
  test("another user's handle: GET, partition and cancel answer exactly like an unknown handle", async () => {
    const mine = await ok("SELECT 'owner-secret' AS S", { token: users.owner.pat });
    const h = mine.statementHandle!;
    const unknown = randomUUID();
    const expected = await getStatement(unknown, { token: users.other.pat });
    expect(expected.status).toBe(422);
    expect(expected.json).toMatchObject({ code: '000709', sqlState: '02000' });
    for (const res of [
      await getStatement(h, { token: users.other.pat }),
      await getStatement(h, { token: users.other.pat, partition: 0 }),
      await getStatement(h, { token: users.holder.pat }),
    ]) {
      expect(res.status).toBe(422);
      expect(shape(res.json, h)).toBe(shape(expected.json, unknown));
      expect(res.text).not.toContain('owner-secret');
    }
    const refused = await cancel(h, { token: users.other.pat });
    expect(refused.status).toBe(422);
    expect(shape(refused.json, h)).toBe(shape((await cancel(unknown, { token: users.other.pat })).json, unknown));
    expect((await getStatement(h, { token: users.owner.pat })).json!.data).toEqual([['owner-secret']]);
  });

  test("cancel of another user's running statement is refused and leaves it running", async () => {
    const running = await submit('SELECT SYSTEM$WAIT(3)', { token: users.owner.pat, async: true });
    const h = running.json!.statementHandle!;
    expect((await cancel(h, { token: users.other.pat })).json).toMatchObject({ code: '000709' });
    expect((await getStatement(h, { token: users.owner.pat })).status).toBe(202);
    expect((await cancel(h, { token: users.owner.pat })).status).toBe(200);
  });

  test('ACCOUNTADMIN sees every statement (GET and QUERY_HISTORY); others see only their own history', async () => {
    const tag = uniqueName('TAG');
    const h = (await ok(`SELECT '${tag}' AS T`, { token: users.owner.pat })).statementHandle!;
    expect((await getStatement(h, { token: users.admin.pat })).json!.data).toEqual([[tag]]);
    const history = (token: string) => ok(`SELECT QUERY_ID FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000)) WHERE QUERY_TEXT LIKE '%${tag}%' AND QUERY_TEXT NOT LIKE '%QUERY_ID%'`, { token });
    expect((await history(users.admin.pat)).data).toEqual([[h]]);
    expect((await history(users.owner.pat)).data).toEqual([[h]]);
    expect((await history(users.other.pat)).data).toEqual([]);
    expect((await history(users.holder.pat)).data).toEqual([]);
  });

  test("a console share link (OAuth) opens for a user holding the statement's role, not for others", async () => {
    const h = (await ok("SELECT 'shared' AS S", { token: users.owner.pat })).statementHandle!;
    const holder = await consoleToken(users.holder.name, 'pw-s3cret');
    const other = await consoleToken(users.other.name, 'pw-s3cret');
    const shared = await poll(h, { token: holder, headers: OAUTH });
    expect(shared.status).toBe(200);
    expect(shared.json!.data).toEqual([['shared']]);
    expect((await getStatement(h, { token: other, headers: OAUTH })).json).toMatchObject({ code: '000709' });
    // Reading is all a share link gives: no cancel, and a PAT of the same user gets nothing.
    expect((await cancel(h, { token: holder, headers: OAUTH })).json).toMatchObject({ code: '000709' });
    expect((await getStatement(h, { token: users.holder.pat })).json).toMatchObject({ code: '000709' });
  });
});
