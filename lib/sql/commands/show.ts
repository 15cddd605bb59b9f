/**
 * SHOW DATABASES | SCHEMAS | TABLES | VIEWS | OBJECTS | COLUMNS | PARAMETERS, with
 * Snowflake's output columns (names and order) and the shared LIKE / IN / STARTS WITH / LIMIT.
 */
import type { Catalog, DatabaseInfo, SchemaInfo, TableInfo } from '@/lib/catalog/catalog';
import { jsonRows, ltzFromEpochMs } from '@/lib/values';
import { sqlErrors } from '../errors';
import { column, type Compiled, type ResultColumn } from '../compile/types';
import { displayName } from '../compile/names';
import { virtualSelectSql, type VirtualTable } from '../compile/virtual-tables';
import { namespaceParts } from '@/lib/catalog/names';
import type { Session } from '../session';
import { parseTypeName, types } from '../types';
import { sessionParameterRows } from '../session-parameters';
import { autoincrementText, identityOf } from '../compile/identity';
import { clusteringKey } from '../compile/table-options';
import { TokenReader } from './reader';
import { applyNameFilters, readShowClauses, type ShowClauses } from './show-filters';
import type { Command, CommandContext } from './types';

export const ltz = ltzFromEpochMs;
const text = (name: string) => column(name, types.varchar());
const num = (name: string) => column(name, types.number(38, 0));
const when = (name: string) => column(name, types.timestampLtz(3));

function statics(columns: ResultColumn[], rows: unknown[][]): Compiled {
  return { kind: 'rows', columns, rows };
}

/** Databases in scope (the IN clause, or the current database, or the whole account). */
function databasesIn(catalog: Catalog, session: Session, c: ShowClauses): DatabaseInfo[] {
  const all = [...catalog.databases.values()];
  const s = c.scope;
  const dbName = s.kind === 'database' ? s.name ?? session.database : s.kind === 'schema' ? s.database ?? session.database : s.kind === 'default' ? session.database : null;
  if (s.kind === 'account' || (s.kind === 'default' && dbName === null)) return all;
  if (dbName === null) return all;
  const db = catalog.database(dbName);
  if (!db) throw sqlErrors.objectMissing('Database', displayName(dbName));
  return [db];
}

export function schemasIn(catalog: Catalog, session: Session, c: ShowClauses): { db: DatabaseInfo; schema: SchemaInfo }[] {
  const s = c.scope;
  if (s.kind === 'schema') {
    const dbName = s.database ?? session.database;
    const name = s.name ?? session.schema;
    const db = dbName === null ? undefined : catalog.database(dbName);
    const schema = db && name !== null ? catalog.schema(db.id, name) : undefined;
    if (!db || !schema) throw sqlErrors.objectMissing('Schema', displayName(name ?? ''));
    return [{ db, schema }];
  }
  return databasesIn(catalog, session, c).flatMap((db) => catalog.schemasOf(db.id).map((schema) => ({ db, schema })));
}

function tablesIn(catalog: Catalog, session: Session, c: ShowClauses, kind?: 'TABLE' | 'VIEW') {
  return schemasIn(catalog, session, c).flatMap(({ db, schema }) =>
    catalog.tablesOf(schema.id).filter((t) => !kind || t.kind === kind).map((table) => ({ db, schema, table })));
}

/** SHOW TERSE … : the five columns every TERSE listing has. */
const TERSE = [when('created_on'), text('name'), text('kind'), text('database_name'), text('schema_name')];

/**
 * Output columns as Snowflake documents them (the command pages plus the behavior-change bundles
 * generally enabled through 2025_07: owner_role_type, object_visibility and the classification
 * profile columns added, budget removed by 2025_02).
 */
export const SHOW_DATABASES_COLUMNS = ['created_on', 'name', 'is_default', 'is_current', 'origin', 'owner', 'comment', 'options', 'retention_time', 'kind', 'owner_role_type', 'object_visibility'];
export const SHOW_SCHEMAS_COLUMNS = ['created_on', 'name', 'is_default', 'is_current', 'database_name', 'owner', 'comment', 'options', 'retention_time', 'owner_role_type',
  'classification_profile_database', 'classification_profile_schema', 'classification_profile', 'object_visibility'];
