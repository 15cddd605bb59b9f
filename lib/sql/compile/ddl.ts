/** CREATE / DROP of databases, schemas, tables and views: catalog rows plus storage tables (or SQLite views). */
import type { Catalog, SchemaInfo, TableConstraint, TableInfo, TableLifetime } from '@/lib/catalog/catalog';
import { newObjectId } from '@/lib/catalog/names';
import { createDatabase as createDatabaseRow, createSchema as createSchemaRow, dropDatabase as dropDatabaseRows, dropSchema as dropSchemaRows } from '@/lib/catalog/databases';
import { tableStorageName } from '@/lib/catalog/system-tables';
import { addColumn, addTable, dropTable as dropTableRows } from '@/lib/catalog/tables';
import { generateDataType, Dialect } from '@polyglot-sql/sdk';
import type { SqlStep, StepParam } from '@/lib/engine/types';
import { quoteIdent as q } from '../sql-text';
import { SqlError, sqlErrors } from '../errors';
import { syntaxErrorAt } from '../error-position';
import { tokenize } from '../lexer';
import { castExpression } from '../functions/conversion';
import type { Node, NodeOf } from '../parse';
import { columnNode, identifier } from '../tree/ast';
import { parseTypeName, type SfType } from '../types';
import { displayName, isIdent, normalize, resolveDatabase, resolveSchema, resolveTable, storageName } from './names';
import { compileQuery } from './query';
import type { SqlDialect } from '../dialect';
import type { RewriteContext } from './rewrite';
import type { Session } from '../session';
import { Access } from '@/lib/access/check';
import { securables } from '@/lib/access/objects';
import { requireTablePrivileges } from './access';
import { columnDefaultOf, identitySequenceSteps, type ColumnDefault } from './column-defaults';
import { identityOf } from './identity';
import { declaredConstraints } from './constraints';

export interface DdlPlan {
  steps: SqlStep[];
  status: string;
  /** The step that takes the request's bind values and then extraParams (CREATE TABLE … AS SELECT). */
  boundStep?: number;
  extraParams?: StepParam[];
  /** The steps compute rows from table data (CREATE TABLE … AS SELECT): they need a warehouse. */
  computes?: boolean;
}


/**
 * Steps that drop a table or view with its catalog rows (also used for a session's temporary
 * tables at its end). A view has catalog rows only (views.ts).
 */
export function dropTableSteps(t: Pick<TableInfo, 'id' | 'kind'>): SqlStep[] {
  return [
    ...(t.kind === 'VIEW' ? [] : [{ sql: `DROP TABLE IF EXISTS ${q(tableStorageName(t.id))}` }]),
    ...dropTableRows(t.id),
  ];
}

const accessOf = (catalog: Catalog, session: Session) => Access.of(catalog, session.role);

export function createDatabase(catalog: Catalog, ctx: RewriteContext, v: NodeOf<'create_database'>, opts: { orReplace: boolean; transient: boolean }): DdlPlan {
  const orReplace = opts.orReplace;
  const name = normalize(v.name);
  const access = accessOf(catalog, ctx.session);
  access.require('CREATE DATABASE', securables.account());
  // Names are unique in the account, visible to the role or not.
  const existing = catalog.unfiltered.database(name);
  if (existing && v.if_not_exists) return { steps: [], status: `${displayName(name)} already exists, statement succeeded.` };
  if (existing && !orReplace) throw sqlErrors.alreadyExists('Database', displayName(name));
  if (existing) access.require('OWNERSHIP', securables.database(existing));
  const steps = existing ? dropDatabaseSteps(catalog, existing.id) : [];
  const dbId = newObjectId();
  const now = Date.now();
  const owner = ctx.session.role;
  steps.push(
    ...createDatabaseRow({ id: dbId, name, owner, transient: opts.transient, createdOn: now }),
    // A transient database's schemas are transient, PUBLIC included.
    ...createSchemaRow({ id: newObjectId(), databaseId: dbId, name: 'PUBLIC', owner, transient: opts.transient, createdOn: now }),
  );
  return { steps, status: `Database ${displayName(name)} successfully created.` };
}

function dropDatabaseSteps(catalog: Catalog, dbId: number): SqlStep[] {
  const steps: SqlStep[] = [];
  for (const schema of catalog.schemasOf(dbId)) {
    for (const t of catalog.tablesOf(schema.id)) steps.push(...dropTableSteps(t));
  }
  steps.push(...dropDatabaseRows(dbId));
  return steps;
}

