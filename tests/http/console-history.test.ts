// /api/console/history (the History page's list) and the X-Floe-Internal header: statements the
// console sends for itself stay out of history (the list and QUERY_HISTORY) only when they change
// nothing and read no table data; paging by cursor, date range, status, search, and the
// ACCOUNTADMIN user filter; the detail fields of /api/console/statements/{handle}.
import { beforeAll, describe, expect, test } from 'vitest';
import { api, describeRes, exec, ok, type ApiResponse } from './client';
import { addPat, createUser } from './auth-keys';
import { freshDatabase, uniqueName } from './helpers';

const INTERNAL = { 'x-floe-internal': '1' };
type Entry = { queryId: string; queryText: string; status: string; startTime: number; user: string; errorCode: string | null };
type Page = { entries: Entry[]; next: string | null; everyone: boolean; users?: string[] };

const history = (query: Record<string, string | number | undefined>, token?: string): Promise<ApiResponse<Page>> =>
  api('GET', '/api/console/history', { query, ...(token ? { token } : {}) });

async function allPages(query: Record<string, string | number | undefined>, token?: string): Promise<Entry[]> {
  const out: Entry[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const res = await history({ ...query, cursor }, token);
    expect(res.status, describeRes(res)).toBe(200);
    out.push(...res.json.entries);
    if (!res.json.next) return out;
    cursor = res.json.next;
  }
  throw new Error('history did not end');
}

const newUser = async () => {
  const name = await createUser(undefined, ['PUBLIC']);
  return { name, pat: (await addPat(name)).secret };
};

let user: { name: string; pat: string };
let other: { name: string; pat: string };

beforeAll(async () => {
  [user, other] = [await newUser(), await newUser()];
  // Users no other test uses: `user` runs more than two pages of statements.
  for (let i = 1; i <= 120; i++) await ok(`SELECT ${i} AS PAGED`, { token: user.pat });
  await ok("SELECT 'theirs' AS O", { token: other.pat });
}, 180_000);

describe('X-Floe-Internal', () => {
  test('metadata and constant statements sent with it are in neither list, yet their handles answer', async () => {
    const marker = uniqueName('HIDDEN');
    const shown = await ok(`SELECT '${marker}' AS TYPED`, { token: user.pat });
    const hidden = [
      await ok(`SELECT '${marker}' AS INTERNAL_CONSTANT`, { token: user.pat, headers: INTERNAL }),
      await ok('SHOW DATABASES', { token: user.pat, headers: INTERNAL }),
      await ok('SELECT CURRENT_AVAILABLE_ROLES()', { token: user.pat, headers: INTERNAL }),
      await ok(`SELECT COUNT(*) FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY()) WHERE QUERY_TEXT LIKE '%${marker}%'`, { token: user.pat, headers: INTERNAL }),
    ].map((r) => r.statementHandle!);
    // A statement that fails to compile executed nothing: it stays out too.
    const failed = await exec('DESCRIBE TABLE NO_SUCH_DB.NO_SUCH_SCHEMA.NO_SUCH_TABLE', { token: user.pat, headers: INTERNAL });
    expect(failed.status).toBe(422);

    const listed = (await allPages({ limit: 500 }, user.pat)).map((e) => e.queryId);
    expect(listed).toContain(shown.statementHandle);
    for (const h of [...hidden, failed.json!.statementHandle!]) expect(listed).not.toContain(h);

    const qh = await ok('SELECT QUERY_ID FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000))', { token: user.pat });
    const inQh = qh.data!.map((r) => r[0]);
    expect(inQh).toContain(shown.statementHandle);
    for (const h of hidden) expect(inQh).not.toContain(h);
    // Not even the administrator's QUERY_HISTORY lists them (they changed and read nothing).
    const asAdmin = await ok(`SELECT QUERY_ID FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY_BY_USER(USER_NAME => '${user.name}', RESULT_LIMIT => 10000))`);
    for (const h of hidden) expect(asAdmin.data!.map((r) => r[0])).not.toContain(h);
    // The handle is still the user's: its result reads as usual.
    const again = await api('GET', `/api/v2/statements/${hidden[0]}`, { token: user.pat });
    expect(again.status, describeRes(again)).toBe(200);
    expect(again.json.data).toEqual([[marker]]);
  });

  test('cannot hide a write or a read of table data: those are recorded whatever the header says', async () => {
    const { database } = await freshDatabase();
    const table = `${database}.PUBLIC.${uniqueName('AUDITED')}`;
    const create = await ok(`CREATE TABLE ${table} (A INT)`, { headers: INTERNAL });
    const insert = await ok(`INSERT INTO ${table} VALUES (1)`, { headers: INTERNAL });
    const read = await ok(`SELECT * FROM ${table}`, { headers: INTERNAL });
    const multi = await ok(`SELECT 1; SELECT * FROM ${table}`, { headers: INTERNAL, parameters: { MULTI_STATEMENT_COUNT: 2 } });
    const otherValue = await ok('SELECT 42 AS NOT_INTERNAL', { headers: { 'x-floe-internal': 'yes' } });
    const qh = await ok('SELECT QUERY_ID FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(RESULT_LIMIT => 10000))');
    const ids = qh.data!.map((r) => r[0]);
    for (const h of [create, insert, read, multi, otherValue].map((r) => r.statementHandle!)) expect(ids).toContain(h);
    const listed = (await allPages({ limit: 500, q: table })).map((e) => e.queryId);
    for (const h of [create, insert, read].map((r) => r.statementHandle!)) expect(listed).toContain(h);
  });
});