export const SHOW_TABLES_COLUMNS = ['created_on', 'name', 'database_name', 'schema_name', 'kind', 'comment', 'cluster_by', 'rows', 'bytes', 'owner', 'retention_time',
  'automatic_clustering', 'change_tracking', 'search_optimization', 'search_optimization_progress', 'search_optimization_bytes', 'is_external', 'enable_schema_evolution',
  'owner_role_type', 'is_event', 'is_hybrid', 'is_iceberg', 'is_dynamic', 'is_immutable'];
export const SHOW_OBJECTS_COLUMNS = ['created_on', 'name', 'database_name', 'schema_name', 'kind', 'comment', 'cluster_by', 'rows', 'bytes', 'owner', 'retention_time',
  'owner_role_type', 'is_hybrid', 'is_dynamic', 'is_iceberg'];
export const SHOW_VIEWS_COLUMNS = ['created_on', 'name', 'reserved', 'database_name', 'schema_name', 'owner', 'comment', 'text', 'is_secure', 'is_materialized', 'owner_role_type', 'change_tracking'];

/** Typed columns by name: timestamps, counts and flags as Snowflake types them; the rest text. */
function typed(names: string[]): ResultColumn[] {
  return names.map((n) => {
    if (n === 'created_on') return when(n);
    if (n === 'rows' || n === 'bytes') return num(n);
    if (n === 'is_secure' || n === 'is_materialized') return column(n, types.boolean());
    if (n === 'object_visibility') return column(n, types.object());
    return text(n);
  });
}

/** A row in the order of `names` from values by name (absent ones are NULL). */
const rowOf = (names: string[], values: Record<string, unknown>) => names.map((n) => values[n] ?? null);

const ownerRoleType = (owner: string | null) => (owner ? 'ROLE' : '');
const yn = (b: boolean) => (b ? 'Y' : 'N');

/** The user's default database and schema (is_default). */
const defaultNamespaceOf = (ctx: CommandContext) => namespaceParts(ctx.catalog.users.get(ctx.session.user)?.defaultNamespace ?? null);

/** SHOW TABLES / OBJECTS kind: TABLE, TRANSIENT, TEMPORARY or VIEW. */
export const tableKind = (t: TableInfo) => (t.kind === 'VIEW' ? 'VIEW' : t.lifetime === 'PERMANENT' ? 'TABLE' : t.lifetime);

function showDatabases(ctx: CommandContext, c: ShowClauses, terse: boolean): Compiled {
  const dbs = applyNameFilters([...ctx.catalog.databases.values()], (d) => d.name, c);
  // TERSE: kind, database_name and schema_name are always NULL for databases.
  if (terse) return statics(TERSE, dbs.map((d) => [ltz(d.createdOn), d.name, null, null, null]));
  const home = defaultNamespaceOf(ctx);
  return statics(typed(SHOW_DATABASES_COLUMNS), dbs.map((d) => rowOf(SHOW_DATABASES_COLUMNS, {
    created_on: ltz(d.createdOn), name: d.name, is_default: yn(d.name === home?.[0]), is_current: yn(d.name === ctx.session.database), origin: '', owner: d.owner ?? '',
    comment: d.comment ?? '', options: d.transient ? 'TRANSIENT' : '', retention_time: '1', kind: 'STANDARD', owner_role_type: ownerRoleType(d.owner),
  })));
}