export function dropDatabase(catalog: Catalog, session: Session, name: string, ifExists: boolean): DdlPlan {
  const db = catalog.database(name);
  if (!db) {
    if (ifExists) return { steps: [], status: 'Drop statement executed successfully (' + displayName(name) + ' already dropped).' };
    throw sqlErrors.objectMissing('Database', displayName(name));
  }
  accessOf(catalog, session).require('OWNERSHIP', securables.database(db));
  return { steps: dropDatabaseSteps(catalog, db.id), status: `${displayName(name)} successfully dropped.` };
}

export function createSchema(catalog: Catalog, ctx: RewriteContext, parts: string[], opts: { ifNotExists: boolean; orReplace: boolean; transient: boolean }): DdlPlan {
  const name = parts[parts.length - 1];
  const db = resolveDatabase(catalog, parts.length > 1 ? parts[0] : ctx.session.database);
  const access = accessOf(catalog, ctx.session);
  access.require('CREATE SCHEMA', securables.database(db));
  const existing = catalog.unfiltered.schema(db.id, name);
  if (existing && opts.ifNotExists) return { steps: [], status: `${displayName(name)} already exists, statement succeeded.` };
  if (existing && !opts.orReplace) throw sqlErrors.alreadyExists('Schema', displayName(name));
  if (existing) access.require('OWNERSHIP', securables.schema(catalog, existing));
  const steps = existing ? dropSchemaSteps(catalog, existing.id) : [];
  steps.push(...createSchemaRow({ id: newObjectId(), databaseId: db.id, name, owner: ctx.session.role, transient: opts.transient || db.transient, createdOn: Date.now() }));
  return { steps, status: `Schema ${displayName(name)} successfully created.` };
}

function dropSchemaSteps(catalog: Catalog, schemaId: number): SqlStep[] {
  const steps: SqlStep[] = [];
  for (const t of catalog.tablesOf(schemaId)) steps.push(...dropTableSteps(t));
  steps.push(...dropSchemaRows(schemaId));
  return steps;
}

export function dropSchema(catalog: Catalog, session: Session, parts: string[], ifExists: boolean): DdlPlan {
  const name = parts[parts.length - 1];
  const dbName = parts.length > 1 ? parts[0] : session.database;
  const db = dbName === null ? undefined : catalog.database(dbName);
  const schema = db ? catalog.schema(db.id, name) : undefined;
  if (!schema) {
    if (ifExists) return { steps: [], status: `Drop statement executed successfully (${displayName(name)} already dropped).` };
    throw sqlErrors.objectMissing('Schema', displayName(name));
  }
  accessOf(catalog, session).require('OWNERSHIP', securables.schema(catalog, schema));
  return { steps: dropSchemaSteps(catalog, schema.id), status: `${displayName(name)} successfully dropped.` };
}

function typeOfColumnDef(def: NodeOf<'column_def'>, session: Session): SfType {
  const g = generateDataType(def.data_type, Dialect.Snowflake);
  const t = g.success && g.sql ? parseTypeName(g.sql, session.timestampTypeMapping) : null;
  if (!t) throw sqlErrors.unsupported(`data type ${g.sql ?? JSON.stringify(def.data_type)}`);
  return t;
}

/**
 * CREATE [OR REPLACE] TABLE|VIEW [IF NOT EXISTS] in a schema: needs `privilege` on the schema;
 * replacing needs ownership of the old object. Returns the object replaced, undefined when there
 * is none, or 'kept' (IF NOT EXISTS and it exists). Name clashes count hidden objects too.
 */
function replaceableTable(catalog: Catalog, session: Session, schema: SchemaInfo, name: string, privilege: string, ifNotExists: boolean, orReplace: boolean, lifetime: TableLifetime): TableInfo | undefined | 'kept' {
  const access = accessOf(catalog, session);
  access.require(privilege, securables.schema(catalog, schema));
  const existing = catalog.unfiltered.table(schema.id, name);
  if (!existing) return undefined;
  if (ifNotExists) return 'kept';
  // Snowflake lets a temporary object hide a permanent one of the same name; Floe keeps one
  // object per name, and replacing would drop the permanent one's data.
  if (lifetime === 'TEMPORARY' && existing.lifetime !== 'TEMPORARY') throw sqlErrors.unsupported(`temporary object with the name of an existing one (${displayName(name)})`);
  if (!orReplace) throw sqlErrors.alreadyExists(privilege === 'CREATE VIEW' ? 'View' : 'Table', displayName(name));
  access.require('OWNERSHIP', securables.table(catalog, existing));
  return existing;
}

