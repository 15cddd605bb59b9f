// EXPLAIN [USING TABULAR | JSON | TEXT] <query>: the engine's own plan of the compiled query,
// as Snowflake's operations with catalog names (never storage names), without running the query
// and without a warehouse; anything but a query is refused.
import { beforeAll, expect, test } from 'vitest';
import { exec, ok } from './client';
import { addPat, createUser } from './auth-keys';
import { freshDatabase } from './helpers';

let ctx: { database: string; schema: string };
const TABULAR = ['step', 'id', 'parentOperators', 'operation', 'objects', 'alias', 'expressions', 'partitionsTotal', 'partitionsAssigned', 'bytesAssigned'];
const QUERY = 'SELECT O.ID, C.NAME FROM ORDERS O JOIN CUSTOMERS C ON C.ID = O.CUSTOMER_ID WHERE O.AMOUNT > 10 ORDER BY C.NAME';
/** Storage tables (t<id>), Floe's own names, SQLite's: none may show. */
const ENGINE_TEXT = /\bt\d+\b|_floe_|sqlite|json_each|FLOE_|\^/;

beforeAll(async () => {
  ctx = await freshDatabase();
  await ok('CREATE TABLE CUSTOMERS (ID INT, NAME VARCHAR)', ctx);
  await ok('CREATE TABLE ORDERS (ID INT, CUSTOMER_ID INT, AMOUNT NUMBER(10,2))', ctx);
  await ok("INSERT INTO CUSTOMERS VALUES (1, 'Ada'), (2, 'Grace')", ctx);
  await ok('INSERT INTO ORDERS VALUES (1, 1, 20), (2, 2, 5), (3, 1, 30)', ctx);
});

