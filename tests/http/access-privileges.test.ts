// Object privileges: ownership by the creating role, USAGE on database and schema, table and view
// privileges, CREATE privileges on schemas, GRANT / REVOKE (also ON ALL … IN SCHEMA), SHOW GRANTS,
// the role hierarchy, filtered SHOW / INFORMATION_SCHEMA, and the agent REST endpoints.
import { beforeAll, describe, expect, test } from 'vitest';
import { api, exec, ok, type StatementResponse } from './client';
import { uniqueName } from './helpers';
import { addPat, createUser } from './auth-keys';

interface Actor { user: string; token: string }
const as = async (roles: string[]): Promise<Actor> => {
  const user = await createUser(undefined, roles);
  return { user, token: (await addPat(user)).secret };
};

const denied = (res: StatementResponse, what: string) => {
  expect(res.status, res.text).toBe(422);
  expect(res.json).toMatchObject({ code: '003001', sqlState: '42501' });
  expect(res.json!.message).toContain(`Insufficient privileges to operate on ${what}`);
};
const hidden = (res: StatementResponse, what: string) => {
  expect(res.status, res.text).toBe(422);
  expect(res.json).toMatchObject({ code: '002003' });
  expect(res.json!.message).toContain(`${what} does not exist or not authorized`);
};

let dev: Actor;
let reader: Actor;
let devRole: string;
let readRole: string;
let db: string;
let fq: string;

beforeAll(async () => {
  devRole = uniqueName('DEV');
  readRole = uniqueName('READ');
  await ok(`CREATE ROLE ${devRole}`);
  await ok(`CREATE ROLE ${readRole}`);
  await ok(`GRANT CREATE DATABASE ON ACCOUNT TO ROLE ${devRole}`);
  dev = await as([devRole]);
  reader = await as([readRole]);
  db = uniqueName('DB');
  fq = `${db}.PUBLIC.T`;
  await ok(`CREATE DATABASE ${db}`, { token: dev.token });
  await ok(`CREATE TABLE ${fq} (A INT, B VARCHAR)`, { token: dev.token });
  await ok(`INSERT INTO ${fq} VALUES (1, 'x'), (2, 'y')`, { token: dev.token });
});

