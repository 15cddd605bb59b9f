// GROUP BY ROLLUP / CUBE / GROUPING SETS and GROUPING(…), over real HTTP: the rows, their order
// under ORDER BY, the result's names and types, bind values used once per statement however
// many grouping sets there are, and nested selects (subqueries, CTEs, views).
import { beforeAll, expect, test } from 'vitest';
import { exec, ok } from './client';
import { freshDatabase } from './helpers';

let ctx: { database: string; schema: string };

beforeAll(async () => {
  ctx = await freshDatabase();
  await ok('CREATE TABLE E (ID INT, DEPT VARCHAR, SAL NUMBER(10,2), HIRED DATE)', ctx);
  await ok("INSERT INTO E VALUES (1, 'a', 100.5, '2024-01-05'), (2, 'a', 200, '2023-03-01'), (3, 'b', 50, '2023-12-31')", ctx);
});

test('ROLLUP adds a subtotal per prefix and a grand total; names and types are those of the select list', async () => {
  const r = await ok('SELECT DEPT, YEAR(HIRED), SUM(SAL), COUNT(*) AS N FROM E GROUP BY ROLLUP(DEPT, YEAR(HIRED)) ORDER BY DEPT NULLS LAST, 2 NULLS LAST', ctx);
  expect(r.data).toEqual([
    ['a', '2023', '200.00', '1'], ['a', '2024', '100.50', '1'], ['a', null, '300.50', '2'],
    ['b', '2023', '50.00', '1'], ['b', null, '50.00', '1'],
    [null, null, '350.50', '3'],
  ]);
  expect(r.resultSetMetaData?.rowType.map((c) => [c.name, c.type, c.scale])).toEqual([
    ['DEPT', 'text', null], ['YEAR(HIRED)', 'fixed', 0], ['SUM(SAL)', 'fixed', 2], ['N', 'fixed', 0],
  ]);
});

test('CUBE groups by every subset; GROUPING tells which expressions a row is not grouped by', async () => {
  const r = await ok(`SELECT DEPT, ID, SUM(SAL) AS TOTAL, GROUPING(DEPT) AS G, GROUPING(DEPT, ID) AS GI
    FROM E GROUP BY CUBE(DEPT, ID) ORDER BY GI, DEPT, ID`, ctx);
  expect(r.data).toEqual([
    ['a', '1', '100.50', '0', '0'], ['a', '2', '200.00', '0', '0'], ['b', '3', '50.00', '0', '0'],
    ['a', null, '300.50', '0', '1'], ['b', null, '50.00', '0', '1'],
    [null, '1', '100.50', '1', '2'], [null, '2', '200.00', '1', '2'], [null, '3', '50.00', '1', '2'],
    [null, null, '350.50', '1', '3'],
  ]);
  expect(r.resultSetMetaData?.rowType.map((c) => c.name)).toEqual(['DEPT', 'ID', 'TOTAL', 'G', 'GI']);
});

test('GROUPING SETS, the empty set, a plain GROUP BY item beside ROLLUP, HAVING per set, ORDER BY an aggregate, LIMIT', async () => {
  expect((await ok('SELECT DEPT, YEAR(HIRED) Y, SUM(SAL) FROM E GROUP BY GROUPING SETS ((DEPT), (YEAR(HIRED)), ()) ORDER BY DEPT NULLS LAST, Y NULLS LAST', ctx)).data).toEqual([
    ['a', null, '300.50'], ['b', null, '50.00'], [null, '2023', '250.00'], [null, '2024', '100.50'], [null, null, '350.50'],
  ]);
  expect((await ok('SELECT DEPT, ID, COUNT(*) FROM E GROUP BY DEPT, ROLLUP(ID) ORDER BY 1, 2 NULLS FIRST', ctx)).data).toEqual([
    ['a', null, '2'], ['a', '1', '1'], ['a', '2', '1'], ['b', null, '1'], ['b', '3', '1'],
  ]);
  expect((await ok('SELECT DEPT, SUM(SAL) FROM E GROUP BY ROLLUP(DEPT) HAVING SUM(SAL) > 100 ORDER BY SUM(SAL)', ctx)).data).toEqual([['a', '300.50'], [null, '350.50']]);
  expect((await ok('SELECT DEPT, SUM(SAL) TOTAL FROM E GROUP BY ROLLUP(DEPT) ORDER BY TOTAL DESC LIMIT 2', ctx)).data).toEqual([[null, '350.50'], ['a', '300.50']]);
  expect((await ok('SELECT DISTINCT GROUPING(DEPT) FROM E GROUP BY ROLLUP(DEPT) ORDER BY 1', ctx)).data).toEqual([['0'], ['1']]);
  expect((await ok('SELECT DEPT, GROUPING(DEPT) FROM E GROUP BY DEPT ORDER BY 1', ctx)).data).toEqual([['a', '0'], ['b', '0']]);
});

test('a bind value is bound once for every grouping set', async () => {
  const r = await ok('SELECT DEPT, COUNT(*) FROM E WHERE SAL > ? GROUP BY ROLLUP(DEPT) ORDER BY 1 NULLS LAST', { ...ctx, bindings: { 1: { type: 'FIXED', value: '60' } } });
  expect(r.data).toEqual([['a', '2'], [null, '2']]);
});

test('in a subquery, a CTE and a view', async () => {
  expect((await ok('SELECT N FROM (SELECT DEPT, COUNT(*) N FROM E GROUP BY ROLLUP(DEPT)) WHERE DEPT IS NULL', ctx)).data).toEqual([['3']]);
  expect((await ok('WITH R AS (SELECT DEPT, COUNT(*) N FROM E GROUP BY ROLLUP(DEPT)) SELECT COUNT(*), SUM(N) FROM R', ctx)).data).toEqual([['3', '6']]);
  await ok('CREATE VIEW BY_DEPT AS SELECT DEPT, SUM(SAL) AS TOTAL, GROUPING(DEPT) AS ALL_DEPTS FROM E GROUP BY ROLLUP(DEPT)', ctx);
  expect((await ok('SELECT TOTAL FROM BY_DEPT WHERE ALL_DEPTS = 1', ctx)).data).toEqual([['350.50']]);
});

test('mistakes get compilation errors', async () => {
  const fail = async (sql: string) => {
    const r = await exec(sql, ctx);
    expect(r.status, sql).toBe(422);
    return (r.json as { code: string }).code;
  };
  expect(await fail('SELECT DEPT, GROUPING(ID) FROM E GROUP BY ROLLUP(DEPT)')).toBe('002262');
  expect(await fail('SELECT DEPT, RANK() OVER (ORDER BY SUM(SAL)) FROM E GROUP BY ROLLUP(DEPT)')).toBe('002140');
  expect(await fail('SELECT 1 FROM E GROUP BY CUBE(ID, DEPT, SAL, HIRED, ID, DEPT, SAL, HIRED, ID)')).toBe('002140');
});
