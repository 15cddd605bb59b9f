// /api/console/worksheets: the console's worksheets, kept per user on the server: versions and
// conflicts, tabs, the trash and its retention, the per-user cap; and the console session's refresh.
import { expect, test } from 'vitest';
import { api, describeRes, type ApiResponse } from './client';
import { consoleSignIn, refreshConsoleSession } from './console-login';
import { addPat, createUser } from './auth-keys';
import { startServer } from './server-control';

const PATH = '/api/console/worksheets';

async function userToken(): Promise<string> {
  return (await addPat(await createUser({}, ['PUBLIC']))).secret;
}

test('a user starts with one worksheet; create, rename, edit and delete forever keep the tab order', async () => {
  const token = await userToken();
  const first = await api('GET', PATH, { token });
  expect(first.status, describeRes(first)).toBe(200);
  expect(first.json.worksheets).toHaveLength(1);
  expect(first.json.worksheets[0]).toMatchObject({ name: 'Worksheet 1', sql: '', database: null, schema: null, role: null, warehouse: null, version: 1, open: true, deletedOn: null });
  expect(first.json).toMatchObject({ maxWorksheets: 100, trashDays: 30 });

  const made = await api('POST', PATH, { token, body: { sql: 'SELECT 2', database: 'DB1' } });
  expect(made.status, describeRes(made)).toBe(201);
  expect(made.json).toMatchObject({ name: 'Worksheet 2', sql: 'SELECT 2', database: 'DB1', schema: null });
  const id = made.json.id as string;

  const renamed = await api('PATCH', `${PATH}/${id}`, { token, body: { name: '  Sales  ', sql: 'SELECT 3', schema: 'PUBLIC', role: 'PUBLIC', warehouse: 'COMPUTE_WH' } });
  expect(renamed.status, describeRes(renamed)).toBe(200);
  expect(renamed.json).toMatchObject({ id, name: 'Sales', sql: 'SELECT 3', database: 'DB1', schema: 'PUBLIC', role: 'PUBLIC', warehouse: 'COMPUTE_WH' });
  expect(renamed.json.updatedOn).toBeGreaterThanOrEqual(made.json.updatedOn);

  const listed = await api('GET', PATH, { token });
  expect(listed.json.worksheets.map((w: { name: string }) => w.name)).toEqual(['Worksheet 1', 'Sales']);

  expect((await api('DELETE', `${PATH}/${first.json.worksheets[0].id}`, { token })).status).toBe(200);
  const after = await api('GET', PATH, { token });
  expect(after.json.worksheets.map((w: { id: string }) => w.id)).toEqual([id]);
});

test("worksheets are private: another user's id answers 404 and his list is his own", async () => {
  const alice = await userToken();
  const bob = await userToken();
  const mine = await api('POST', PATH, { token: alice, body: { name: 'Secret', sql: 'SELECT 1' } });
  const theirs = await api('GET', PATH, { token: bob });
  expect(theirs.json.worksheets.map((w: { name: string }) => w.name)).not.toContain('Secret');
  for (const [method, body] of [['PATCH', { sql: 'x' }], ['DELETE', undefined]] as const) {
    const res = await api(method, `${PATH}/${mine.json.id}`, { token: bob, body });
    expect(res.status, describeRes(res)).toBe(404);
    expect(res.json).toMatchObject({ code: '390404' });
  }
  expect((await api('GET', PATH, { token: alice })).json.worksheets.find((w: { id: string }) => w.id === mine.json.id).sql).toBe('SELECT 1');
});

