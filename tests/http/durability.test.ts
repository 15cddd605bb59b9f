// kill -9 loses no answered write; restart recovers data, statement handles and partitions.
import { afterAll, expect, test } from 'vitest';
import { api, makeClient } from './client';
import { agentBody, agentsPath, createAgentSql } from './agents-fixtures';
import { startServer, type FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

/**
 * One server lineage for the file: each test crashes the current server (kill -9) and starts it
 * again on its data dir, and the next test goes on with that one (its databases are its own), so
 * that a start, most of a test's time, is made once per crash and not again per test.
 */
let current: FloeServer | null = null;
async function live(): Promise<FloeServer> {
  if (!current || current.exitStatus()) {
    current = await startServer();
    servers.push(current);
  }
  return current;
}
async function restarted(crashed: FloeServer): Promise<FloeServer> {
  current = await startServer({ dataDir: crashed.dataDir });
  servers.push(current);
  return current;
}

test('every answered write survives kill -9; results stay readable by handle after restart', { timeout: 400_000 }, async () => {
  const first = await live();
  const a = makeClient(first);
  await a.ok('CREATE DATABASE DUR');
  const ctx = { database: 'DUR', schema: 'PUBLIC' };
  await a.ok('CREATE TABLE T (N INT, S VARCHAR, D DATE)', ctx);
  // Many small commits (some will sit only in the journal, not in a checkpoint image).
  for (let i = 0; i < 60; i++) await a.ok(`INSERT INTO T VALUES (${i}, 'row ${i}', '2024-01-01')`, ctx);
  await a.ok('UPDATE T SET S = UPPER(S) WHERE N < 10', ctx);
  await a.ok('DELETE FROM T WHERE N >= 50', ctx);
  await a.ok('CREATE TABLE BIG AS SELECT a.N * 100 + b.N AS N FROM T a, T b', ctx);
  const multi = await a.ok('SELECT 10 AS A; SELECT 20 AS B', { parameters: { MULTI_STATEMENT_COUNT: 2 } });
  const result = await a.ok('SELECT N, S FROM T ORDER BY N', ctx);
  const big = await a.ok('SELECT N FROM BIG ORDER BY N', ctx);

  await first.kill9();
  const second = await restarted(first);
  const b = makeClient(second);
  expect((await b.ok('SELECT COUNT(*), SUM(N), MIN(S) FROM T', ctx)).data).toEqual([['50', String((49 * 50) / 2), 'ROW 0']]);
  expect((await b.ok('SELECT COUNT(*) FROM BIG', ctx)).data).toEqual([['2500']]);
  const again = await b.getStatement(result.statementHandle!);
  expect(again.status).toBe(200);
  expect(again.json!.data).toEqual(result.data);
  const bigAgain = await b.getStatement(big.statementHandle!);
  expect(bigAgain.json!.resultSetMetaData!.partitionInfo).toEqual(big.resultSetMetaData!.partitionInfo);
  expect((await b.getStatement(multi.statementHandles![1])).json!.data).toEqual([['20']]);
  // The recovered server keeps working, and a second crash right after new writes loses nothing.
  await b.ok('INSERT INTO T VALUES (1000, \'after\', NULL)', ctx);
  await second.kill9();
  const third = await restarted(second);
  expect((await makeClient(third).ok('SELECT S FROM T WHERE N = 1000', ctx)).data).toEqual([['after']]);
});

test('a write cut off by kill -9 before its answer is either fully there or fully absent', { timeout: 300_000 }, async () => {
  const s = await live();
  const c = makeClient(s);
  await c.ok('CREATE DATABASE CUT');
  const ctx = { database: 'CUT', schema: 'PUBLIC' };
  await c.ok('CREATE TABLE D (N INT)', ctx);
  await c.ok(`INSERT INTO D VALUES ${Array.from({ length: 1000 }, (_, i) => `(${i})`).join(',')}`, ctx);
  // The request may be cut off by the kill: its failure is expected, and handled from the start.
  const pending = c.submit('INSERT INTO D SELECT a.N FROM D a, D b', { ...ctx, async: true }).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 300));
  await s.kill9();
  await pending;
  const again = await restarted(s);
  const n = (await makeClient(again).ok('SELECT COUNT(*) FROM D', ctx)).data![0][0];
  expect(['1000', String(1000 + 1000 * 1000)]).toContain(n);
});

test('agents created over REST and with SQL survive kill -9', { timeout: 300_000 }, async () => {
  const first = await live();
  const ctx = { database: 'AGDUR', schema: 'PUBLIC' };
  await makeClient(first).ok('CREATE DATABASE AGDUR');
  await makeClient(first).ok(createAgentSql('SQL_AGENT', { comment: 'kept' }), ctx);
  expect((await api('POST', agentsPath('AGDUR'), { baseUrl: first.url, token: first.token, body: agentBody('REST_AGENT') })).status).toBe(200);
  await first.kill9();
  const second = await restarted(first);
  expect((await makeClient(second).ok('DESCRIBE AGENT SQL_AGENT', ctx)).data![0][4]).toBe('kept');
  const rest = await api('GET', agentsPath('AGDUR', 'PUBLIC', 'REST_AGENT'), { baseUrl: second.url, token: second.token });
  expect(JSON.parse(rest.json.agent_spec).tools[0].tool_spec.name).toBe('get_revenue');
});

test('sequence and identity values survive kill -9 and journal replay: unique, increasing, the same on every replica', { timeout: 300_000 }, async () => {
  const first = await live();
  const a = makeClient(first);
  const ctx = { database: 'SEQDUR', schema: 'PUBLIC' };
  await a.ok('CREATE DATABASE SEQDUR');
  await a.ok('CREATE SEQUENCE S START 10 INCREMENT 5', ctx);
  await a.ok('CREATE TABLE T (ID INT AUTOINCREMENT, N INT DEFAULT S.NEXTVAL, A VARCHAR)', ctx);
  for (let i = 0; i < 5; i++) await a.ok(`INSERT INTO T (A) VALUES ('r${i}a'), ('r${i}b')`, ctx);
  // A read-only SELECT of NEXTVAL advances the sequence durably too.
  expect((await a.ok('SELECT S.NEXTVAL', ctx)).data).toEqual([['60']]);
  const before = (await a.ok('SELECT ID, N FROM T ORDER BY ID', ctx)).data;
  expect(before).toEqual(Array.from({ length: 10 }, (_, i) => [String(i + 1), String(10 + 5 * i)]));
  // Reads run on replicas that replayed the journal: they agree with the writer.
  for (let i = 0; i < 4; i++) expect((await a.ok('SELECT ID, N FROM T ORDER BY ID', ctx)).data).toEqual(before);

  await first.kill9();
  const second = await restarted(first);
  const b = makeClient(second);
  expect((await b.ok('SELECT ID, N FROM T ORDER BY ID', ctx)).data).toEqual(before);
  await b.ok("INSERT INTO T (A) VALUES ('after')", ctx);
  expect((await b.ok("SELECT ID, N FROM T WHERE A = 'after'", ctx)).data).toEqual([['11', '65']]);
  expect((await b.ok('SHOW SEQUENCES', ctx)).data!.map((r) => r[4])).toEqual(['70']);
});