function showSchemas(ctx: CommandContext, c: ShowClauses, terse: boolean): Compiled {
  // Every database also shows its INFORMATION_SCHEMA (owned by nobody), as in Snowflake.
  const informationSchema = (db: DatabaseInfo): SchemaInfo => ({ id: -1, databaseId: db.id, name: 'INFORMATION_SCHEMA', owner: '', comment: 'Views describing the contents of schemas', createdOn: db.createdOn, transient: false });
  const all = databasesIn(ctx.catalog, ctx.session, c).flatMap((db) => [...ctx.catalog.schemasOf(db.id), informationSchema(db)].map((schema) => ({ db, schema })));
  const items = applyNameFilters(all, (x) => x.schema.name, c, (x) => [x.db.name, x.schema.name]);
  // TERSE: kind is not applicable and schema_name would repeat name, so both are NULL.
  if (terse) return statics(TERSE, items.map(({ db, schema }) => [ltz(schema.createdOn), schema.name, null, db.name, null]));
  const home = defaultNamespaceOf(ctx);
  return statics(typed(SHOW_SCHEMAS_COLUMNS), items.map(({ db, schema }) => rowOf(SHOW_SCHEMAS_COLUMNS, {
    created_on: ltz(schema.createdOn), name: schema.name, is_default: yn(db.name === home?.[0] && schema.name === home[1]),
    is_current: yn(db.name === ctx.session.database && schema.name === ctx.session.schema),
    database_name: db.name, owner: schema.owner ?? '', comment: schema.comment ?? '', options: schema.transient ? 'TRANSIENT' : '', retention_time: '1', owner_role_type: ownerRoleType(schema.owner),
  })));
}

type Listing = 'TABLES' | 'VIEWS' | 'OBJECTS';

function showTables(ctx: CommandContext, c: ShowClauses, terse: boolean, listing: Listing): Compiled {
  const kind = listing === 'TABLES' ? 'TABLE' : listing === 'VIEWS' ? 'VIEW' : undefined;
  // Ordered by database, schema and name, as each SHOW page says.
  const items = applyNameFilters(tablesIn(ctx.catalog, ctx.session, c, kind), (x) => x.table.name, c, (x) => [x.db.name, x.schema.name, x.table.name]);
  if (terse) return statics(TERSE, items.map(({ db, schema, table }) => [ltz(table.createdOn), table.name, table.kind, db.name, schema.name]));
  const names = listing === 'TABLES' ? SHOW_TABLES_COLUMNS : listing === 'VIEWS' ? SHOW_VIEWS_COLUMNS : SHOW_OBJECTS_COLUMNS;
  const rows = items.map(({ db, schema, table }) => {
    const isView = table.kind === 'VIEW';
    return [...rowOf(names, {
      created_on: ltz(table.createdOn), name: table.name, reserved: '', database_name: db.name, schema_name: schema.name, kind: tableKind(table),
      comment: table.comment ?? '', text: table.text, cluster_by: clusteringKey(table.clusterBy) ?? '', owner: table.owner ?? '', owner_role_type: ownerRoleType(table.owner),
      // Views keep no data: rows, bytes and retention are blank for them in SHOW OBJECTS.
      retention_time: isView ? null : '1', is_secure: 0, is_materialized: 0,
      automatic_clustering: table.clusterBy ? 'ON' : 'OFF', change_tracking: 'OFF', search_optimization: 'OFF', is_external: 'N', enable_schema_evolution: 'N',
      is_event: 'N', is_hybrid: 'N', is_iceberg: 'N', is_dynamic: 'N', is_immutable: 'N',
    }), isView ? null : table.id];
  });
  const tables = items.map((x) => x.table).filter((t) => t.kind !== 'VIEW');
  if (listing === 'VIEWS' || tables.length === 0) return statics(typed(names), rows.map((r) => r.slice(0, names.length)));
  // rows and bytes are counted by the engine when the statement runs (one round trip).
  const vt: VirtualTable = { name: listing, columns: typed(names).map((c) => ({ name: c.name, type: c.type! })), rows, stats: { tables, idCell: names.length, rowsColumn: 'rows', bytesColumn: 'bytes' } };
  return { kind: 'query', sql: virtualSelectSql(vt, (_, i) => `c${i}`, ctx.dialect), columns: typed(names), params: 0, extraParams: [jsonRows(rows)], tables: [], rowSources: 1, queryType: 'SHOW' };
}