interface NewColumn { name: string; type: SfType; nullable: boolean; default?: ColumnDefault }

/** A view is its CREATE text (expanded where statements name it, views.ts) and the compiled query that checked it. */
interface ViewBody { sql: string; text: string }

/** Who creates a table and how long it lives. */
interface Creator { role: string | null; lifetime: TableLifetime; sessionId: string }

/** What a table keeps besides its columns: COMMENT, CLUSTER BY and constraints (CREATE TABLE's options). */
export interface TableProps { comment?: string | null; clusterBy?: string | null; constraints?: TableConstraint[] }

function tableSteps(dialect: SqlDialect, schemaId: number, name: string, columns: NewColumn[], by: Creator, view?: ViewBody, props: TableProps = {}): { id: number; steps: SqlStep[] } {
  const id = newObjectId();
  const seen = new Set<string>();
  for (const c of columns) {
    if (seen.has(c.name)) throw sqlErrors.alreadyExists('Column', displayName(c.name));
    seen.add(c.name);
  }
  const defs = columns.map((c) => `${q(storageName(c.name))} ${dialect.columnType(c.type)}${c.nullable ? '' : ' NOT NULL'}`).join(', ');
  // SQLite resolves a query's column names when it prepares it: preparing the view's query here
  // makes CREATE VIEW over a missing column fail (000904), as in Snowflake.
  const create = view ? `SELECT * FROM (${view.sql}) AS "_floe_view" LIMIT 0` : `CREATE TABLE ${q(tableStorageName(id))} (${defs})`;
  const steps: SqlStep[] = [
    { sql: create },
    ...addTable({
      id, schemaId, name, kind: view ? 'VIEW' : 'TABLE', owner: by.role, createdOn: Date.now(), text: view?.text ?? null, lifetime: by.lifetime,
      sessionId: by.lifetime === 'TEMPORARY' ? by.sessionId : null, comment: props.comment ?? null, clusterBy: props.clusterBy ?? null, constraints: props.constraints,
    }),
  ];
  columns.forEach((c, i) => {
    const identity = c.default?.identity ? identitySequenceSteps(c.default.identity, schemaId, id, by.role) : null;
    if (identity) steps.push(...identity.steps);
    steps.push(...addColumn(id, i + 1, { name: c.name, type: c.type.text, nullable: c.nullable, defaultSql: c.default?.defaultSql ?? null, comment: null, identity: identity?.id ?? null }));
  });
  return { id, steps };
}

