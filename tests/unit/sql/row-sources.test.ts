// Compiled queries say how many FROM items they read (Compiled rowSources): a query without any
// makes one row, and a server engine runs it on the calling thread; one with any (a stored table,
// a GENERATOR, FLATTEN, a subquery) may make millions, so it goes to a read thread.
import { expect, test } from 'vitest';

test('rowSources: 0 only for a query without FROM; GENERATOR, FLATTEN, subqueries and tables count', async () => {
  const { init } = await import('@polyglot-sql/sdk');
  await init();
  const { compileStatement } = await import('@/lib/sql/compile');
  const { splitStatements } = await import('@/lib/sql/lexer');
  const { Catalog } = await import('@/lib/catalog/catalog');
  const { sqliteDialect } = await import('@/lib/sql/dialect/sqlite');
  const catalog = new Catalog({
    databases: [[1, 'W', null, null, 0, null]], schemas: [[2, 1, 'PUBLIC', null, null, 0, null]], tables: [[3, 2, 'T', 'TABLE', null, null, 0, null, 'PERMANENT', null]],
    columns: [[3, 0, 'A', 'NUMBER(38,0)', 1, null, null, null]],
    users: [], tokens: [], warehouses: [], roles: [], agents: [], roleGrants: [], grants: [], meta: [], sequences: [], integrations: [],
  });
  const session = { id: 's', user: 'ADMIN', role: 'ACCOUNTADMIN', warehouse: null, database: 'W', schema: 'PUBLIC', formats: {}, rowsPerResultset: 0, resultChunkMb: 160, queryTag: '', lastQueryId: null, otherParameters: {}, variables: {} } as never;
  const rowSources = (sql: string): number => {
    const c = compileStatement(splitStatements(sql)[0], { session, catalog, statementId: 'q', dialect: sqliteDialect });
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
