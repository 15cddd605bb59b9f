/**
 * SHOW DATABASES | SCHEMAS | TABLES | VIEWS | OBJECTS | COLUMNS | PARAMETERS, with
 * Snowflake's output columns (names and order) and the shared LIKE / IN / STARTS WITH / LIMIT.
 */
import type { Catalog, DatabaseInfo, SchemaInfo, TableInfo } from '@/lib/catalog/catalog';
import { ltzFromEpochMs } from '@/lib/values';
import { sqlErrors } from '../errors';
import { column, type Compiled, type ResultColumn } from '../compile/types';
import { displayName } from '../compile/names';
import type { Session } from '../session';
import { parseTypeName, types } from '../types';
import { sessionParameterRows } from './session-parameters';
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

function schemasIn(catalog: Catalog, session: Session, c: ShowClauses): { db: DatabaseInfo; schema: SchemaInfo }[] {
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

function showDatabases(ctx: CommandContext, c: ShowClauses, terse: boolean): Compiled {
  const dbs = applyNameFilters([...ctx.catalog.databases.values()], (d) => d.name, c);
  if (terse) return statics([when('created_on'), text('name'), text('kind'), text('database_name'), text('schema_name')], dbs.map((d) => [ltz(d.createdOn), d.name, 'STANDARD', null, null]));
  return statics(
    ['created_on', 'name', 'is_default', 'is_current', 'origin', 'owner', 'comment', 'options', 'retention_time', 'kind', 'budget', 'owner_role_type'].map((n) => (n === 'created_on' ? when(n) : text(n))),
    dbs.map((d) => [ltz(d.createdOn), d.name, 'N', d.name === ctx.session.database ? 'Y' : 'N', '', d.owner, d.comment ?? '', '', '1', 'STANDARD', null, 'ROLE']),
  );
}

function showSchemas(ctx: CommandContext, c: ShowClauses, terse: boolean): Compiled {
  // Every database also shows its INFORMATION_SCHEMA, as in Snowflake.
  const informationSchema = (db: DatabaseInfo): SchemaInfo => ({ id: -1, databaseId: db.id, name: 'INFORMATION_SCHEMA', owner: '', comment: 'Views describing the contents of schemas', createdOn: db.createdOn });
  const all = databasesIn(ctx.catalog, ctx.session, c).flatMap((db) => [...ctx.catalog.schemasOf(db.id), informationSchema(db)].sort((a, b) => (a.name < b.name ? -1 : 1)).map((schema) => ({ db, schema })));
  const items = applyNameFilters(all, (x) => x.schema.name, c);
  if (terse) return statics([when('created_on'), text('name'), text('kind'), text('database_name'), text('schema_name')], items.map(({ db, schema }) => [ltz(schema.createdOn), schema.name, null, db.name, null]));
  return statics(
    ['created_on', 'name', 'is_default', 'is_current', 'database_name', 'owner', 'comment', 'options', 'retention_time', 'owner_role_type', 'budget'].map((n) => (n === 'created_on' ? when(n) : text(n))),
    items.map(({ db, schema }) => [ltz(schema.createdOn), schema.name, 'N', db.name === ctx.session.database && schema.name === ctx.session.schema ? 'Y' : 'N', db.name, schema.owner, schema.comment ?? '', '', '1', 'ROLE', null]),
  );
}

function showTables(ctx: CommandContext, c: ShowClauses, terse: boolean, kind: 'TABLE' | 'VIEW' | undefined): Compiled {
  const items = applyNameFilters(tablesIn(ctx.catalog, ctx.session, c, kind), (x) => x.table.name, c);
  if (terse) return statics([when('created_on'), text('name'), text('kind'), text('database_name'), text('schema_name')], items.map(({ db, schema, table }) => [ltz(table.createdOn), table.name, table.kind, db.name, schema.name]));
  if (kind === 'VIEW') {
    return statics(
      [when('created_on'), text('name'), text('reserved'), text('database_name'), text('schema_name'), text('owner'), text('comment'), text('text'), column('is_secure', types.boolean()), column('is_materialized', types.boolean()), text('owner_role_type'), text('change_tracking')],
      items.map(({ db, schema, table }) => [ltz(table.createdOn), table.name, '', db.name, schema.name, table.owner, table.comment ?? '', table.text, 0, 0, 'ROLE', 'OFF']),
    );
  }
  const cols = [when('created_on'), text('name'), text('database_name'), text('schema_name'), text('kind'), text('comment'), text('cluster_by'), num('rows'), num('bytes'), text('owner'), text('retention_time')];
  if (kind === 'TABLE') {
    cols.push(text('automatic_clustering'), text('change_tracking'), text('search_optimization'), text('search_optimization_progress'), text('search_optimization_bytes'),
      text('is_external'), text('enable_schema_evolution'), text('owner_role_type'), text('is_event'), text('budget'), text('is_hybrid'), text('is_iceberg'), text('is_dynamic'), text('is_immutable'));
  } else cols.push(text('owner_role_type'), text('budget'), text('is_hybrid'), text('is_dynamic'));
  return statics(cols, items.map(({ db, schema, table }) => {
    const base = [ltz(table.createdOn), table.name, db.name, schema.name, table.kind === 'VIEW' ? 'VIEW' : 'TABLE', table.comment ?? '', '', null, null, table.owner, '1'];
    return kind === 'TABLE' ? [...base, 'OFF', 'OFF', 'OFF', null, null, 'N', 'N', 'ROLE', 'N', null, 'N', 'N', 'N', 'N'] : [...base, 'ROLE', null, 'N', 'N'];
  }));
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

function showColumns(ctx: CommandContext, c: ShowClauses): Compiled {
  let tables: { db: DatabaseInfo; schema: SchemaInfo; table: TableInfo }[];
  if (c.scope.kind === 'table') {
    const parts = c.scope.parts;
    const [dbName, schemaName, name] = [parts.length === 3 ? parts[0] : ctx.session.database, parts.length >= 2 ? parts[parts.length - 2] : ctx.session.schema, parts[parts.length - 1]];
    const db = dbName === null ? undefined : ctx.catalog.database(dbName);
    const schema = db && schemaName !== null ? ctx.catalog.schema(db.id, schemaName) : undefined;
    const table = schema ? ctx.catalog.table(schema.id, name) : undefined;
    if (!db || !schema || !table) throw sqlErrors.objectMissing('Table', displayName(name));
    tables = [{ db, schema, table }];
  } else {
    tables = tablesIn(ctx.catalog, ctx.session, c);
  }
  const rows = tables.flatMap(({ db, schema, table }) => table.columns.map((col) => ({ db, schema, table, col })));
  const filtered = applyNameFilters(rows, (r) => r.col.name, { ...c, limit: c.limit, from: c.from }).sort((a, b) =>
    a.table.name === b.table.name ? a.table.columns.indexOf(a.col) - b.table.columns.indexOf(b.col) : a.table.name < b.table.name ? -1 : 1);
  return statics(
    ['table_name', 'schema_name', 'column_name', 'data_type', 'null?', 'default', 'kind', 'expression', 'comment', 'database_name', 'autoincrement', 'schema_evolution_record'].map(text),
    filtered.map(({ db, schema, table, col }) => [table.name, schema.name, col.name, dataTypeJson(col.type, col.nullable), col.nullable ? 'true' : 'false', col.defaultSql ?? '', 'COLUMN', '', col.comment ?? '', db.name, '', null]),
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
    if (r.accept('TABLES')) return showTables(ctx, readShowClauses(r), terse, 'TABLE');
    if (r.accept('VIEWS')) return showTables(ctx, readShowClauses(r), terse, 'VIEW');
    if (r.accept('OBJECTS')) return showTables(ctx, readShowClauses(r), terse, undefined);
    if (!terse && r.accept('COLUMNS')) return showColumns(ctx, readShowClauses(r));
    if (!terse && r.accept('PARAMETERS')) return showParameters(ctx, readShowClauses(r));
    return r.fail();
  },
};