test('EXPLAIN (TABULAR by default) gives the plan as operations under a Result, tables by their names', async () => {
  for (const sql of [`EXPLAIN ${QUERY}`, `EXPLAIN USING TABULAR ${QUERY}`]) {
    const res = await ok(sql, ctx);
    expect(res.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(TABULAR);
    const rows = res.data!;
    expect(rows[0]).toEqual([null, null, null, 'GlobalStats', null, null, null, '2', '2', expect.stringMatching(/^[1-9]\d*$/)]);
    const ops = rows.slice(1);
    expect(ops[0].slice(0, 4)).toEqual(['1', '0', null, 'Result']);
    expect(ops[0][6]).toBe('ID, NAME');
    const scans = ops.filter((r) => r[3] === 'TableScan');
    expect(scans.map((r) => [r[4], r[5]]).sort()).toEqual([[`${ctx.database}.PUBLIC.CUSTOMERS`, 'C'], [`${ctx.database}.PUBLIC.ORDERS`, 'O']]);
    for (const s of scans) expect(s.slice(7, 9)).toEqual(['1', '1']);
    // ORDER BY needs a sort; every operation hangs under an earlier one.
    expect(ops.some((r) => r[3] === 'Sort')).toBe(true);
    const ids = new Set<string>();
    for (const r of ops) {
      if (r[2] !== null) expect(ids.has(JSON.parse(r[2] as string)[0].toString())).toBe(true);
      ids.add(r[1] as string);
    }
    expect(JSON.stringify(rows)).not.toMatch(ENGINE_TEXT);
  }
});

test('EXPLAIN USING JSON answers one JSON document; USING TEXT one indented text', async () => {
  const json = await ok(`EXPLAIN USING JSON ${QUERY}`, ctx);
  expect(json.resultSetMetaData!.rowType.map((c) => [c.name, c.type])).toEqual([['content', 'text']]);
  expect(json.data).toHaveLength(1);
  const doc = JSON.parse(json.data![0][0] as string);
  expect(doc.GlobalStats).toEqual({ partitionsTotal: 2, partitionsAssigned: 2, bytesAssigned: expect.any(Number) });
  const ops = doc.Operations[0] as { id: number; parentOperators?: number[]; operation: string; objects?: string[] }[];
  expect(ops[0]).toMatchObject({ id: 0, operation: 'Result' });
  expect(ops.filter((o) => o.operation === 'TableScan').flatMap((o) => o.objects).sort()).toEqual([`${ctx.database}.PUBLIC.CUSTOMERS`, `${ctx.database}.PUBLIC.ORDERS`]);
  expect(ops.slice(1).every((o) => o.parentOperators?.length === 1)).toBe(true);
  expect(json.data![0][0]).not.toMatch(ENGINE_TEXT);

  const text = await ok(`EXPLAIN USING TEXT ${QUERY}`, ctx);
  expect(text.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['content']);
  const lines = (text.data![0][0] as string).split('\n');
  expect(lines.slice(0, 5)).toEqual(['GlobalStats:', '    partitionsTotal=2', '    partitionsAssigned=2', expect.stringMatching(/^ {4}bytesAssigned=\d+$/), 'Operations:']);
  expect(lines[5]).toMatch(/^1:0 +->Result {2}ID, NAME$/);
  // Children are indented further than the Result.
  expect(lines.slice(6).every((l) => /^1:\d+ {5,}->/.test(l) && l.indexOf('->') > lines[5].indexOf('->'))).toBe(true);
  expect(lines.some((l) => l.includes(`->TableScan  ${ctx.database}.PUBLIC.ORDERS  O`))).toBe(true);
  expect(text.data![0][0]).not.toMatch(ENGINE_TEXT);
});

test('EXPLAIN plans without running: no warehouse needed, nothing changes, views and constants explained', async () => {
  const user = await createUser();
  await ok(`ALTER USER ${user} UNSET DEFAULT_WAREHOUSE`);
  const withoutWarehouse = { ...ctx, token: (await addPat(user)).secret };
  expect((await exec(QUERY, withoutWarehouse)).json?.code).toBe('000606');
  const planned = await ok(`EXPLAIN ${QUERY}`, withoutWarehouse);
  expect(planned.data!.some((r) => r[3] === 'TableScan')).toBe(true);
  await ok('CREATE VIEW BIG_ORDERS AS SELECT * FROM ORDERS WHERE AMOUNT > 10', ctx);
  const view = await ok('EXPLAIN SELECT COUNT(*) FROM BIG_ORDERS', ctx);
  expect(view.data!.filter((r) => r[3] === 'TableScan').map((r) => r[4])).toEqual([`${ctx.database}.PUBLIC.ORDERS`]);
  const constant = await ok('EXPLAIN SELECT 1 AS X', ctx);
  expect(constant.data!.slice(1).map((r) => r[3])).toEqual(['Result', 'Generator']);
  expect(constant.data![0].slice(7)).toEqual(['0', '0', '0']);
  // The query's errors are the query's own.
  const missing = await exec('EXPLAIN SELECT * FROM NO_SUCH_TABLE', ctx);
  expect(missing.status).toBe(422);
  expect(missing.json?.code).toBe('002003');
  expect((await ok('SELECT COUNT(*) FROM ORDERS', ctx)).data).toEqual([['3']]);
});

test('EXPLAIN of anything but a query is refused; a bad format is a syntax error', async () => {
  for (const sql of ['EXPLAIN INSERT INTO ORDERS VALUES (9, 9, 9)', 'EXPLAIN CREATE TABLE X (A INT)', 'EXPLAIN USING JSON DELETE FROM ORDERS']) {
    const res = await exec(sql, ctx);
    expect(res.status, sql).toBe(422);
    expect(res.json).toMatchObject({ code: '002140', sqlState: '42601' });
    expect(res.json?.message).toMatch(/explains queries/);
  }
  expect((await ok('SELECT COUNT(*) FROM ORDERS', ctx)).data).toEqual([['3']]);
  for (const sql of ['EXPLAIN USING XML SELECT 1', 'EXPLAIN', 'EXPLAIN USING TEXT']) {
    const res = await exec(sql, ctx);
    expect(res.status, sql).toBe(422);
    expect(res.json?.code, sql).toBe('001003');
  }
});
