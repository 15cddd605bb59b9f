// Agent REST endpoints: every endpoint and its error answers, through real HTTP.
import { describe, expect, test } from 'vitest';
import { api, exec, ok } from './client';
import { agentBody, agentsPath } from './agents-fixtures';
import { freshDatabase, parseLink, uniqueName } from './helpers';

async function setup(): Promise<string> {
  return (await freshDatabase()).database;
}

const create = (db: string, name: string, over: Record<string, unknown> = {}, query?: Record<string, string>) =>
  api('POST', agentsPath(db), { body: agentBody(name, over), query });

function expectError(res: { status: number; json: any; headers: Headers }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.json.code).toBeTypeOf('string');
  expect(res.json.request_id).toBe(res.headers.get('x-snowflake-request-id'));
  if (message) expect(res.json.message).toMatch(message);
}

describe('agents over REST', () => {
  test('create, describe, list, update, delete', async () => {
    const db = await setup();
    const name = uniqueName('AG');
    const created = await create(db, name);
    expect(created.status).toBe(200);
    expect(created.json).toEqual({ status: `Agent ${name} successfully created.` });
    expect(created.headers.get('x-snowflake-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const d = await api('GET', agentsPath(db, 'PUBLIC', name));
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({ name, database_name: db, schema_name: 'PUBLIC', owner: 'ACCOUNTADMIN', comment: 'test agent', profile: { display_name: 'Test Agent' } });
    expect(Date.parse(d.json.created_on)).not.toBeNaN();
    expect(JSON.parse(d.json.agent_spec)).toEqual({
      models: { orchestration: 'auto' }, instructions: { response: 'Be concise' }, orchestration: { budget: { seconds: 30, tokens: 16000 } },
      tools: agentBody(name).tools, tool_resources: agentBody(name).tool_resources,
    });

    const list = await api('GET', agentsPath(db));
    expect(list.status).toBe(200);
    expect(list.json).toEqual([{ name, database: db, schema: 'PUBLIC', owner: 'ACCOUNTADMIN', comment: 'test agent', profile: { display_name: 'Test Agent', avatar: null, color: null }, created_on: d.json.created_on }]);

    const put = await api('PUT', agentsPath(db, 'PUBLIC', name), { body: { profile: { display_name: 'Renamed' }, models: { orchestration: 'claude-4-sonnet' } } });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ status: `Agent ${name} successfully updated.` });
    const after = (await api('GET', agentsPath(db, 'PUBLIC', name))).json;
    expect(after.profile).toEqual({ display_name: 'Renamed' });
    expect(after.comment).toBe('test agent');
    expect(JSON.parse(after.agent_spec).models).toEqual({ orchestration: 'claude-4-sonnet' });
    expect(JSON.parse(after.agent_spec).instructions).toEqual({ response: 'Be concise' });

    const del = await api('DELETE', agentsPath(db, 'PUBLIC', name));
    expect(del.status).toBe(200);
    expect(del.json).toEqual({ status: 'Request successfully completed' });
    expectError(await api('GET', agentsPath(db, 'PUBLIC', name)), 404, /does not exist/);
    expectError(await api('DELETE', agentsPath(db, 'PUBLIC', name)), 404);
    expect((await api('DELETE', agentsPath(db, 'PUBLIC', name), { query: { ifExists: 'true' } })).status).toBe(200);
    expectError(await api('DELETE', agentsPath(db, 'PUBLIC', name), { query: { ifExists: 'maybe' } }), 400);
  });

  test('createMode: errorIfExists (default) 409, ifNotExists keeps, orReplace replaces, others 400', async () => {
    const db = await setup();
    const name = uniqueName('AG');
    expect((await create(db, name)).status).toBe(200);
    expectError(await create(db, name, { comment: 'x' }), 409, /already exists/);
    expectError(await create(db, name, { comment: 'x' }, { createMode: 'errorIfExists' }), 409);
    expect((await create(db, name, { comment: 'x' }, { createMode: 'ifNotExists' })).status).toBe(200);
    expect((await api('GET', agentsPath(db, 'PUBLIC', name))).json.comment).toBe('test agent');
    expect((await create(db, name, { comment: 'replaced' }, { createMode: 'orReplace' })).status).toBe(200);
    expect((await api('GET', agentsPath(db, 'PUBLIC', name))).json.comment).toBe('replaced');
    expectError(await create(db, name, {}, { createMode: 'sometimes' }), 400, /createMode/);
  });

  test('path identifiers: quoted names keep their case, unquoted ones are upper-cased', async () => {
    const db = await setup();
    expect((await create(db, '"my agent"')).json.status).toBe('Agent "my agent" successfully created.');
    expect((await api('GET', agentsPath(db, 'PUBLIC', '"my agent"'))).json.name).toBe('my agent');
    expect((await create(db, 'lower_agent')).status).toBe(200);
    expect((await api('GET', agentsPath(db.toLowerCase(), 'public', 'lower_agent'))).json.name).toBe('LOWER_AGENT');
    expect((await api('GET', agentsPath(db, '"PUBLIC"', '"LOWER_AGENT"'))).status).toBe(200);
    expect((await api('GET', agentsPath(db, 'PUBLIC', '"lower_agent"'))).status).toBe(404);
    expectError(await api('GET', agentsPath(db, 'PUBLIC', '"bad"name"')), 400);
  });

  test('agent names are Snowflake identifiers: anything else is a 400 naming the rule, and nothing is created', async () => {
    const db = await setup();
    const rule = /Invalid agent name '.*': an identifier is unquoted \(\[A-Za-z_\]\[A-Za-z0-9_\$\]\*\) or double-quoted \(""/s;
    for (const bad of ['my agent', '1AGENT', 'AG-1', '$AG', 'agent!', '""', `A${'X'.repeat(255)}`, `"${'q'.repeat(256)}"`]) {
      expectError(await create(db, bad), 400, rule);
    }
    expectError(await api('GET', agentsPath(db, 'PUBLIC', 'my agent')), 400, rule);
    expectError(await api('DELETE', agentsPath(db, 'PUBLIC', '1AGENT')), 400, rule);
    expect((await api('GET', agentsPath(db))).json).toEqual([]);
    // At the edges of the rule: 255 characters, $ and digits after the first, quoted forms with "" escapes.
    for (const good of [`A${'X'.repeat(254)}`, '_AG$1', '"my agent 2"', '"say ""hi"""', `"${'q'.repeat(255)}"`]) {
      expect((await create(db, good)).status, good).toBe(200);
    }
    expect((await api('GET', agentsPath(db, 'PUBLIC', '"say ""hi"""'))).json.name).toBe('say "hi"');
  });

  test('unknown database or schema: 404 naming it', async () => {
    const db = await setup();
    expectError(await api('GET', agentsPath('NO_SUCH_DB_X')), 404, /Database 'NO_SUCH_DB_X'/);
    expectError(await api('POST', agentsPath(db, 'NOPE'), { body: agentBody('A') }), 404, new RegExp(`Schema '${db}.NOPE'`));
    expectError(await api('GET', agentsPath(db, 'NOPE', 'A')), 404, /NOPE/);
  });

  test('list: like, fromName, showLimit with a Link to the next page', async () => {
    const db = await setup();
    for (const n of ['ALPHA_1', 'ALPHA_2', 'ALPHA_3', 'BETA_1', 'ALPHAX1']) expect((await create(db, n)).status).toBe(200);
    const names = async (query: Record<string, string | number>) => (await api('GET', agentsPath(db), { query })).json.map((a: { name: string }) => a.name);
    // Ordered by name in code-unit order, as Snowflake sorts names ('X' < '_').
    expect(await names({})).toEqual(['ALPHAX1', 'ALPHA_1', 'ALPHA_2', 'ALPHA_3', 'BETA_1']);
    expect(await names({ like: 'alpha%' })).toEqual(['ALPHAX1', 'ALPHA_1', 'ALPHA_2', 'ALPHA_3']);
    expect(await names({ like: 'alpha\\_%' })).toEqual(['ALPHA_1', 'ALPHA_2', 'ALPHA_3']);
    expect(await names({ like: '%_1' })).toEqual(['ALPHAX1', 'ALPHA_1', 'BETA_1']);
    expect(await names({ fromName: 'ALPHA_3' })).toEqual(['ALPHA_3', 'BETA_1']);
    const page = await api('GET', agentsPath(db), { query: { showLimit: 2, like: 'ALPHA%' } });
    expect(page.json.map((a: { name: string }) => a.name)).toEqual(['ALPHAX1', 'ALPHA_1']);
    const next = parseLink(page.headers.get('link')).next;
    expect(next).toContain('fromName=ALPHA_2');
    expect((await api('GET', next)).json.map((a: { name: string }) => a.name)).toEqual(['ALPHA_2', 'ALPHA_3']);
    expect((await api('GET', agentsPath(db), { query: { showLimit: 10 } })).headers.get('link')).toBeNull();
    for (const bad of ['0', '10001', 'x']) expectError(await api('GET', agentsPath(db), { query: { showLimit: bad } }), 400, /showLimit/);
  });

  test('invalid bodies and specifications are 400s naming the field; nothing is written', async () => {
    const db = await setup();
    const name = uniqueName('AG');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ tools: 'not-an-array' }, /tools: expected array/],
      [{ surprise: 1 }, /surprise: unknown field/],
      [{ tools: [{ tool_spec: { type: 'generic', name: 'a' } }, { tool_spec: { type: 'generic' } }] }, /tools\[1\]\.tool_spec\.name: required/],
      [{ tools: [], tool_resources: { ghost: {} } }, /tool_resources\.ghost/],
      [{ orchestration: { budget: { seconds: 0 } } }, /orchestration\.budget\.seconds: expected a positive integer/],
      [{ profile: 'plain text' }, /profile: expected a JSON object/],
      [{ comment: 5 }, /comment/],
    ];
    for (const [over, message] of cases) expectError(await create(db, name, over), 400, message);
    // Over the specification's own size limit: 413 with the object-size code.
    const bigSpec = await create(db, name, { instructions: { response: 'x'.repeat(100_001) } });
    expectError(bigSpec, 413, /agent specification of \d+ bytes exceeds the limit of 100000 bytes/);
    expect(bigSpec.json).toMatchObject({ code: '300005', sqlState: '54000' });
    const noName = agentBody(name);
    delete noName.name;
    expectError(await api('POST', agentsPath(db), { body: noName }), 400, /name/);
    expectError(await api('POST', agentsPath(db), { rawBody: '{not json', headers: { 'content-type': 'application/json' } }), 400);
    expect((await api('GET', agentsPath(db))).json).toEqual([]);

    expect((await create(db, name)).status).toBe(200);
    expectError(await api('PUT', agentsPath(db, 'PUBLIC', name), { body: { tools: [] } }), 400, /tool_resources\.get_revenue: no tool/);
    expectError(await api('PUT', agentsPath(db, 'PUBLIC', name), { body: { bogus: true } }), 400, /bogus: unknown field/);
    expectError(await api('PUT', agentsPath(db, 'PUBLIC', name), { body: { name: 'OTHER' } }), 400, /Renaming/);
    expectError(await api('PUT', agentsPath(db, 'PUBLIC', uniqueName('NOPE')), { body: { comment: 'x' } }), 404);
    expect(JSON.parse((await api('GET', agentsPath(db, 'PUBLIC', name))).json.agent_spec).tools).toHaveLength(1);
  });

  test('an agent of 2 MB (a huge comment) answers 413 300005 naming FLOE_MAX_OBJECT_BYTES; over SQL 422; nothing is stored', async () => {
    const db = await setup();
    const name = uniqueName('AG');
    const huge = 'c'.repeat(2 * 1024 * 1024);
    const res = await create(db, name, { comment: huge });
    expectError(res, 413, /an agent of \d+ bytes exceeds the limit of 1048576 bytes \(FLOE_MAX_OBJECT_BYTES\)/);
    expect(res.json).toMatchObject({ code: '300005', sqlState: '54000' });
    expect((await api('GET', agentsPath(db))).json).toEqual([]);
    // An update carrying it is refused alike, and the stored agent is unchanged.
    expect((await create(db, name)).status).toBe(200);
    const put = await api('PUT', agentsPath(db, 'PUBLIC', name), { body: { comment: huge } });
    expectError(put, 413, /FLOE_MAX_OBJECT_BYTES/);
    expect((await api('GET', agentsPath(db, 'PUBLIC', name))).json.comment).not.toBe(huge);
    // Over SQL: a statement failure with the same code.
    const sql = await exec(`ALTER AGENT ${db}.PUBLIC.${name} SET COMMENT = '${huge}'`);
    expect(sql.status, JSON.stringify(sql.json).slice(0, 300)).toBe(422);
    expect(sql.json).toMatchObject({ code: '300005', sqlState: '54000' });
    expect(sql.json!.message).toMatch(/exceeds the limit of 1048576 bytes \(FLOE_MAX_OBJECT_BYTES\)/);
  });

  test('PUT with null removes a spec section; tools and resources can be added together', async () => {
    const db = await setup();
    const name = uniqueName('AG');
    expect((await create(db, name)).status).toBe(200);
    const body = { tools: [...(agentBody(name).tools as unknown[]), { tool_spec: { type: 'web_search', name: 'web' } }], tool_resources: { ...(agentBody(name).tool_resources as object), web: { max_results: 3 } }, orchestration: null };
    expect((await api('PUT', agentsPath(db, 'PUBLIC', name), { body })).status).toBe(200);
    const spec = JSON.parse((await api('GET', agentsPath(db, 'PUBLIC', name))).json.agent_spec);
    expect(spec.tools.map((t: { tool_spec: { name: string } }) => t.tool_spec.name)).toEqual(['get_revenue', 'web']);
    expect(spec.orchestration).toBeUndefined();
  });

  test('every endpoint requires the bearer token (401 JSON with a request id)', async () => {
    const db = await setup();
    for (const [method, path] of [['GET', agentsPath(db)], ['POST', agentsPath(db)], ['GET', agentsPath(db, 'PUBLIC', 'A')], ['PUT', agentsPath(db, 'PUBLIC', 'A')], ['DELETE', agentsPath(db, 'PUBLIC', 'A')]]) {
      const res = await api(method, path, { token: null, body: method === 'POST' || method === 'PUT' ? agentBody('A') : undefined });
      expectError(res, 401);
    }
  });

  test('dropping the schema or the database drops its agents', async () => {
    const db = await setup();
    await ok(`CREATE SCHEMA ${db}.S2`);
    expect((await api('POST', agentsPath(db, 'S2'), { body: agentBody('IN_S2') })).status).toBe(200);
    await ok(`DROP SCHEMA ${db}.S2`);
    await ok(`CREATE SCHEMA ${db}.S2`);
    expect((await api('GET', agentsPath(db, 'S2'))).json).toEqual([]);
    expect((await api('POST', agentsPath(db), { body: agentBody('IN_DB') })).status).toBe(200);
    await ok(`DROP DATABASE ${db}`);
    await ok(`CREATE DATABASE ${db}`);
    expect((await api('GET', agentsPath(db))).json).toEqual([]);
  });
});
