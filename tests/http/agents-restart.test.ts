// Agents are journaled like any write: they survive kill -9 and a restart on the same data dir.
import { afterAll, expect, test } from 'vitest';
import { makeClient, api } from './client';
import { agentBody, agentsPath, createAgentSql } from './agents-fixtures';
import { startServer, type FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

test('REST- and SQL-created agents survive kill -9', { timeout: 400_000 }, async () => {
  const first = await startServer();
  servers.push(first);
  const a = makeClient(first);
  await a.ok('CREATE DATABASE AGDUR');
  const ctx = { database: 'AGDUR', schema: 'PUBLIC' };
  await a.ok(createAgentSql('SQL_AGENT', { comment: 'kept' }), ctx);
  expect((await api('POST', agentsPath('AGDUR'), { baseUrl: first.url, token: first.token, body: agentBody('REST_AGENT') })).status).toBe(200);
  await first.kill9();
  const second = await startServer({ dataDir: first.dataDir });
  servers.push(second);
  const b = makeClient(second);
  const d = await b.ok('DESCRIBE AGENT SQL_AGENT', ctx);
  expect(d.data![0][4]).toBe('kept');
  const rest = await api('GET', agentsPath('AGDUR', 'PUBLIC', 'REST_AGENT'), { baseUrl: second.url, token: second.token });
  expect(JSON.parse(rest.json.agent_spec).tools[0].tool_spec.name).toBe('get_revenue');
});
