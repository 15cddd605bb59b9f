/** The engine dialects the compiler renders for (dialect.ts says what one is). */
import type { SqlDialect, DialectName } from './dialect';
import { sqliteDialect } from './sqlite';
import { postgresDialect } from './postgres';

export type { SqlDialect, DialectName, DoubleAggregate, JsonRowColumn } from './dialect';
export { STATS_SAMPLE_ROWS } from './dialect';
export { sqliteDialect, postgresDialect };

const DIALECTS: Partial<Record<DialectName, SqlDialect>> = { sqlite: sqliteDialect, postgres: postgresDialect };

/** The dialect of an engine by name (compile workers receive the name, not the object). */
export const dialectNamed = (name: DialectName): SqlDialect => {
  const d = DIALECTS[name];
  if (!d) throw new Error(`no SQL dialect for the ${name} engine yet`);
  return d;
};
