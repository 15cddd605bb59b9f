// One statement compiled as ADMIN against a catalog of one table W.PUBLIC.T (A NUMBER, B VARCHAR,
// C FLOAT), with the sql.js dialect: for tests of what the compiler makes of a statement.
import type { Compiled } from '@/lib/sql/compile';

export async function compilerOfT(): Promise<(sql: string) => Compiled> {
  const { init } = await import('@polyglot-sql/sdk');
  await init();
  const { compileStatement } = await import('@/lib/sql/compile');
  const { splitStatements } = await import('@/lib/sql/lexer');
  const { Catalog } = await import('@/lib/catalog/catalog');
  const { sqliteDialect } = await import('@/lib/sql/dialect/sqlite');
  const catalog = new Catalog({
    databases: [[1, 'W', null, null, 0, null]], schemas: [[2, 1, 'PUBLIC', null, null, 0, null]], tables: [[3, 2, 'T', 'TABLE', null, null, 0, null, 'PERMANENT', null]],
    columns: [[3, 0, 'A', 'NUMBER(38,0)', 1, null, null, null], [3, 1, 'B', 'VARCHAR(16777216)', 1, null, null, null], [3, 2, 'C', 'FLOAT', 1, null, null, null]],
    users: [], tokens: [], warehouses: [], roles: [], agents: [], roleGrants: [], grants: [], meta: [], sequences: [], integrations: [],
  });
  const session = { id: 's', user: 'ADMIN', role: 'ACCOUNTADMIN', warehouse: null, database: 'W', schema: 'PUBLIC', formats: {}, rowsPerResultset: 0, resultChunkMb: 160, queryTag: '', lastQueryId: null, otherParameters: {}, variables: {} } as never;
  return (sql) => compileStatement(splitStatements(sql)[0], { session, catalog, statementId: 'q', dialect: sqliteDialect });
}
