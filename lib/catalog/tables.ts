/**
 * Catalog operations on tables and views (_floe_tables) and their columns (_floe_columns). The
 * storage of a table (its engine table, lib/catalog/system-tables.ts tableStorageName) is the
 * caller's: these are its catalog rows only. Each returns the engine steps; the caller applies
 * them through the one catalog write path (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { ColumnInfo, TableConstraint, TableInfo } from './catalog';

const constraintsText = (constraints: TableConstraint[] | undefined) => (constraints?.length ? JSON.stringify(constraints) : null);

/** A new table's or view's row (its columns: addColumn). */
export const addTable = (t: Omit<TableInfo, 'columns'>): SqlStep[] => [{
  sql: 'INSERT INTO _floe_tables(id, schema_id, name, kind, owner, created_on, text, lifetime, session_id, comment, cluster_by, constraints) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  params: [t.id, t.schemaId, t.name, t.kind, t.owner, t.createdOn, t.text, t.lifetime, t.sessionId, t.comment, t.clusterBy ?? null, constraintsText(t.constraints)],
}];

/** A column at `position` (1-based). */
export const addColumn = (tableId: number, position: number, c: ColumnInfo): SqlStep[] => [{
  sql: 'INSERT INTO _floe_columns(table_id, position, name, type, nullable, default_sql, comment, identity_sequence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  params: [tableId, position, c.name, c.type, c.nullable ? 1 : 0, c.defaultSql, c.comment, c.identity ?? null],
}];

/** A table's columns stored anew, numbered in their order (after a column was dropped). */
export const setColumns = (tableId: number, columns: ColumnInfo[]): SqlStep[] =>
  [{ sql: 'DELETE FROM _floe_columns WHERE table_id = ?', params: [tableId] }, ...columns.flatMap((c, i) => addColumn(tableId, i + 1, c))];

/** A table's or view's rows: its columns, the hidden sequences of its identity columns, the table. */
export const dropTable = (id: number): SqlStep[] => [
  { sql: 'DELETE FROM _floe_columns WHERE table_id = ?', params: [id] },
  { sql: 'DELETE FROM _floe_sequences WHERE table_id = ?', params: [id] },
  { sql: 'DELETE FROM _floe_tables WHERE id = ?', params: [id] },
];

/** ALTER TABLE … RENAME TO (possibly into another schema). */
export const renameTable = (id: number, schemaId: number, name: string): SqlStep[] => [{ sql: 'UPDATE _floe_tables SET name = ?, schema_id = ? WHERE id = ?', params: [name, schemaId, id] }];

export const renameColumn = (tableId: number, from: string, to: string): SqlStep[] =>
  [{ sql: 'UPDATE _floe_columns SET name = ? WHERE table_id = ? AND name = ?', params: [to, tableId, from] }];

export const setColumnDefault = (tableId: number, name: string, defaultSql: string | null): SqlStep[] =>
  [{ sql: 'UPDATE _floe_columns SET default_sql = ? WHERE table_id = ? AND name = ?', params: [defaultSql, tableId, name] }];

export const setColumnComment = (tableId: number, name: string, comment: string | null): SqlStep[] =>
  [{ sql: 'UPDATE _floe_columns SET comment = ? WHERE table_id = ? AND name = ?', params: [comment, tableId, name] }];

export const setTableComment = (id: number, comment: string | null): SqlStep[] => [{ sql: 'UPDATE _floe_tables SET comment = ? WHERE id = ?', params: [comment, id] }];

/** CLUSTER BY's expressions as written, or null (DROP CLUSTERING KEY). */
export const setClusterBy = (id: number, clusterBy: string | null): SqlStep[] => [{ sql: 'UPDATE _floe_tables SET cluster_by = ? WHERE id = ?', params: [clusterBy, id] }];

export const setTableConstraints = (id: number, constraints: TableConstraint[]): SqlStep[] =>
  [{ sql: 'UPDATE _floe_tables SET constraints = ? WHERE id = ?', params: [constraintsText(constraints), id] }];
