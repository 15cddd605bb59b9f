// Agent SQL commands through /api/v2/statements, and that REST and SQL manage the same agents.
import { describe, expect, test } from 'vitest';
import { api, exec, ok, type StatementJson } from './client';
import { agentBody, agentsPath, createAgentSql } from './agents-fixtures';
import { freshDatabase, uniqueName } from './helpers';

const cols = (j: StatementJson) => j.resultSetMetaData!.rowType.map((c) => c.name);
const cell = (j: StatementJson, col: string, row = 0) => j.data![row][cols(j).indexOf(col)];

async function fails(statement: string, ctx: object, message: RegExp) {
  const res = await exec(statement, ctx);
  expect(res.status, JSON.stringify(res.json)).toBe(422);
  expect(res.json!.message).toMatch(message);
}

describe('agents over SQL', () => {
  test('CREATE, DESCRIBE, ALTER, SHOW, DROP', async () => {
    const ctx = await freshDatabase();
    const name = uniqueName('AG');
    expect((await ok(createAgentSql(name), ctx)).data).toEqual([[`Agent ${name} successfully created.`]]);
    const d = await ok(`DESC AGENT ${name}`, ctx);
    expect(cols(d)).toEqual(['name', 'database_name', 'schema_name', 'owner', 'comment', 'profile', 'agent_spec', 'created_on']);
    expect(d.data![0].slice(0, 6)).toEqual([name, ctx.database, 'PUBLIC', 'ACCOUNTADMIN', 'sql agent', '{"display_name":"Sql Agent"}']);
    expect(JSON.parse(cell(d, 'agent_spec')!).tool_resources.Analyst1.semantic_view).toBe('db.schema.semantic_view');
    expect(d.resultSetMetaData!.rowType[7].type).toBe('timestamp_ltz');
    expect(Number(cell(d, 'created_on'))).toBeGreaterThan(1.7e9);

    await ok(`ALTER AGENT ${name} SET COMMENT = 'changed' PROFILE = '{"display_name": "New"}'`, ctx);
    await ok(`ALTER AGENT ${name} MODIFY LIVE VERSION SET SPECIFICATION = $${'$'}{"models": {"orchestration": "claude-4-sonnet"}}$${'$'}`, ctx);
    const after = await ok(`DESCRIBE AGENT ${ctx.database}.PUBLIC.${name}`);
    expect(cell(after, 'comment')).toBe('changed');
    expect(cell(after, 'profile')).toBe('{"display_name":"New"}');
    expect(JSON.parse(cell(after, 'agent_spec')!)).toEqual({ models: { orchestration: 'claude-4-sonnet' } });

    const show = await ok('SHOW AGENTS', ctx);
    expect(cols(show)).toEqual(['created_on', 'name', 'database_name', 'schema_name', 'owner', 'comment', 'profile', 'is_secure']);
    expect(show.data!.map((r) => r.slice(1))).toEqual([[name, ctx.database, 'PUBLIC', 'ACCOUNTADMIN', 'changed', '{"display_name":"New"}', 'false']]);

    expect((await ok(`DROP AGENT ${name}`, ctx)).data).toEqual([[`${name} successfully dropped.`]]);
    await fails(`DESCRIBE AGENT ${name}`, ctx, /Agent '.*' does not exist/);
    await fails(`DROP AGENT ${name}`, ctx, /does not exist/);
    await fails(`ALTER AGENT ${name} SET COMMENT = 'x'`, ctx, /does not exist/);
    expect((await ok(`DROP AGENT IF EXISTS ${name}`, ctx)).data![0][0]).toMatch(/already dropped/);
  });

  test('CREATE variants: existing agent, IF NOT EXISTS, OR REPLACE, both at once, quoted names', async () => {
    const ctx = await freshDatabase();
    const name = uniqueName('AG');
    await ok(createAgentSql(name), ctx);
    await fails(createAgentSql(name), ctx, /already exists/);
    expect((await ok(createAgentSql(`IF NOT EXISTS ${name}`, { comment: 'no' }), ctx)).data![0][0]).toMatch(/already exists, statement succeeded/);
    await ok(createAgentSql(name, { prefix: 'CREATE OR REPLACE', comment: 'yes' }), ctx);
    expect(cell(await ok(`DESCRIBE AGENT ${name}`, ctx), 'comment')).toBe('yes');
    await fails(createAgentSql(`IF NOT EXISTS ${name}`, { prefix: 'CREATE OR REPLACE' }), ctx, /incompatible/);
    await ok(createAgentSql('"Mixed Case"'), ctx);
    expect(cell(await ok('DESCRIBE AGENT "Mixed Case"', ctx), 'name')).toBe('Mixed Case');
    await ok(`CREATE AGENT ${uniqueName('BARE')} FROM SPECIFICATION $$$$`, ctx);
  });

  test('CREATE AGENT names are Snowflake identifiers: at most 255 characters, an unquoted one of [A-Za-z_][A-Za-z0-9_$]*', async () => {
    const ctx = await freshDatabase();
    const tooLong = /Invalid agent name '.*': it is longer than 255 characters \(an identifier is unquoted/;
    await fails(createAgentSql(`A${'X'.repeat(255)}`), ctx, tooLong);
    await fails(createAgentSql(`"${'q'.repeat(256)}"`), ctx, tooLong);
    await fails(createAgentSql('$AGENT'), ctx, /Invalid agent name '\$AGENT': unquoted, it may hold only letters, digits, _ and \$/);
    expect((await ok('SHOW AGENTS', ctx)).data).toEqual([]);
    await ok(createAgentSql(`A${'X'.repeat(254)}`), ctx);
    await ok(createAgentSql(`"${'q'.repeat(255)}"`), ctx);
    await ok(createAgentSql('"say ""hi"""'), ctx);
    expect(cell(await ok('DESCRIBE AGENT "say ""hi"""', ctx), 'name')).toBe('say "hi"');
  });

  test('invalid specifications, profiles and syntax are 422s naming the problem; nothing is written', async () => {
    const ctx = await freshDatabase();
    const name = uniqueName('AG');
    await fails(createAgentSql(name, { yaml: 'models: [auto\n' }), ctx, /not valid YAML/);
    await fails(createAgentSql(name, { yaml: 'tools:\n  - tool_spec: {type: generic}\n' }), ctx, /tools\[0\]\.tool_spec\.name: required/);
    await fails(createAgentSql(name, { yaml: 'unknown_key: 1\n' }), ctx, /unknown_key: unknown field/);
    await fails(createAgentSql(name, { profile: '[1, 2]' }), ctx, /profile: expected a JSON object/);
    await fails(createAgentSql(name, { yaml: `instructions:\n  response: ${'x'.repeat(100_001)}\n` }), ctx, /100000 bytes/);
    await fails(`CREATE AGENT ${name} COMMENT = 'x'`, ctx, /syntax error/);
    await fails(`CREATE AGENT ${name} FROM SPECIFICATION $$$$ extra`, ctx, /syntax error/);
    await fails(`ALTER AGENT ${name} SET`, ctx, /syntax error/);
    expect((await ok('SHOW AGENTS', ctx)).data).toEqual([]);
    await ok(createAgentSql(name), ctx);
    await fails(`ALTER AGENT ${name} MODIFY LIVE VERSION SET SPECIFICATION = $$tools: 3$$`, ctx, /tools: expected array/);
    await fails(`ALTER AGENT ${name} SET PROFILE = 'nope'`, ctx, /profile/);
    expect(JSON.parse(cell(await ok(`DESCRIBE AGENT ${name}`, ctx), 'agent_spec')!).tools).toHaveLength(2);
  });

  test('SHOW AGENTS: LIKE, IN ACCOUNT / DATABASE / SCHEMA, STARTS WITH, LIMIT … FROM', async () => {
    const ctx = await freshDatabase();
    const db = ctx.database;
    await ok(`CREATE SCHEMA ${db}.OTHER`);
    for (const n of ['FIN_A', 'FIN_B', 'HR_A']) await ok(createAgentSql(n), ctx);
    await ok(createAgentSql(`${db}.OTHER.FIN_C`));
    const names = async (sql: string, c: object = {}) => {
      const j = await ok(sql, c);
      return j.data!.map((r) => r[cols(j).indexOf('name')]);
    };
    expect(await names('SHOW AGENTS', ctx)).toEqual(['FIN_A', 'FIN_B', 'FIN_C', 'HR_A']);
    expect(await names(`SHOW AGENTS IN SCHEMA ${db}.PUBLIC`)).toEqual(['FIN_A', 'FIN_B', 'HR_A']);
    expect(await names('SHOW AGENTS IN SCHEMA', ctx)).toEqual(['FIN_A', 'FIN_B', 'HR_A']);
    expect(await names(`SHOW AGENTS LIKE 'fin%' IN DATABASE ${db}`)).toEqual(['FIN_A', 'FIN_B', 'FIN_C']);
    expect(await names(`SHOW AGENTS LIKE 'fin%' IN ACCOUNT`)).toEqual(expect.arrayContaining(['FIN_A', 'FIN_B', 'FIN_C']));
    expect(await names(`SHOW AGENTS IN DATABASE ${db} STARTS WITH 'HR'`)).toEqual(['HR_A']);
    expect(await names(`SHOW AGENTS IN DATABASE ${db} STARTS WITH 'hr'`)).toEqual([]);
    expect(await names(`SHOW AGENTS IN DATABASE ${db} LIMIT 2`)).toEqual(['FIN_A', 'FIN_B']);
    expect(await names(`SHOW AGENTS IN DATABASE ${db} LIMIT 2 FROM 'FIN_B'`)).toEqual(['FIN_B', 'FIN_C']);
    await fails('SHOW AGENTS IN DATABASE NO_SUCH_DB_Y', {}, /Database 'NO_SUCH_DB_Y' does not exist/);
    await fails(`SHOW AGENTS IN SCHEMA ${db}.NOPE`, {}, /Schema .* does not exist/);
  });

  test('REST and SQL see the same agents', async () => {
    const ctx = await freshDatabase();
    const sqlName = uniqueName('SQLAG');
    const restName = uniqueName('RESTAG');
    await ok(createAgentSql(sqlName), ctx);
    expect((await api('POST', agentsPath(ctx.database), { body: agentBody(restName) })).status).toBe(200);
    const viaRest = (await api('GET', agentsPath(ctx.database, 'PUBLIC', sqlName))).json;
    expect(viaRest.comment).toBe('sql agent');
    expect(viaRest.profile).toEqual({ display_name: 'Sql Agent' });
    expect(JSON.parse(viaRest.agent_spec).tools[0].tool_spec.name).toBe('Analyst1');
    const viaSql = await ok(`DESCRIBE AGENT ${restName}`, ctx);
    expect(JSON.parse(cell(viaSql, 'agent_spec')!).tools[0].tool_spec.name).toBe('get_revenue');
    expect(cell(viaSql, 'comment')).toBe('test agent');
    await ok(`ALTER AGENT ${restName} SET COMMENT = 'from sql'`, ctx);
    expect((await api('GET', agentsPath(ctx.database, 'PUBLIC', restName))).json.comment).toBe('from sql');
    expect((await api('DELETE', agentsPath(ctx.database, 'PUBLIC', sqlName))).status).toBe(200);
    await fails(`DESCRIBE AGENT ${sqlName}`, ctx, /does not exist/);
  });
});
