/** IDENTITY / AUTOINCREMENT columns as DESCRIBE TABLE, SHOW COLUMNS and INFORMATION_SCHEMA show them. */
import type { Catalog, ColumnInfo } from '@/lib/catalog/catalog';

/** IDENTITY [(start, step) | START n INCREMENT m] [ORDER | NOORDER]; NOORDER when not given (Snowflake's default since 2024_01). */
export interface IdentitySpec { start: number; increment: number; ordered: boolean }

/** How DESCRIBE TABLE shows a column's default: the expression, or `IDENTITY START s INCREMENT i [NO]ORDER`. */
export function describedDefault(c: ColumnInfo, spec: IdentitySpec | undefined): string | null {
  if (spec) return `IDENTITY START ${spec.start} INCREMENT ${spec.increment} ${spec.ordered ? 'ORDER' : 'NOORDER'}`;
  return c.defaultSql;
}

/** SHOW COLUMNS' autoincrement: `start s increment i [no]order`, or ''. */
export function autoincrementText(spec: IdentitySpec | undefined): string {
  return spec ? `start ${spec.start} increment ${spec.increment} ${spec.ordered ? 'order' : 'noorder'}` : '';
}

/** The identity (start, increment, order) of a column, if it is one. */
export function identityOf(catalog: Catalog, c: ColumnInfo): IdentitySpec | undefined {
  const seq = c.identity ? catalog.sequences.get(c.identity) : undefined;
  return seq && { start: seq.start, increment: seq.increment, ordered: seq.ordered };
}
