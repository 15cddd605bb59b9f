/** Snowflake identifier rules: unquoted names are upper-cased, quoted ones keep their case. */
import type { Catalog, DatabaseInfo, SchemaInfo, TableInfo } from '@/lib/catalog/catalog';
import { displayName } from '@/lib/catalog/names';
import { sqlErrors } from '../errors';
import type { Session } from '../session';

export interface Ident { name: string; quoted: boolean }

export const isIdent = (v: unknown): v is Ident =>
  !!v && typeof v === 'object' && 'name' in v && typeof v.name === 'string' && 'quoted' in v && typeof v.quoted === 'boolean';

export const normalize = (id: Ident): string => (id.quoted ? id.name : id.name.toUpperCase());

/** An identifier node the SQLite generator will emit quoted, with the resolved name. */
export const quotedIdent = (name: string): Ident & { trailing_comments: never[] } => ({ name, quoted: true, trailing_comments: [] });

/** An identifier node naming a column, alias or CTE by its Snowflake name, in storage form. */
export const storedIdent = (name: string) => quotedIdent(storageName(name));

export { displayName, fromStorageName, storageName } from '@/lib/catalog/names';
import { storageName } from '@/lib/catalog/names';

export function resolveDatabase(catalog: Catalog, name: string | null): DatabaseInfo {
  if (name === null) throw sqlErrors.noCurrentDatabase();
  const db = catalog.database(name);
  if (!db) throw sqlErrors.objectMissing('Database', displayName(name));
  return db;
}

export function resolveSchema(catalog: Catalog, session: Session, dbName: string | null, schemaName: string | null): { db: DatabaseInfo; schema: SchemaInfo } {
  const db = resolveDatabase(catalog, dbName ?? session.database);
  const sName = schemaName ?? (dbName ? 'PUBLIC' : session.schema);
  if (sName === null) throw sqlErrors.noCurrentSchema();
  const schema = catalog.schema(db.id, sName);
  if (!schema) throw sqlErrors.objectMissing('Schema', `${displayName(db.name)}.${displayName(sName)}`);
  return { db, schema };
}

/**
 * Resolves a one- to three-part table name through the session's database and schema. A name
 * that needs a current database or schema the session lacks is 090105 / 090106 for `op`.
 */
export function resolveTable(catalog: Catalog, session: Session, parts: (string | null)[], op = 'SELECT'): { db: DatabaseInfo; schema: SchemaInfo; table: TableInfo } {
  const [dbName, given, name] = parts as [string | null, string | null, string];
  // db..name names the PUBLIC schema.
  const schemaName = given === '' ? 'PUBLIC' : given;
  const shown = [dbName ?? session.database, schemaName ?? session.schema, name].filter((x) => x !== null).map((x) => displayName(x)).join('.');
  const missing = () => sqlErrors.objectMissing('Object', shown);
  const sessionDb = dbName ?? session.database;
  if (sessionDb === null) throw sqlErrors.noCurrentDatabase(op);
  const db = catalog.database(sessionDb);
  if (!db) throw missing();
  const sName = schemaName ?? session.schema;
  if (sName === null) throw sqlErrors.noCurrentSchema(op);
  const schema = catalog.schema(db.id, sName);
  if (!schema) throw missing();
  const table = catalog.table(schema.id, name);
  if (!table) throw missing();
  return { db, schema, table };
}

/** The table a one- to three-part name names, or undefined (no error) when any part is missing. */
export function findTable(catalog: Catalog, session: Session, parts: (string | null)[]): TableInfo | undefined {
  const [dbName, given, name] = parts;
  const schemaName = given === '' ? 'PUBLIC' : given;
  const db = catalog.database(dbName ?? session.database ?? '');
  const sName = schemaName ?? (dbName ? 'PUBLIC' : session.schema);
  const schema = db && sName !== null ? catalog.schema(db.id, sName) : undefined;
  return schema && name !== null ? catalog.table(schema.id, name) : undefined;
}
