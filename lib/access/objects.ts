/**
 * Securable objects and the privileges each kind has. Views are stored with the tables (same
 * ids), so their grants carry object kind TABLE; the securable still says VIEW for messages.
 */
import type { AgentInfo, Catalog, DatabaseInfo, SchemaInfo, TableInfo } from '@/lib/catalog/catalog';
import { displayName } from '@/lib/catalog/names';

export type ObjectKind = 'ACCOUNT' | 'WAREHOUSE' | 'DATABASE' | 'SCHEMA' | 'TABLE' | 'VIEW' | 'AGENT';

export interface Securable {
  kind: ObjectKind;
  /** Grant key: id as text ('' for the account, the name for a warehouse). */
  id: string;
  owner: string | null;
  /** Short name (messages) and fully qualified name (SHOW GRANTS). */
  name: string;
  qualified: string;
}

export const OWNERSHIP = 'OWNERSHIP';

/** Grantable privileges per kind (besides OWNERSHIP); ALL [PRIVILEGES] means these. */
export const PRIVILEGES: Record<ObjectKind, string[]> = {
  ACCOUNT: ['CREATE DATABASE', 'CREATE WAREHOUSE', 'CREATE ROLE', 'CREATE USER', 'MANAGE GRANTS'],
  WAREHOUSE: ['USAGE', 'OPERATE', 'MONITOR', 'MODIFY'],
  DATABASE: ['USAGE', 'CREATE SCHEMA', 'MONITOR'],
  SCHEMA: ['USAGE', 'CREATE TABLE', 'CREATE VIEW', 'CREATE SEQUENCE', 'CREATE AGENT', 'MONITOR'],
  TABLE: ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES'],
  VIEW: ['SELECT', 'REFERENCES'],
  AGENT: ['USAGE', 'MONITOR'],
};

/** The kind grants are stored under. */
export const grantKind = (kind: ObjectKind): string => (kind === 'VIEW' ? 'TABLE' : kind);

const account = () => (process.env.FLOE_ACCOUNT || 'FLOE').toUpperCase();

export const securables = {
  account: (): Securable => ({ kind: 'ACCOUNT', id: '', owner: null, name: account(), qualified: account() }),
  warehouse: (catalog: Catalog, name: string): Securable =>
    ({ kind: 'WAREHOUSE', id: name, owner: catalog.unfiltered.warehouses.get(name)?.owner ?? null, name: displayName(name), qualified: displayName(name) }),
  database: (db: DatabaseInfo): Securable => ({ kind: 'DATABASE', id: String(db.id), owner: db.owner, name: displayName(db.name), qualified: displayName(db.name) }),
  schema: (catalog: Catalog, s: SchemaInfo): Securable => {
    const { database } = catalog.unfiltered.schemaPath(s.id);
    return { kind: 'SCHEMA', id: String(s.id), owner: s.owner, name: displayName(s.name), qualified: `${displayName(database)}.${displayName(s.name)}` };
  },
  table: (catalog: Catalog, t: TableInfo): Securable => {
    const { database, schema } = catalog.unfiltered.schemaPath(t.schemaId);
    return { kind: t.kind, id: String(t.id), owner: t.owner, name: displayName(t.name), qualified: [database, schema, t.name].map(displayName).join('.') };
  },
  agent: (catalog: Catalog, a: AgentInfo): Securable => {
    const { database, schema } = catalog.unfiltered.schemaPath(a.schemaId);
    return { kind: 'AGENT', id: String(a.id), owner: a.owner, name: displayName(a.name), qualified: [database, schema, a.name].map(displayName).join('.') };
  },
};
