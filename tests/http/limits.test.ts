// Server limits, on a private server with small settings: the synchronous wait (45 s by
// default; never for a statement answering a secret), the statement queue (429; one user holds at most all of it but one place) and the
// maximum result size (391908).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { addPat, createUser } from './auth-keys';
import { startServer, type FloeServer } from './server-control';

let server: FloeServer;
let c: ReturnType<typeof makeClient>;

beforeAll(async () => {
  server = await startServer({ env: { FLOE_SYNC_WAIT_MS: '1000', FLOE_MAX_QUEUED_STATEMENTS: '3', FLOE_MAX_RESULT_BYTES: '2000' } });
  c = makeClient(server);
});
afterAll(async () => server?.dispose());

const t = () => ({ baseUrl: server.url, token: server.token });

test('a synchronous statement still running after the sync wait answers 202, then 200 by handle', async () => {
  const t0 = Date.now();
  const res = await c.submit('SELECT SYSTEM$WAIT(3)');
  // 202 with 333334: answered while it ran (it runs 3 s); not before the sync wait. (No upper
  // bound on the wall time: a loaded machine may take seconds to reach the statement at all.)
  expect(res.status).toBe(202);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  expect(res.json!.code).toBe('333334');
  expect((await c.poll(res.json!.statementHandle!)).status).toBe(200);
});

test('a statement answering a secret is answered in its request, however far past the sync wait', async () => {
  // Answered 202 it would be lost: a secret is answered once and never stored (the token made, its
  // secret shown to nobody). A wait of 1 ms is always over before the token is made.
  const user = await createUser(t());
  const res = await c.submit(`ALTER USER ${user} ADD PROGRAMMATIC ACCESS TOKEN WAITED`, { headers: { 'x-floe-wait-ms': '1' } });
  expect(res.status).toBe(200);
  expect(res.json!.data![0][0]).toBe('WAITED');
  expect((await c.submit('SELECT CURRENT_USER()', { token: res.json!.data![0][1]! })).json!.data).toEqual([[user]]);
  // A statement without a secret still answers 202 after that wait.
  const plain = await c.submit('SELECT SYSTEM$WAIT(1)', { headers: { 'x-floe-wait-ms': '1' } });
  expect(plain.status).toBe(202);
  expect((await c.poll(plain.json!.statementHandle!)).status).toBe(200);
});

test('a full statement queue answers 429 390505; it accepts again once there is room', async () => {
  // One user may hold all of it but one place (his share): a second user fills it.
  const [other, third] = [(await addPat(await createUser(t()), t())).secret, (await addPat(await createUser(t()), t())).secret];
  const running = await Promise.all([undefined, undefined, other].map((token) => c.submit('SELECT SYSTEM$WAIT(2)', { async: true, ...(token ? { token } : {}) })));
  running.forEach((r) => expect(r.status).toBe(202));
  for (const token of [undefined, other, third]) {
    const refused = await c.submit('SELECT 1', token ? { token } : {});
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: '390505' });
  }
  await Promise.all(running.map((r, i) => c.poll(r.json!.statementHandle!, i === 2 ? { token: other } : {})));
  expect((await c.submit('SELECT 1')).status).toBe(200);
});

test('a result larger than the maximum is cut: 200 with code 391908 and a message saying so', async () => {
  const res = await c.exec("SELECT COLUMN1, 'some padding text for the row' FROM (VALUES (1),(2),(3),(4),(5),(6),(7),(8),(9),(10),(11),(12),(13),(14),(15),(16),(17),(18),(19),(20),(21),(22),(23),(24),(25),(26),(27),(28),(29),(30),(31),(32),(33),(34),(35),(36),(37),(38),(39),(40),(41),(42),(43),(44),(45),(46),(47),(48),(49),(50),(51),(52),(53),(54),(55),(56),(57),(58),(59),(60))");
  expect(res.status).toBe(200);
  expect(res.json!.code).toBe('391908');
  expect(res.json!.message).toMatch(/exceeded/);
  expect(res.json!.resultSetMetaData!.numRows).toBe(res.json!.data!.length);
  expect(res.json!.data!.length).toBeLessThan(60);
});