export function createTable(catalog: Catalog, ctx: RewriteContext, v: NodeOf<'create_table'>, options: Pick<TableProps, 'comment' | 'clusterBy'> = {}): DdlPlan {
  const nameNode = v.name;
  const parts = [nameNode.catalog, nameNode.schema, nameNode.name].map((x) => (isIdent(x) ? normalize(x) : null));
  const name = parts[2]!;
  const { db, schema } = resolveSchema(catalog, ctx.session, parts[0], parts[1]);
  // Tables in a transient schema or database are transient.
  const lifetime: TableLifetime = v.temporary ? 'TEMPORARY' : v.table_modifier === 'TRANSIENT' || schema.transient || db.transient ? 'TRANSIENT' : 'PERMANENT';
  const by: Creator = { role: ctx.session.role, lifetime, sessionId: ctx.session.id };
  const existing = replaceableTable(catalog, ctx.session, schema, name, 'CREATE TABLE', !!v.if_not_exists, !!v.or_replace, lifetime);
  const status = `Table ${displayName(name)} successfully created.`;
  if (existing === 'kept') return { steps: [], status: `${displayName(name)} already exists, statement succeeded.` };
  const steps: SqlStep[] = existing ? dropTableSteps(existing) : [];
  const like = (v.constraints ?? []).map((c) => ('Like' in c ? c.Like : undefined)).find((l) => l !== undefined);
  if (v.as_select) {
    const query = compileQuery(v.as_select, ctx);
    requireTablePrivileges(ctx);
    if (query.columns.length === 0) throw sqlErrors.unsupported('CREATE TABLE AS SELECT * over a subquery');
    const declared = columnDefs(v, ctx);
    if (declared.length > 0 && declared.length !== query.columns.length) {
      throw new SqlError('002057', '42601', 'SQL compilation error:\nInvalid column definition list');
    }
    const cols = declared.length > 0 ? declared : query.columns.map((c) => ({ name: c.name, type: c.type ?? parseTypeName('VARCHAR')!, nullable: true }));
    const t = tableSteps(ctx.dialect, schema.id, name, cols, by, undefined, { ...options, constraints: declaredConstraints(v, name, cols.map((c) => c.name), catalog, ctx.session) });
    // A declared column list names and types the columns: each value is converted from its own
    // type to its column's, as INSERT does (a TIMESTAMP_LTZ keeps its instant).
    const target = q(tableStorageName(t.id));
    const names = declared.map((_, i) => `c${i + 1}`);
    const stored = (c: NewColumn, i: number) => castExpression(quotedColumn(names[i]), query.columns[i].type, c.type, ctx.session, { write: true });
    const insert = declared.length === 0 ? `INSERT INTO ${target} ${query.sql}`
      : `WITH src(${names.join(', ')}) AS (${query.sql}) INSERT INTO ${target} SELECT ${declared.map((c, i) => ctx.dialect.expressionSql(stored(c, i))).join(', ')} FROM src`;
    steps.push(...t.steps, { sql: insert });
    return { steps, status, boundStep: steps.length - 1, extraParams: ctx.virtualParams, computes: true };
  }
  if (v.clone_source) {
    // CLONE: the source's columns, defaults, comment, clustering key, constraints and rows.
    const src = v.clone_source;
    const srcParts = [src.catalog, src.schema, src.name].map((x) => (isIdent(x) ? normalize(x) : null));
    const from = resolveTable(catalog, ctx.session, srcParts);
    if (from.table.kind !== 'TABLE') throw sqlErrors.objectMissing('Table', displayName(srcParts[2]!));
    ctx.tables.push({ alias: from.table.name, table: from.table, database: from.db.name, schema: from.schema.name });
    requireTablePrivileges(ctx);
    const cols = from.table.columns.map((c) => ({ name: c.name, type: parseTypeName(c.type)!, nullable: c.nullable, default: { defaultSql: c.defaultSql, identity: identityOf(catalog, c) ?? null } }));
    const t = tableSteps(ctx.dialect, schema.id, name, cols, by, undefined, { comment: from.table.comment, clusterBy: from.table.clusterBy, constraints: from.table.constraints, ...dropUndefined(options) });
    const names = cols.map((c) => q(storageName(c.name))).join(', ');
    steps.push(...t.steps, { sql: `INSERT INTO ${q(tableStorageName(t.id))} (${names}) SELECT ${names} FROM ${q(tableStorageName(from.table.id))}` });
    // Zero-copy in Snowflake: metadata, no warehouse.
    return { steps, status };
  }
  if (like) {
    const src = like.source;
    const srcParts = [src.catalog, src.schema, src.name].map((x) => (isIdent(x) ? normalize(x) : null));
    const { schema: ss } = resolveSchema(catalog, ctx.session, srcParts[0], srcParts[1]);
    const from = catalog.table(ss.id, srcParts[2]!);
    if (!from) throw sqlErrors.objectMissing('Table', displayName(srcParts[2]!));
    // The copy has the same defaults; an identity column gets a sequence of its own, from its start.
    const cols = from.columns.map((c) => ({ name: c.name, type: parseTypeName(c.type)!, nullable: c.nullable, default: { defaultSql: c.defaultSql, identity: identityOf(catalog, c) ?? null } }));
    steps.push(...tableSteps(ctx.dialect, schema.id, name, cols, by, undefined, { ...options, constraints: from.constraints }).steps);
    return { steps, status };
  }
  const defs = columnDefs(v, ctx);
  if (defs.length === 0) throw emptyColumnList(ctx.sourceText ?? '');
  const constraints = declaredConstraints(v, name, defs.map((c) => c.name), catalog, ctx.session);
  // A primary key's columns are NOT NULL, as Snowflake makes them.
  const keyed = new Set(constraints.filter((c) => c.kind === 'PRIMARY KEY').flatMap((c) => c.columns));
  steps.push(...tableSteps(ctx.dialect, schema.id, name, defs.map((c) => (keyed.has(c.name) ? { ...c, nullable: false } : c)), by, undefined, { ...options, constraints }).steps);
  return { steps, status };
}

/** The options written (a clone keeps its source's where none is). */
const dropUndefined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== null)) as Partial<T>;

