/**
 * Catalog operations on databases (_floe_databases) and schemas (_floe_schemas). Their tables go
 * first through lib/catalog/tables.ts (the caller drops each with its storage). Each returns the
 * engine steps; the caller applies them through the one catalog write path
 * (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { DatabaseInfo, SchemaInfo } from './catalog';

/** The kind column: a TRANSIENT database or schema, or a STANDARD one. */
const kindOf = (transient: boolean) => (transient ? 'TRANSIENT' : 'STANDARD');

export const createDatabase = (d: Omit<DatabaseInfo, 'comment'>): SqlStep[] =>
  [{ sql: 'INSERT INTO _floe_databases(id, name, owner, kind, created_on) VALUES (?, ?, ?, ?, ?)', params: [d.id, d.name, d.owner, kindOf(d.transient), d.createdOn] }];

export const createSchema = (s: Omit<SchemaInfo, 'comment'>): SqlStep[] =>
  [{ sql: 'INSERT INTO _floe_schemas(id, database_id, name, owner, kind, created_on) VALUES (?, ?, ?, ?, ?, ?)', params: [s.id, s.databaseId, s.name, s.owner, kindOf(s.transient), s.createdOn] }];

/** A database's rows with its schemas' (their agents and sequences too); its tables are dropped before. */
export const dropDatabase = (id: number): SqlStep[] => [
  { sql: 'DELETE FROM _floe_agents WHERE schema_id IN (SELECT id FROM _floe_schemas WHERE database_id = ?)', params: [id] },
  { sql: 'DELETE FROM _floe_sequences WHERE schema_id IN (SELECT id FROM _floe_schemas WHERE database_id = ?)', params: [id] },
  { sql: 'DELETE FROM _floe_schemas WHERE database_id = ?', params: [id] },
  { sql: 'DELETE FROM _floe_databases WHERE id = ?', params: [id] },
];

/** A schema's row with its agents and sequences; its tables are dropped before. */
export const dropSchema = (id: number): SqlStep[] => [
  { sql: 'DELETE FROM _floe_agents WHERE schema_id = ?', params: [id] },
  { sql: 'DELETE FROM _floe_sequences WHERE schema_id = ?', params: [id] },
  { sql: 'DELETE FROM _floe_schemas WHERE id = ?', params: [id] },
];

export const setDatabaseComment = (id: number, comment: string | null): SqlStep[] => [{ sql: 'UPDATE _floe_databases SET comment = ? WHERE id = ?', params: [comment, id] }];

export const setSchemaComment = (id: number, comment: string | null): SqlStep[] => [{ sql: 'UPDATE _floe_schemas SET comment = ? WHERE id = ?', params: [comment, id] }];