describe('object privileges', () => {
  test('the creating role owns what it creates; others cannot see it; ACCOUNTADMIN can', async () => {
    const grants = await ok(`SHOW GRANTS ON TABLE ${fq}`);
    expect(grants.data).toContainEqual([expect.anything(), 'OWNERSHIP', 'TABLE', fq, 'ROLE', devRole, 'true', devRole]);
    hidden(await exec(`SELECT * FROM ${fq}`, { token: reader.token }), `Object '${fq}'`);
    hidden(await exec('SELECT 1', { token: reader.token, database: db }), `Database '${db}'`);
    hidden(await exec(`SELECT * FROM ${db}.INFORMATION_SCHEMA.TABLES`, { token: reader.token }), `Database '${db}'`);
    hidden(await exec(`USE DATABASE ${db}`, { token: reader.token }), `Database '${db}'`);
    expect((await ok(`SHOW DATABASES LIKE '${db}'`, { token: reader.token })).data).toEqual([]);
    expect((await ok(`SHOW DATABASES LIKE '${db}'`, { token: dev.token })).data).toHaveLength(1);
    expect((await ok(`SELECT COUNT(*) FROM ${fq}`)).data).toEqual([['2']]);
    // Names stay unique in the account, seen or not.
    expect((await exec(`CREATE DATABASE ${db}`)).json!.code).toBe('002002');
  });

  test('USAGE on database and schema makes them visible, not their tables; SELECT makes a table readable only', async () => {
    await ok(`GRANT USAGE ON DATABASE ${db} TO ROLE ${readRole}`, { token: dev.token });
    await ok(`GRANT USAGE ON SCHEMA ${db}.PUBLIC TO ROLE ${readRole}`, { token: dev.token });
    expect((await ok(`SHOW DATABASES LIKE '${db}'`, { token: reader.token })).data).toHaveLength(1);
    expect((await ok(`SHOW TABLES IN SCHEMA ${db}.PUBLIC`, { token: reader.token })).data).toEqual([]);
    expect((await ok(`SELECT TABLE_NAME FROM ${db}.INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'`, { token: reader.token })).data).toEqual([]);
    hidden(await exec(`SELECT * FROM ${fq}`, { token: reader.token }), `Object '${fq}'`);
    await ok(`GRANT SELECT ON TABLE ${fq} TO ROLE ${readRole}`, { token: dev.token });
    expect((await ok(`SELECT A FROM ${fq} ORDER BY A`, { token: reader.token })).data).toEqual([['1'], ['2']]);
    expect((await ok(`SHOW TABLES IN SCHEMA ${db}.PUBLIC`, { token: reader.token })).data!.map((r) => r[1])).toEqual(['T']);
    expect((await ok(`DESCRIBE TABLE ${fq}`, { token: reader.token })).data).toHaveLength(2);
    for (const sql of [`INSERT INTO ${fq} VALUES (3, 'z')`, `UPDATE ${fq} SET B = 'w'`, `DELETE FROM ${fq}`, `TRUNCATE TABLE ${fq}`, `DROP TABLE ${fq}`,
      `ALTER TABLE ${fq} ADD COLUMN C INT`, `COMMENT ON TABLE ${fq} IS 'no'`, `MERGE INTO ${fq} t USING (SELECT 1 AS A) s ON t.A = s.A WHEN MATCHED THEN DELETE`]) {
      denied(await exec(sql, { token: reader.token }), "table 'T'");
    }
    denied(await exec(`CREATE TABLE ${db}.PUBLIC.MINE (A INT)`, { token: reader.token }), "schema 'PUBLIC'");
    denied(await exec(`CREATE VIEW ${db}.PUBLIC.MINE AS SELECT 1 AS A`, { token: reader.token }), "schema 'PUBLIC'");
    denied(await exec(`CREATE SCHEMA ${db}.MINE`, { token: reader.token }), `database '${db}'`);
    denied(await exec(`DROP DATABASE ${db}`, { token: reader.token }), `database '${db}'`);
    denied(await exec(`CREATE DATABASE ${uniqueName('DB')}`, { token: reader.token }), 'account');
    // Only the owner (or MANAGE GRANTS) grants.
    denied(await exec(`GRANT INSERT ON TABLE ${fq} TO ROLE ${readRole}`, { token: reader.token }), "table 'T'");
  });

  test('INSERT / UPDATE / DELETE / TRUNCATE each allow exactly their statement; REVOKE takes them back', async () => {
    const t = `${db}.PUBLIC.W`;
    await ok(`CREATE TABLE ${t} (A INT)`, { token: dev.token });
    await ok(`GRANT INSERT, UPDATE ON TABLE ${t} TO ROLE ${readRole}`, { token: dev.token });
    await ok(`INSERT INTO ${t} VALUES (1), (2)`, { token: reader.token });
    await ok(`UPDATE ${t} SET A = A + 10`, { token: reader.token });
    denied(await exec(`SELECT * FROM ${t}`, { token: reader.token }), "table 'W'");
    denied(await exec(`DELETE FROM ${t}`, { token: reader.token }), "table 'W'");
    // Reading another table while writing this one needs SELECT there.
    hidden(await exec(`INSERT INTO ${t} SELECT A FROM ${db}.PUBLIC.NOPE`, { token: reader.token }), `Object '${db}.PUBLIC.NOPE'`);
    await ok(`INSERT INTO ${t} SELECT A FROM ${fq}`, { token: reader.token });
    await ok(`GRANT DELETE, TRUNCATE ON TABLE ${t} TO ROLE ${readRole}`, { token: dev.token });
    await ok(`DELETE FROM ${t} WHERE A = 1`, { token: reader.token });
    await ok(`TRUNCATE TABLE ${t}`, { token: reader.token });
    await ok(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON TABLE ${t} FROM ROLE ${readRole}`, { token: dev.token });
    hidden(await exec(`INSERT INTO ${t} VALUES (3)`, { token: reader.token }), `Object '${t}'`);
    expect((await ok(`SELECT COUNT(*) FROM ${t}`, { token: dev.token })).data).toEqual([['0']]);
  });

  test('GRANT … ON ALL TABLES IN SCHEMA, views over tables the reader cannot read, CREATE TABLE on a schema', async () => {
    const schema = `${db}.S_${uniqueName('X')}`;
    await ok(`CREATE SCHEMA ${schema}`, { token: dev.token });
    await ok(`CREATE TABLE ${schema}.T1 (A INT)`, { token: dev.token });
    await ok(`CREATE TABLE ${schema}.T2 (A INT)`, { token: dev.token });
    await ok(`CREATE VIEW ${schema}.V AS SELECT A FROM ${fq}`, { token: dev.token });
    await ok(`GRANT USAGE ON SCHEMA ${schema} TO ROLE ${readRole}`, { token: dev.token });
    await ok(`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ROLE ${readRole}`, { token: dev.token });
    await ok(`SELECT * FROM ${schema}.T1 JOIN ${schema}.T2 USING (A)`, { token: reader.token });
    hidden(await exec(`SELECT * FROM ${schema}.V`, { token: reader.token }), `Object '${schema}.V'`);
    await ok(`GRANT SELECT ON VIEW ${schema}.V TO ROLE ${readRole}`, { token: dev.token });
    await ok(`REVOKE SELECT ON TABLE ${fq} FROM ROLE ${readRole}`, { token: dev.token });
    // The view reads with its owner's rights.
    expect((await ok(`SELECT COUNT(*) FROM ${schema}.V`, { token: reader.token })).data).toEqual([['2']]);
    hidden(await exec(`SELECT * FROM ${fq}`, { token: reader.token }), `Object '${fq}'`);
    await ok(`GRANT CREATE TABLE ON SCHEMA ${schema} TO ROLE ${readRole}`, { token: dev.token });
    await ok(`CREATE TABLE ${schema}.OWN (A INT)`, { token: reader.token });
    await ok(`INSERT INTO ${schema}.OWN VALUES (1)`, { token: reader.token });
    await ok(`CREATE TABLE ${schema}.COPIED AS SELECT * FROM ${schema}.T1`, { token: reader.token });
    hidden(await exec(`CREATE TABLE ${schema}.STOLEN AS SELECT * FROM ${fq}`, { token: reader.token }), `Object '${fq}'`);
    // Replacing or dropping needs ownership: SELECT on T1 is not enough.
    denied(await exec(`CREATE OR REPLACE TABLE ${schema}.T1 (A INT)`, { token: reader.token }), "table 'T1'");
    denied(await exec(`DROP VIEW ${schema}.V`, { token: reader.token }), "view 'V'");
    denied(await exec(`DROP SCHEMA ${schema}`, { token: reader.token }), `schema '${schema.split('.')[1]}'`);
    await ok(`CREATE OR REPLACE TABLE ${schema}.OWN (B INT)`, { token: reader.token });
    const shown = await ok(`SHOW GRANTS TO ROLE ${readRole}`);
    const rows = shown.data!.map((r) => [r[1], r[2], r[3]]);
    expect(shown.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['created_on', 'privilege', 'granted_on', 'name', 'granted_to', 'grantee_name', 'grant_option', 'granted_by']);
    expect(rows).toContainEqual(['OWNERSHIP', 'TABLE', `${schema}.OWN`]);
    expect(rows).toContainEqual(['SELECT', 'TABLE', `${schema}.T1`]);
    expect(rows).toContainEqual(['SELECT', 'VIEW', `${schema}.V`]);
    expect(rows).toContainEqual(['CREATE TABLE', 'SCHEMA', schema]);
    expect(rows).not.toContainEqual(['SELECT', 'TABLE', fq]);
    const toUser = await ok(`SHOW GRANTS TO USER ${reader.user}`, { token: reader.token });
    expect(toUser.data!.map((r) => [r[1], r[2], r[3]])).toEqual([[readRole, 'USER', reader.user]]);
    denied(await exec(`SHOW GRANTS TO USER ${dev.user}`, { token: reader.token }), `user '${dev.user}'`);
  });

  test('GRANT OWNERSHIP hands an object over; DROP ROLE passes what it owned to the dropping role', async () => {
    const t = `${db}.PUBLIC.HANDED`;
    await ok(`CREATE TABLE ${t} (A INT)`, { token: dev.token });
    await ok(`GRANT OWNERSHIP ON TABLE ${t} TO ROLE ${readRole}`, { token: dev.token });
    // The old owner keeps no privilege on it: it no longer sees it.
    hidden(await exec(`DROP TABLE ${t}`, { token: dev.token }), `Table 'HANDED'`);
    const temp = uniqueName('TEMP');
    await ok(`CREATE ROLE ${temp}`);
    await ok(`GRANT OWNERSHIP ON TABLE ${t} TO ROLE ${temp}`, { token: reader.token });
    await ok(`DROP ROLE ${temp}`);
    expect((await ok(`SHOW GRANTS ON TABLE ${t}`)).data![0].slice(1, 6)).toEqual(['OWNERSHIP', 'TABLE', t, 'ROLE', 'ACCOUNTADMIN']);
    await ok(`DROP TABLE ${t}`);
  });

  test('the role hierarchy: a role inherits what is granted to the roles granted to it; SYSADMIN creates databases', async () => {
    const parent = uniqueName('PARENT');
    await ok(`CREATE ROLE ${parent}`);
    await ok(`GRANT ROLE ${readRole} TO ROLE ${parent}`);
    const boss = await as([parent]);
    const t = `${db}.PUBLIC.INHERITED`;
    await ok(`CREATE TABLE ${t} (A INT)`, { token: dev.token });
    await ok(`GRANT SELECT ON TABLE ${t} TO ROLE ${readRole}`, { token: dev.token });
    await ok(`SELECT * FROM ${t}`, { token: boss.token });
    const sys = await as(['SYSADMIN']);
    const own = uniqueName('DB');
    await ok(`CREATE DATABASE ${own}`, { token: sys.token });
    // ACCOUNTADMIN ⊃ SYSADMIN: the admin reads it; a PUBLIC user does not see it.
    await ok(`CREATE TABLE ${own}.PUBLIC.T (A INT)`);
    const pub = await as(['PUBLIC']);
    expect((await ok(`SHOW DATABASES LIKE '${own}'`, { token: pub.token })).data).toEqual([]);
    expect((await ok(`SHOW DATABASES LIKE '${own}'`, { token: sys.token })).data).toHaveLength(1);
    // Objects granted to PUBLIC are everyone's.
    await ok(`GRANT USAGE ON DATABASE ${own} TO ROLE PUBLIC`, { token: sys.token });
    expect((await ok(`SHOW DATABASES LIKE '${own}'`, { token: pub.token })).data).toHaveLength(1);
  });

  test('agents: CREATE AGENT on the schema, USAGE to describe, OWNERSHIP to change, through SQL and REST alike', async () => {
    const path = `/api/v2/databases/${db}/schemas/PUBLIC/agents`;
    const spec = "FROM SPECIFICATION '{\"models\": {\"orchestration\": \"auto\"}}'";
    denied(await exec(`CREATE AGENT ${db}.PUBLIC.NOT_YET ${spec}`, { token: reader.token }), "schema 'PUBLIC'");
    const restDenied = await api('POST', path, { token: reader.token, body: { name: 'NOT_YET' } });
    expect(restDenied.status).toBe(403);
    expect(restDenied.json).toMatchObject({ code: '003001' });
    await ok(`CREATE AGENT ${db}.PUBLIC.HELPER ${spec}`, { token: dev.token });
    expect((await api('GET', `${path}/HELPER`, { token: reader.token })).status).toBe(404);
    expect((await api('GET', path, { token: reader.token })).json).toEqual([]);
    hidden(await exec(`DESCRIBE AGENT ${db}.PUBLIC.HELPER`, { token: reader.token }), "Agent 'HELPER'");
    await ok(`GRANT USAGE ON AGENT ${db}.PUBLIC.HELPER TO ROLE ${readRole}`, { token: dev.token });
    expect((await api('GET', `${path}/HELPER`, { token: reader.token })).json).toMatchObject({ name: 'HELPER', owner: devRole });
    expect((await ok(`SHOW AGENTS IN SCHEMA ${db}.PUBLIC`, { token: reader.token })).data!.map((r) => r[1])).toEqual(['HELPER']);
    denied(await exec(`ALTER AGENT ${db}.PUBLIC.HELPER SET COMMENT = 'mine'`, { token: reader.token }), "agent 'HELPER'");
    expect((await api('PUT', `${path}/HELPER`, { token: reader.token, body: { comment: 'mine' } })).status).toBe(403);
    const del = await api('DELETE', `${path}/HELPER`, { token: reader.token });
    expect(del.status).toBe(403);
    denied(await exec(`DROP AGENT ${db}.PUBLIC.HELPER`, { token: reader.token }), "agent 'HELPER'");
    expect((await api('DELETE', `${path}/HELPER`, { token: dev.token })).status).toBe(200);
  });
});
