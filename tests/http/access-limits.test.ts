// Limits that keep one client from starving the others (per-user request rate, per-user and
// per-warehouse running statements: 429 390505 with Retry-After, never a 5xx), and the account
// switch that turns the SQL API off (403). A private server with small limits.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { api, makeClient } from './client';
import { addPat, createUser } from './auth-keys';
import { startServer, type FloeServer } from './server-control';

let server: FloeServer;
let c: ReturnType<typeof makeClient>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startServer({ env: { FLOE_RATE_LIMIT_PER_S: '1', FLOE_RATE_LIMIT_BURST: '40', FLOE_MAX_RUNNING_PER_USER: '2', FLOE_MAX_RUNNING_PER_WAREHOUSE: '3' } });
  c = makeClient(server);
});
afterAll(async () => server?.dispose());

const t = () => ({ baseUrl: server.url, token: server.token });
const newUser = async (roles = ['ACCOUNTADMIN']) => {
  const user = await createUser(t(), roles);
  return (await addPat(user, t())).secret;
};

test('a burst of 200 concurrent requests: 200s then 429 390505 with Retry-After, no 5xx, other users unaffected, healthy after', async () => {
  const [burster, other] = [await newUser(), await newUser()];
  const t0 = Date.now();
  const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => c.submit(`SELECT ${i}`, { token: burster })));
  const seconds = Math.ceil((Date.now() - t0) / 1000);
  const statuses = burst.map((r) => r.status);
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  // At most the bucket's 40 (plus one a second while the burst lasts) pass the rate limit, and
  // of those only two run at a time (the per-user limit): the rest are 429 too.
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
  expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(40 + seconds);
  const refused = burst.filter((r) => r.status === 429);
  expect(refused.length).toBeGreaterThanOrEqual(160 - seconds);
  for (const r of refused) {
    expect(r.json).toEqual({ code: '390505', message: expect.any(String) });
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }
  // Each user has his own bucket.
  expect((await c.submit('SELECT 1', { token: other })).status).toBe(200);
  await sleep(Number(refused[0].headers.get('retry-after')) * 1000);
  expect((await api('GET', '/healthz', { baseUrl: server.url, token: null })).status).toBe(200);
  expect((await c.ok('SELECT 42', { token: burster })).data).toEqual([['42']]);
});

test('running statements: per user, then per warehouse; 429 with Retry-After; room again once they end', async () => {
  const [a, b] = [await newUser(), await newUser()];
  // Long enough never to end on their own during the test: they are cancelled.
  const wait = (token: string) => c.submit('SELECT SYSTEM$WAIT(60)', { token, async: true });
  const first = [await wait(a), await wait(a)];
  first.forEach((r) => expect(r.status).toBe(202));
  const userFull = await wait(a);
  expect(userFull.status).toBe(429);
  expect(userFull.json).toMatchObject({ code: '390505' });
  expect(userFull.headers.get('retry-after')).toBe('1');
  // B may run one: COMPUTE_WH then holds three, its limit.
  const third = await wait(b);
  expect(third.status).toBe(202);
  expect((await wait(b)).status).toBe(429);
  for (const r of first) expect((await c.cancel(r.json!.statementHandle!, { token: a })).status).toBe(200);
  expect((await c.cancel(third.json!.statementHandle!, { token: b })).status).toBe(200);
  expect((await c.submit('SELECT 1', { token: a })).status).toBe(200);
});

test('ALTER ACCOUNT SET SQL_API_ENABLED = FALSE: every statement request is 403 until an ACCOUNTADMIN sets it back', async () => {
  const other = await newUser(['PUBLIC']);
  const before = await c.ok('SELECT 1', { token: other });
  await c.ok('ALTER ACCOUNT SET SQL_API_ENABLED = FALSE');
  for (const res of [
    await c.submit('SELECT 1', { token: other }),
    await c.submit('SELECT 1'),
    await c.getStatement(before.statementHandle!, { token: other }),
    await c.submit('ALTER ACCOUNT SET SQL_API_ENABLED = TRUE', { token: other }),
  ]) {
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: '390403', message: expect.stringContaining('not enabled') });
  }
  await c.ok('ALTER ACCOUNT SET SQL_API_ENABLED = TRUE');
  expect((await c.submit('SELECT 1', { token: other })).status).toBe(200);
  expect((await c.exec('ALTER ACCOUNT SET SQL_API_ENABLED = FALSE', { token: other })).json).toMatchObject({ code: '003001' });
  expect((await c.exec('ALTER ACCOUNT SET SQL_API_ENABLED = MAYBE')).status).toBe(422);
});
