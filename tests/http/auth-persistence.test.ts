// Users, their PATs and registered public keys survive a restart on the same data dir.
import { afterAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { addPat, jwt, userWithKey } from './auth-keys';
import { startServer, type FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

test('users, PATs, keys and role grants survive a restart; removed tokens stay removed', { timeout: 400_000 }, async () => {
  const first = await startServer();
  servers.push(first);
  const t = { baseUrl: first.url, token: first.token };
  const { user, keyPair } = await userWithKey(t);
  const { secret } = await addPat(user, t);
  const removed = await addPat(user, t);
  await makeClient(first).ok(`ALTER USER ${user} REMOVE PAT ${removed.tokenName}`);
  await first.stop();
  const second = await startServer({ dataDir: first.dataDir });
  servers.push(second);
  const b = makeClient(second);
  expect((await b.ok('SELECT CURRENT_USER(), CURRENT_ROLE()', { token: secret })).data).toEqual([[user, 'ACCOUNTADMIN']]);
  expect((await b.ok('SELECT CURRENT_USER()', { token: jwt({ user, keyPair }) })).data).toEqual([[user]]);
  expect((await b.submit('SELECT 1', { token: removed.secret })).status).toBe(401);
});