/** `CREATE TABLE t ()`: a syntax error at the `)` (at the end without a column list), where Snowflake puts it. */
function emptyColumnList(text: string): SqlError {
  const tokens = tokenize(text);
  if (tokens.length === 0) return sqlErrors.syntax('<EOF>');
  return syntaxErrorAt({ tokens, line: 1, col: 0 }, tokens.find((t, i) => t.text === ')' && tokens[i - 1]?.text === '('));
}

function columnDefs(v: NodeOf<'create_table'>, ctx: RewriteContext): NewColumn[] {
  return (v.columns ?? []).map((c) => ({
    name: normalize(c.name), type: typeOfColumnDef(c, ctx.session), nullable: c.nullable !== false && c.primary_key !== true, default: columnDefaultOf(c, ctx),
  }));
}

const quotedColumn = (name: string): Node => columnNode(identifier(name, true));

/** CREATE [OR REPLACE] [SECURE] [TEMPORARY] VIEW [IF NOT EXISTS] name [(columns)] AS query. */
export function createView(catalog: Catalog, ctx: RewriteContext, v: NodeOf<'create_view'>, text: string): DdlPlan {
  const nameNode = v.name;
  const parts = [nameNode.catalog, nameNode.schema, nameNode.name].map((x) => (isIdent(x) ? normalize(x) : null));
  const name = parts[2]!;
  const { schema } = resolveSchema(catalog, ctx.session, parts[0], parts[1]);
  const by: Creator = { role: ctx.session.role, lifetime: v.temporary ? 'TEMPORARY' : 'PERMANENT', sessionId: ctx.session.id };
  const existing = replaceableTable(catalog, ctx.session, schema, name, 'CREATE VIEW', !!v.if_not_exists, !!v.or_replace, by.lifetime);
  if (existing === 'kept') return { steps: [], status: `${displayName(name)} already exists, statement succeeded.` };
  ctx.expandedViews = new Set();
  const query = compileQuery(v.query, ctx);
  requireTablePrivileges(ctx);
  // The view replaced is read by the new definition: the new view would read itself.
  if (existing && ctx.expandedViews.has(existing.id)) throw sqlErrors.recursiveView(displayName(name));
  // The stored definition is compiled again where the view is used, without this request's values.
  if (ctx.maxParam > 0) throw sqlErrors.unsupported('view with bind variables');
  if (query.columns.length === 0) throw sqlErrors.unsupported('view with * over a subquery');
  const renamed = v.columns ?? [];
  if (renamed.length > 0 && renamed.length !== query.columns.length) throw sqlErrors.invalidValue(`View definition declares ${renamed.length} column(s), but view query produces ${query.columns.length} column(s).`);
  const cols = query.columns.map((c, i) => ({ name: renamed[i] ? normalize(renamed[i].name) : c.name, type: c.type ?? parseTypeName('VARCHAR')!, nullable: true }));
  const steps: SqlStep[] = existing ? dropTableSteps(existing) : [];
  // The check of the body (tableSteps' first step) binds the rows of the INFORMATION_SCHEMA views it reads.
  const checkStep = steps.length;
  steps.push(...tableSteps(ctx.dialect, schema.id, name, cols, by, { sql: query.sql, text }).steps);
  const status = `View ${displayName(name)} successfully created.`;
  return ctx.virtualParams.length > 0 ? { steps, status, boundStep: checkStep, extraParams: ctx.virtualParams } : { steps, status };
}

export function dropTable(catalog: Catalog, ctx: RewriteContext, parts: (string | null)[], ifExists: boolean, kind: 'TABLE' | 'VIEW' = 'TABLE'): DdlPlan {
  const name = parts[2]!;
  const dbName = parts[0] ?? ctx.session.database;
  const db = dbName === null ? undefined : catalog.database(dbName);
  const schemaName = parts[1] ?? (parts[0] ? 'PUBLIC' : ctx.session.schema);
  const schema = db && schemaName !== null ? catalog.schema(db.id, schemaName) : undefined;
  const found = schema ? catalog.table(schema.id, name) : undefined;
  const table = found?.kind === kind ? found : undefined;
  if (!table) {
    if (ifExists) return { steps: [], status: `Drop statement executed successfully (${displayName(name)} already dropped).` };
    throw sqlErrors.objectMissing(kind === 'VIEW' ? 'View' : 'Table', displayName(name));
  }
  accessOf(catalog, ctx.session).require('OWNERSHIP', securables.table(catalog, table));
  return { steps: dropTableSteps(table), status: `${displayName(name)} successfully dropped.` };
}