describe('GET /api/console/history', () => {
  test('pages by cursor, newest first, every statement once, past 100', async () => {
    const entries = await allPages({ limit: 50, q: 'AS PAGED' }, user.pat);
    expect(entries.map((e) => e.queryText)).toEqual(Array.from({ length: 120 }, (_, k) => `SELECT ${120 - k} AS PAGED`));
    const first = await history({ limit: 50, q: 'AS PAGED' }, user.pat);
    expect(first.json.entries).toHaveLength(50);
    expect(first.json.next).toEqual(expect.any(String));
    expect(first.json.everyone).toBe(false);
    expect(first.json.users).toBeUndefined();
    // Only one's own statements.
    expect(new Set((await allPages({ limit: 500 }, user.pat)).map((e) => e.user))).toEqual(new Set([user.name]));
  });

  test('a date range keeps statements started in [from, to)', async () => {
    const entries = await allPages({ limit: 500, q: 'AS PAGED' }, user.pat);
    const times = entries.map((e) => e.startTime).sort((a, b) => a - b);
    const mid = times[60];
    const after = await allPages({ limit: 500, q: 'AS PAGED', from: mid }, user.pat);
    const before = await allPages({ limit: 500, q: 'AS PAGED', to: mid }, user.pat);
    expect(after.length + before.length).toBe(120);
    expect(after.every((e) => e.startTime >= mid) && before.every((e) => e.startTime < mid)).toBe(true);
    expect((await history({ from: Date.now() + 3_600_000 }, user.pat)).json.entries).toEqual([]);
  });

  test('status and search filters', async () => {
    await exec('SELECT * FROM HISTORY_API_NO_SUCH_TABLE', { token: user.pat });
    const failed = await allPages({ status: 'failed' }, user.pat);
    expect(failed.map((e) => e.queryText)).toContain('SELECT * FROM HISTORY_API_NO_SUCH_TABLE');
    expect(failed.every((e) => e.status === 'FAILED_WITH_ERROR')).toBe(true);
    const found = await allPages({ q: 'select 7 as paged' }, user.pat);
    expect(found.map((e) => e.queryText)).toEqual(['SELECT 7 AS PAGED']);
  });

  test('ACCOUNTADMIN sees every user and filters by one; others may not', async () => {
    const admin = await history({ user: other.name });
    expect(admin.status, describeRes(admin)).toBe(200);
    expect(admin.json.everyone).toBe(true);
    expect(admin.json.users).toEqual(expect.arrayContaining([user.name, other.name]));
    expect(admin.json.entries.map((e) => e.queryText)).toEqual(["SELECT 'theirs' AS O"]);
    const denied = await history({ user: other.name }, user.pat);
    expect(denied.status).toBe(403);
    expect(denied.json).toMatchObject({ code: '003001', message: expect.stringContaining('ACCOUNTADMIN') });
    expect((await history({ user: user.name }, user.pat)).status).toBe(200);
  });

  test('bad parameters are 400 with a message', async () => {
    for (const query of [{ limit: 0 }, { limit: 501 }, { cursor: 'not-a-cursor' }, { status: 'sleeping' }, { from: 'yesterday' }]) {
      const res = await history(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.json, JSON.stringify(query)).toMatchObject({ code: '390142', message: expect.any(String) });
    }
    expect((await api('GET', '/api/console/history', { token: null })).status).toBe(401);
    expect((await api('POST', '/api/console/history', { body: {} })).status).toBe(405);
  });
});

describe('statement detail', () => {
  test('timings, rows, bytes, partitions, context and the error with its position', async () => {
    const good = await ok('SELECT SEQ4() AS N FROM TABLE(GENERATOR(ROWCOUNT => 1000))');
    const info = await api('GET', `/api/console/statements/${good.statementHandle}`);
    expect(info.status, describeRes(info)).toBe(200);
    const d = info.json.detail;
    expect(d).toMatchObject({ queryId: good.statementHandle, status: 'SUCCESS', rows: 1000, partitions: 1, queryType: 'SELECT', error: null });
    expect(d.bytes).toBeGreaterThan(0);
    expect(d.compileMs).toBeGreaterThanOrEqual(0);
    expect(d.queuedMs + d.compileMs + d.executionMs).toBeLessThanOrEqual(d.elapsedMs);

    const bad = await exec('SELECT 1,\n  FROM');
    expect(bad.status).toBe(422);
    const failed = (await api('GET', `/api/console/statements/${bad.json!.statementHandle}`)).json.detail;
    expect(failed.status).toBe('FAILED_WITH_ERROR');
    expect(failed.error).toMatchObject({ code: '001003', at: { line: expect.any(Number), position: expect.any(Number) } });
  });
});
