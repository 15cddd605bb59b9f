// Compiled queries say how many FROM items they read (Compiled rowSources): a query without any
// makes one row, and a server engine runs it on the calling thread; one with any (a stored table,
// a GENERATOR, FLATTEN, a subquery) may make millions, so it goes to a read thread.
import { expect, test } from 'vitest';
import { compilerOfT } from './compile-fixture';

test('rowSources: 0 only for a query without FROM; GENERATOR, FLATTEN, subqueries and tables count', async () => {
  const compile = await compilerOfT();
  const rowSources = (sql: string): number => {
    const c = compile(sql);
    if (c.kind !== 'query') throw new Error(`${sql}: compiled as ${c.kind}`);
    return c.rowSources;
  };
  expect(rowSources('SELECT 1')).toBe(0);
  expect(rowSources("SELECT CURRENT_TIMESTAMP(), UPPER('x')")).toBe(0);
  expect(rowSources('SELECT * FROM T')).toBe(1);
  expect(rowSources('SELECT SEQ4() FROM TABLE(GENERATOR(ROWCOUNT => 1000000))')).toBeGreaterThan(0);
  expect(rowSources("SELECT VALUE FROM TABLE(FLATTEN(INPUT => PARSE_JSON('[1, 2]')))")).toBeGreaterThan(0);
  expect(rowSources('SELECT X FROM (SELECT 1 AS X)')).toBeGreaterThan(0);
}, 120_000);
