// /api/console/worksheets: the console's worksheets, kept per user on the server.
import { expect, test } from 'vitest';
import { api, describeRes } from './client';
import { addPat, createUser } from './auth-keys';
import { startServer } from './server-control';

const PATH = '/api/console/worksheets';

async function userToken(): Promise<string> {
  return (await addPat(await createUser({}, ['PUBLIC']))).secret;
}

test('a user starts with one worksheet; create, rename, edit and delete keep the tab order', async () => {
  const token = await userToken();
  const first = await api('GET', PATH, { token });
  expect(first.status, describeRes(first)).toBe(200);
  expect(first.json.worksheets).toHaveLength(1);
  expect(first.json.worksheets[0]).toMatchObject({ name: 'Worksheet 1', sql: '', database: null, schema: null, role: null, warehouse: null });

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
