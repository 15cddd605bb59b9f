// POST /api/v2/statements and GET by handle: the ResultSet shape, handles, Link, repeatability.
import { describe, expect, test } from 'vitest';
import { api, describeRes, exec, getStatement, ok, submit } from './client';
import { freshDatabase, parseLink, partitionOf, ROWTYPE_KEYS, UUID_RE } from './helpers';

describe('ResultSet', () => {
  test('SELECT 1 answers 200 with every documented top-level field', async () => {
    const res = await submit('SELECT 1');
    expect(res.status, describeRes(res)).toBe(200);
    const j = res.json!;
    expect(j.code).toBe('090001');
    expect(j.sqlState).toBe('00000');
    expect(j.message).toBe('Statement executed successfully.');
    expect(j.statementHandle).toMatch(UUID_RE);
    expect(j.statementStatusUrl).toBe(`/api/v2/statements/${j.statementHandle}`);
    expect(typeof j.requestId).toBe('string');
    expect(Math.abs((j.createdOn as number) - Date.now())).toBeLessThan(60_000);
    expect(j.data).toEqual([['1']]);
    const m = j.resultSetMetaData!;
    expect(m.format).toBe('jsonv2');
    expect(m.numRows).toBe(1);
    expect(m.partitionInfo).toEqual([{ rowCount: 1, uncompressedSize: 7 }]);
    expect(Object.keys(m.rowType[0]).sort()).toEqual([...ROWTYPE_KEYS].sort());
    expect(m.rowType[0]).toMatchObject({ name: '1', type: 'fixed', scale: 0, precision: 1, nullable: false });
  });

  test('Link header names first and last partition with full status URLs', async () => {
    const res = await submit('SELECT 1');
    const links = parseLink(res.headers.get('link'));
    expect(Object.keys(links).sort()).toEqual(['first', 'last']);
    expect(links.first).toContain(`/api/v2/statements/${res.json!.statementHandle}?`);
    expect(partitionOf(links.first)).toBe(0);
    expect(partitionOf(links.last)).toBe(0);
  });

  test('GET by handle returns the same result every time; statementStatusUrl works', async () => {
    const first = await ok("SELECT 'a' AS C1, 2 AS C2");
    const a = await getStatement(first.statementHandle!);
    const b = await api('GET', first.statementStatusUrl!);
    expect(a.status).toBe(200);
    expect(a.json!.data).toEqual([['a', '2']]);
    expect(b.json.data).toEqual(a.json!.data);
    expect(a.json!.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['C1', 'C2']);
  });

  test('column names follow identifier rules; VALUES names columns COLUMN1…', async () => {
    const j = await ok('SELECT 1 AS abc, 2 AS "MixedCase", 3 AS "lower"');
    expect(j.resultSetMetaData!.rowType.map((c) => c.name)).toEqual(['ABC', 'MixedCase', 'lower']);
    const v = await ok("SELECT COLUMN1, COLUMN2 FROM (VALUES (2, 'b'), (1, 'a')) ORDER BY COLUMN1");
    expect(v.data).toEqual([['1', 'a'], ['2', 'b']]);
  });

  test('an empty result keeps its rowType, numRows 0 and one partitionInfo entry', async () => {
    const j = await ok('SELECT 1 AS X WHERE 1 = 0');
    expect(j.data).toEqual([]);
    expect(j.resultSetMetaData!.numRows).toBe(0);
    expect(j.resultSetMetaData!.partitionInfo).toHaveLength(1);
    expect(j.resultSetMetaData!.rowType[0].name).toBe('X');
  });

  test('table columns carry database, schema and table in rowType', async () => {
    const ctx = await freshDatabase();
    await ok('CREATE TABLE T (A NUMBER(10,2) NOT NULL, B VARCHAR(5))', ctx);
    await ok("INSERT INTO T VALUES (1.5, 'x')", ctx);
    const j = await ok('SELECT A, B FROM T', ctx);
    expect(j.resultSetMetaData!.rowType[0]).toMatchObject({ name: 'A', database: ctx.database, schema: 'PUBLIC', table: 'T', type: 'fixed', precision: 10, scale: 2, nullable: false });
    expect(j.resultSetMetaData!.rowType[1]).toMatchObject({ name: 'B', type: 'text', length: 5, nullable: true });
    expect(j.data).toEqual([['1.50', 'x']]);
  });

  test('unknown query parameters and body fields are ignored; booleans in any case', async () => {
    const res = await api('POST', '/api/v2/statements', { body: { statement: 'SELECT 1 AS A', resultSetMetaData: { format: 'json' } }, query: { pageSize: 10, async: 'False', nullable: 'TRUE' } });
    expect(res.status, describeRes(res)).toBe(200);
    expect(res.json.resultSetMetaData.format).toBe('jsonv2');
    const a = await api('POST', '/api/v2/statements', { body: { statement: 'SELECT 1 AS A' }, query: { async: 'True' } });
    expect(a.status, describeRes(a)).toBe(202);
  });

  test('a quoted lower-case table name does not match an unquoted one', async () => {
    const ctx = await freshDatabase();
    await ok('create table mixed_t (a int)', ctx);
    expect((await ok('SELECT COUNT(*) FROM Mixed_T', ctx)).data).toEqual([['0']]);
    expect((await exec('SELECT * FROM "mixed_t"', ctx)).status).toBe(422);
  });
});

describe('GET by handle', () => {
  test('an unknown handle is 422 000709; nullable on GET is a 400', async () => {
    const res = await getStatement('00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: '000709', sqlState: '02000' });
    const j = await ok('SELECT 1');
    const bad = await api('GET', `/api/v2/statements/${j.statementHandle}?nullable=false`);
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('390142');
  });

  test('a partition number beyond the result is a 422, not a crash', async () => {
    const j = await ok('SELECT 1');
    const res = await getStatement(j.statementHandle!, { partition: 5 });
    expect(res.status).toBe(422);
    expect(typeof res.json!.message).toBe('string');
  });
});