/** Snowflake's data_type JSON of SHOW COLUMNS, e.g. {"type":"FIXED","precision":38,"scale":0,"nullable":true}. */
export function dataTypeJson(typeText: string, nullable: boolean): string {
  const t = parseTypeName(typeText) ?? types.varchar();
  const o: Record<string, unknown> = { type: t.wire === 'real' ? 'REAL' : t.wire.toUpperCase() };
  if (t.wire === 'fixed') { o.precision = t.precision; o.scale = t.scale; }
  if (t.wire === 'text') { o.length = t.length; o.byteLength = t.byteLength; o.fixed = false; }
  if (t.wire === 'binary') { o.length = t.length; o.byteLength = t.byteLength; o.fixed = false; }
  if (t.wire.startsWith('timestamp') || t.wire === 'time') { o.precision = 0; o.scale = t.scale; }
  o.nullable = nullable;
  return JSON.stringify(o);
}

export const SHOW_COLUMNS_COLUMNS = ['table_name', 'schema_name', 'column_name', 'data_type', 'null?', 'default', 'kind', 'expression', 'comment', 'database_name', 'autoincrement', 'schema_evolution_record'];

/** The table of an `IN TABLE <name>` scope (names resolved against the session's database and schema). */
export function scopeTable(ctx: CommandContext, parts: string[]): { db: DatabaseInfo; schema: SchemaInfo; table: TableInfo } {
  const [dbName, schemaName, name] = [parts.length === 3 ? parts[0] : ctx.session.database, parts.length >= 2 ? parts[parts.length - 2] : ctx.session.schema, parts[parts.length - 1]];
  const db = dbName === null ? undefined : ctx.catalog.database(dbName);
  const schema = db && schemaName !== null ? ctx.catalog.schema(db.id, schemaName) : undefined;
  const table = schema ? ctx.catalog.table(schema.id, name) : undefined;
  if (!db || !schema || !table) throw sqlErrors.objectMissing('Table', displayName(name));
  return { db, schema, table };
}

function showColumns(ctx: CommandContext, c: ShowClauses): Compiled {
  const tables = c.scope.kind === 'table' ? [scopeTable(ctx, c.scope.parts)] : tablesIn(ctx.catalog, ctx.session, c);
  const rows = tables.flatMap(({ db, schema, table }) => table.columns.map((col, i) => ({ db, schema, table, col, position: String(i).padStart(6, '0') })));
  // Ordered by database, schema, table and the column's position in its table.
  const filtered = applyNameFilters(rows, (r) => r.col.name, c, (r) => [r.db.name, r.schema.name, r.table.name, r.position]);
  return statics(
    SHOW_COLUMNS_COLUMNS.map(text),
    filtered.map(({ db, schema, table, col }) => [table.name, schema.name, col.name, dataTypeJson(col.type, col.nullable), col.nullable ? 'true' : 'false', col.defaultSql ?? '', 'COLUMN', '', col.comment ?? '', db.name, autoincrementText(identityOf(ctx.catalog, col)), null]),
  );
}

function showParameters(ctx: CommandContext, c: ShowClauses): Compiled {
  const rows = applyNameFilters(sessionParameterRows(ctx.session), (r) => r[0] as string, c);
  return statics(['key', 'value', 'default', 'level', 'description', 'type'].map(text), rows);
}

export const showCommand: Command = {
  name: 'SHOW',
  matches: (w) => w[0] === 'SHOW' && ['DATABASES', 'SCHEMAS', 'TABLES', 'VIEWS', 'OBJECTS', 'COLUMNS', 'PARAMETERS', 'TERSE'].includes(w[1]),
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW');
    const terse = r.accept('TERSE');
    if (r.accept('DATABASES')) return showDatabases(ctx, readShowClauses(r), terse);
    if (r.accept('SCHEMAS')) return showSchemas(ctx, readShowClauses(r), terse);
    if (r.accept('TABLES')) return showTables(ctx, readShowClauses(r), terse, 'TABLES');
    if (r.accept('VIEWS')) return showTables(ctx, readShowClauses(r), terse, 'VIEWS');
    if (r.accept('OBJECTS')) return showTables(ctx, readShowClauses(r), terse, 'OBJECTS');
    if (!terse && r.accept('COLUMNS')) return showColumns(ctx, readShowClauses(r));
    if (!terse && r.accept('PARAMETERS')) return showParameters(ctx, readShowClauses(r));
    return r.fail();
  },
};
