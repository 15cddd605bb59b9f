/**
 * Row counts and a size estimate of user tables (SHOW TABLES / OBJECTS rows and bytes,
 * INFORMATION_SCHEMA.TABLES ROW_COUNT and BYTES). The request thread holds no data, so the
 * statement that shows them computes them in the engine, in the same round trip: a VALUES list
 * of (id, COUNT(*), average stored row size) joined to the listing. The size is the average of at
 * most STATS_SAMPLE_ROWS rows times the count: no table is read beyond that sample.
 */
import type { TableInfo } from '@/lib/catalog/catalog';
import { storageName } from '@/lib/catalog/names';
import { tableStorageName } from '@/lib/catalog/system-tables';
import { quoteIdent as q } from '../sql-text';

export const STATS_SAMPLE_ROWS = 100;

/** A subquery with columns id, row_count and bytes, one row per table (views have none). */
export function tableStatsSql(tables: TableInfo[]): string {
  const rows = tables.filter((t) => t.kind !== 'VIEW' && t.columns.length > 0).map((t) => {
    const name = q(tableStorageName(t.id));
    const width = t.columns.map((c) => `coalesce(length(CAST(${q(storageName(c.name))} AS BLOB)), 0)`).join(' + ');
    return `(${t.id}, (SELECT count(*) FROM ${name}), (SELECT avg(${width}) FROM (SELECT * FROM ${name} LIMIT ${STATS_SAMPLE_ROWS})))`;
  });
  if (rows.length === 0) return 'SELECT NULL AS id, NULL AS row_count, NULL AS bytes WHERE 0';
  return `SELECT column1 AS id, column2 AS row_count, CAST(round(coalesce(column3, 0) * column2) AS INTEGER) AS bytes FROM (VALUES ${rows.join(', ')})`;
}