test('bodies are validated; no credentials is 401', async () => {
  const token = await userToken();
  const { json: { worksheets: [w] } } = await api('GET', PATH, { token });
  for (const body of [{ name: '' }, { sql: 5 }, { database: 'x'.repeat(300) }, { color: 'red' }]) {
    const res = await api('PATCH', `${PATH}/${w.id}`, { token, body });
    expect(res.status, describeRes(res)).toBe(400);
    expect(res.json.code).toBe('390142');
  }
  expect((await api('POST', PATH, { token, rawBody: 'not json', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  expect((await api('POST', PATH, { token, body: {}, headers: { 'content-type': 'text/plain' } })).status).toBe(415);
  expect((await api('GET', PATH, { token: null })).status).toBe(401);
  expect((await api('PATCH', `${PATH}/${w.id}`, { token: null, body: { sql: 'x' } })).status).toBe(401);
});

test('a worksheet over FLOE_MAX_OBJECT_BYTES (1 MiB) answers 413 300005 naming the limit; the stored one is unchanged', async () => {
  const token = await userToken();
  const { json: { worksheets: [w] } } = await api('GET', PATH, { token });
  const big = `SELECT '${'x'.repeat(1024 * 1024)}'`;
  for (const [method, path] of [['PATCH', `${PATH}/${w.id}`], ['POST', PATH]] as const) {
    const res = await api(method, path, { token, body: { sql: big } });
    expect(res.status, describeRes(res)).toBe(413);
    expect(res.json).toMatchObject({ code: '300005', sqlState: '54000' });
    expect(res.json.message).toMatch(/a worksheet of \d+ bytes exceeds the limit of 1048576 bytes \(FLOE_MAX_OBJECT_BYTES\)/);
  }
  const after = await api('GET', PATH, { token });
  expect(after.json.worksheets).toHaveLength(1);
  expect(after.json.worksheets[0].sql).toBe(w.sql);
  // Just under the limit is kept.
  const fits = `SELECT '${'y'.repeat(1000 * 1000)}'`;
  expect((await api('PATCH', `${PATH}/${w.id}`, { token, body: { sql: fits } })).status).toBe(200);
  expect((await api('GET', PATH, { token })).json.worksheets[0].sql).toBe(fits);
});

test('worksheets survive a crash and restart of the server', { timeout: 400_000 }, async () => {
  const first = await startServer();
  try {
    const t = { baseUrl: first.url, token: first.token };
    const made = await api('POST', PATH, { ...t, body: { name: 'Kept', sql: 'SELECT 42' } });
    expect(made.status, describeRes(made)).toBe(201);
    await first.kill9();
    const second = await startServer({ dataDir: first.dataDir });
    try {
      const listed = await api('GET', PATH, { baseUrl: second.url, token: second.token });
      expect(listed.json.worksheets.find((w: { id: string }) => w.id === made.json.id)).toMatchObject({ name: 'Kept', sql: 'SELECT 42' });
    } finally {
      await second.stop();
    }
  } finally {
    await first.dispose();
  }
});

type W = { id: string; name: string; sql: string; version: number; open: boolean; deletedOn: number | null };
const listOf = async (t: { token: string; baseUrl?: string }): Promise<W[]> => (await api('GET', PATH, t)).json.worksheets;

test('a text save names its base version: a stale one answers 409 with the saved worksheet; resending the saved text, renames and tab changes are no conflict', async () => {
  const token = await userToken();
  const [w] = await listOf({ token });
  const patch = (body: Record<string, unknown>) => api('PATCH', `${PATH}/${w.id}`, { token, body });
  const a = await patch({ sql: 'SELECT 1', baseVersion: 1 });
  expect(a.status, describeRes(a)).toBe(200);
  expect(a.json).toMatchObject({ sql: 'SELECT 1', version: 2 });

  // Another tab still based on version 1.
  const stale = await patch({ sql: 'SELECT 2', baseVersion: 1 });
  expect(stale.status, describeRes(stale)).toBe(409);
  expect(stale.json).toMatchObject({ code: '390409', current: { id: w.id, sql: 'SELECT 1', version: 2 } });
  expect(stale.json.message).toMatch(/changed in another session \(version 2; this save is based on version 1\)/);
  expect((await listOf({ token }))[0]).toMatchObject({ sql: 'SELECT 1', version: 2 });

  // A retried save whose answer was lost: the text is already there.
  expect((await patch({ sql: 'SELECT 1', baseVersion: 1 })).json).toMatchObject({ version: 2 });
  // Names, context and tabs do not count as text.
  expect((await patch({ name: 'Renamed', database: 'DB', baseVersion: 1 })).json).toMatchObject({ name: 'Renamed', database: 'DB', version: 2 });
  const closed = await patch({ open: false });
  expect(closed.json).toMatchObject({ open: false, version: 2, deletedOn: null });
  expect((await listOf({ token })).find((x) => x.id === w.id)).toMatchObject({ open: false });
  expect((await patch({ open: true })).json.open).toBe(true);
  // Keep mine: saved again on the version the conflict named.
  expect((await patch({ sql: 'SELECT 2', baseVersion: 2 })).json).toMatchObject({ sql: 'SELECT 2', version: 3 });
  // A client that names no version writes as before (last write wins).
  expect((await patch({ sql: 'SELECT 3' })).json).toMatchObject({ sql: 'SELECT 3', version: 4 });
  for (const body of [{ baseVersion: -1 }, { baseVersion: 1.5 }, { open: 'yes' }, { trashed: 1 }]) {
    const res = await patch(body);
    expect(res.status, describeRes(res)).toBe(400);
  }
});

test('delete moves to the trash (listed with deletedOn, closed); restore brings it back; delete forever removes it; a user with only trash gets a fresh worksheet', async () => {
  const token = await userToken();
  const [w] = await listOf({ token });
  await api('PATCH', `${PATH}/${w.id}`, { token, body: { sql: 'SELECT 42' } });
  const trashed = await api('PATCH', `${PATH}/${w.id}`, { token, body: { trashed: true } });
  expect(trashed.status, describeRes(trashed)).toBe(200);
  expect(trashed.json).toMatchObject({ open: false, sql: 'SELECT 42' });
  expect(typeof trashed.json.deletedOn).toBe('number');

  // Nothing outside the trash: the list hands out a fresh first worksheet besides it.
  const listed = await listOf({ token });
  expect(listed).toHaveLength(2);
  expect(listed.find((x) => x.id === w.id)).toMatchObject({ deletedOn: trashed.json.deletedOn });
  const fresh = listed.find((x) => x.id !== w.id)!;
  expect(fresh).toMatchObject({ deletedOn: null, open: true, sql: '' });

  const restored = await api('PATCH', `${PATH}/${w.id}`, { token, body: { trashed: false, open: true } });
  expect(restored.json).toMatchObject({ deletedOn: null, open: true, sql: 'SELECT 42', version: trashed.json.version });

  await api('PATCH', `${PATH}/${w.id}`, { token, body: { trashed: true } });
  expect((await api('DELETE', `${PATH}/${w.id}`, { token })).status).toBe(200);
  expect((await listOf({ token })).map((x) => x.id)).toEqual([fresh.id]);
  const again = await api('DELETE', `${PATH}/${w.id}`, { token });
  expect(again.status, describeRes(again)).toBe(404);
  expect(again.json.code).toBe('390404');
});

test('FLOE_MAX_WORKSHEETS caps a user (trash included) with 403 naming it; FLOE_WORKSHEET_TRASH_DAYS purges the trash; the console token (FLOE_CONSOLE_TOKEN_TTL_S) is refreshed before it ends', { timeout: 400_000 }, async () => {
  // Trash kept 0.00005 days = 4.3 s; console tokens live 10 s.
  const server = await startServer({ env: { FLOE_MAX_WORKSHEETS: '3', FLOE_WORKSHEET_TRASH_DAYS: '0.00005', FLOE_CONSOLE_TOKEN_TTL_S: '10' } });
  try {
    const t = { baseUrl: server.url, token: server.token };
    const first = await api('GET', PATH, t);
    expect(first.json).toMatchObject({ maxWorksheets: 3, trashDays: 0.00005 });
    for (let i = 0; i < 2; i++) expect((await api('POST', PATH, { ...t, body: {} })).status).toBe(201);
    const capped = await api('POST', PATH, { ...t, body: { name: 'One too many' } });
    expect(capped.status, describeRes(capped)).toBe(403);
    expect(capped.json.code).toBe('390403');
    expect(capped.json.message).toMatch(/at most 3 worksheets, the trash included \(FLOE_MAX_WORKSHEETS\)/);

    // The trash still counts, until its retention ends.
    const victim = first.json.worksheets[0].id as string;
    expect((await api('PATCH', `${PATH}/${victim}`, { ...t, body: { trashed: true } })).status).toBe(200);
    expect((await api('POST', PATH, { ...t, body: {} })).status).toBe(403);
    await expect.poll(async () => (await listOf(t)).some((w) => w.id === victim), { timeout: 30_000, interval: 500 }).toBe(false);
    expect((await api('PATCH', `${PATH}/${victim}`, { ...t, body: { trashed: false } })).status).toBe(404);
    const made: ApiResponse = await api('POST', PATH, { ...t, body: {} });
    expect(made.status, describeRes(made)).toBe(201);

    // Console session: no new token while more than half its life is left, then a new one
    // (the old one still works until it ends), and none once the session has ended.
    const signed = await consoleSignIn('ADMIN', server.password, server.url);
    const early = await refreshConsoleSession(signed.cookie, server.url);
    expect(early.accessToken).toBe(signed.accessToken);
    // Asked again until half its life (5 s) has passed and a new one comes (a refresh before that
    // changes nothing), so that the old token is tried at once after, well before its 10 s end: a
    // fixed 5.5 s sleep left a loaded machine too little of them (it answered 401 expired).
    let later = early;
    await expect.poll(async () => (later = await refreshConsoleSession(later.cookie, server.url)).accessToken, { timeout: 30_000, interval: 250 })
      .not.toBe(signed.accessToken);
    expect(later.accessToken).toBeTruthy();
    expect(later.accessToken).not.toBe(signed.accessToken);
    expect(later.expiresAt! - Date.now()).toBeGreaterThan(5_000);
    for (const token of [signed.accessToken, later.accessToken!]) {
      const res = await api('GET', PATH, { baseUrl: server.url, token, headers: { 'x-snowflake-authorization-token-type': 'OAUTH' } });
      expect(res.status, describeRes(res)).toBe(200);
    }
    // Past the new token's end without a refresh: the session is over.
    await new Promise((r) => setTimeout(r, 10_500));
    expect((await refreshConsoleSession(later.cookie, server.url)).accessToken).toBeNull();
    expect((await api('GET', PATH, { baseUrl: server.url, token: later.accessToken!, headers: { 'x-snowflake-authorization-token-type': 'OAUTH' } })).status).toBe(401);
  } finally {
    await server.dispose();
  }
});
