/**
 * Tables Floe computes rather than stores: INFORMATION_SCHEMA views of the catalog and the
 * QUERY_HISTORY table function. Their rows travel to the engine as one JSON bind value and are
 * read back with json_each, so they filter, join and sort like any table on any replica.
 */
import type { Catalog, TableInfo } from '@/lib/catalog/catalog';
import type { StoredRows } from '@/lib/engine/types';
import { ltzFromEpochMs } from '@/lib/values';
import { sqlErrors } from '../errors';
import { asKind, type Node } from '../parse';
import { lastQueryId, type Session } from '../session';
import { integerArg } from '../tree/ast';
import { parseTypeName, types, type SfType } from '../types';
import { displayName, storageName, storedIdent } from './names';
import { STATS_SAMPLE_ROWS, type JsonRowColumn, type SqlDialect } from '../dialect';
import { quoteIdent } from '../sql-text';
import type { Prequery, PrequeryRows } from './prequery';
import { clusteringKey } from './table-options';
import { identityOf } from './identity';

export interface QueryHistoryEntry {
  queryId: string;
  queryText: string;
  database: string | null;
  schema: string | null;
  queryType: string;
  user: string;
  role: string | null;
  warehouse: string | null;
  status: 'SUCCESS' | 'FAILED_WITH_ERROR' | 'RUNNING' | 'QUEUED';
  errorCode: string | null;
  errorMessage: string | null;
  startMs: number;
  endMs: number | null;
  rowsProduced: number | null;
  queryTag: string;
  /** Answered from a stored result (USE_CACHED_RESULT): nothing was executed. */
  reusedResult: boolean;
}

/** A stored statement result to read back: its columns, and its rows as the engine reads them. */
export interface ScannedResult { columns: VirtualColumn[]; rows: StoredRows }

/** Which statements QUERY_HISTORY returns: the newest `limit` the caller may see, optionally one user's or one warehouse's. */
export interface QueryHistoryFilter { limit: number; userName?: string; warehouseName?: string }

/** What compiling needs from outside the catalog: the statements the user (under that role) may see, and results. */
export interface CompileServices {
  queryHistory(user: string, role: string | null, filter: QueryHistoryFilter): QueryHistoryEntry[];
  /** Statements of a warehouse running and waiting in its queue now (SHOW WAREHOUSES). */
  warehouseLoad(warehouse: string): { running: number; queued: number };
  /** A finished statement's result (throws 000709 when the user has none by that handle). */
  /** The session decides what it may read: its user's statements, under its token's role restriction. */
  resultScan(handle: string, session: Session): ScannedResult;
  /** The rows of a read-only query the statement's shape depends on (prequery.ts); throws PrequeryNeeded until it has run. */
  prequery(q: Prequery): PrequeryRows;
}

interface VirtualColumn { name: string; type: SfType }
/**
 * Columns the engine fills with table statistics (the dialect's tableStatsSql) when the statement runs: each
 * row names its table by the id in JSON cell `idCell` (null for a view).
 */
export interface RowStats { tables: TableInfo[]; idCell: number; rowsColumn: string; bytesColumn: string }
/** rows: storage values computed here, or a stored result the engine reads (RESULT_SCAN). */
export interface VirtualTable { name: string; columns: VirtualColumn[]; rows: unknown[][] | StoredRows; stats?: RowStats }

const ltz = (ms: number | null) => (ms === null ? null : ltzFromEpochMs(ms));
const v = (name: string, type: SfType = types.varchar()): VirtualColumn => ({ name, type });
const n = (name: string) => v(name, types.number(38, 0));
const t = (name: string) => v(name, types.timestampLtz(3));
const o = (name: string) => v(name, types.object());
const yesNo = (b: boolean) => (b ? 'YES' : 'NO');

/** information_schema DATA_TYPE names. */
function dataTypeName(typeText: string): string {
  const ty = parseTypeName(typeText);
  switch (ty?.wire) {
    case 'fixed': return 'NUMBER';
    case 'real': return 'FLOAT';
    case 'text': return 'TEXT';
    default: return (ty?.wire ?? 'text').toUpperCase();
  }
}

/** INFORMATION_SCHEMA.COLUMNS columns of the SQL standard that Floe never fills (always NULL). */
const COLUMNS_UNUSED = ['INTERVAL_TYPE', 'INTERVAL_PRECISION', 'CHARACTER_SET_CATALOG', 'CHARACTER_SET_SCHEMA', 'CHARACTER_SET_NAME', 'COLLATION_CATALOG', 'COLLATION_SCHEMA',
  'COLLATION_NAME', 'DOMAIN_CATALOG', 'DOMAIN_SCHEMA', 'DOMAIN_NAME', 'UDT_CATALOG', 'UDT_SCHEMA', 'UDT_NAME', 'SCOPE_CATALOG', 'SCOPE_SCHEMA', 'SCOPE_NAME', 'MAXIMUM_CARDINALITY', 'DTD_IDENTIFIER'];

function informationSchema(catalog: Catalog, dbName: string, view: string): VirtualTable | null {
  const db = catalog.database(dbName);
  if (!db) throw sqlErrors.objectMissing('Database', displayName(dbName));
  const schemas = catalog.schemasOf(db.id).sort((a, b) => (a.name < b.name ? -1 : 1));
  const tables = schemas.flatMap((s) => catalog.tablesOf(s.id).map((tb) => ({ s, tb })));
  switch (view) {
    case 'DATABASES':
      // OBJECT_VISIBILITY: appended by bundle 2024_08, reserved (NULL).
      return { name: view, columns: [v('DATABASE_NAME'), v('DATABASE_OWNER'), v('IS_TRANSIENT'), v('COMMENT'), t('CREATED'), t('LAST_ALTERED'), n('RETENTION_TIME'), v('TYPE'), v('OWNER_ROLE_TYPE'), o('OBJECT_VISIBILITY')],
        rows: [...catalog.databases.values()].sort((a, b) => (a.name < b.name ? -1 : 1)).map((d) => [d.name, d.owner, yesNo(d.transient), d.comment, ltz(d.createdOn), ltz(d.createdOn), 1, 'STANDARD', d.owner ? 'ROLE' : null, null]) };
    case 'SCHEMATA':
      return { name: view, columns: [v('CATALOG_NAME'), v('SCHEMA_NAME'), v('SCHEMA_OWNER'), v('IS_TRANSIENT'), v('IS_MANAGED_ACCESS'), n('RETENTION_TIME'), v('DEFAULT_CHARACTER_SET_CATALOG'), v('DEFAULT_CHARACTER_SET_SCHEMA'), v('DEFAULT_CHARACTER_SET_NAME'), v('SQL_PATH'), t('CREATED'), t('LAST_ALTERED'), v('COMMENT'), o('OBJECT_VISIBILITY')],
        rows: [...schemas.map((s) => ({ name: s.name, owner: s.owner, createdOn: s.createdOn, comment: s.comment, transient: s.transient })),
          { name: 'INFORMATION_SCHEMA', owner: null, createdOn: db.createdOn, comment: 'Views describing the contents of schemas', transient: false }]
          .sort((a, b) => (a.name < b.name ? -1 : 1))
          .map((s) => [db.name, s.name, s.owner, yesNo(s.transient), 'NO', 1, null, null, null, null, ltz(s.createdOn), ltz(s.createdOn), s.comment, null]) };
    case 'TABLES': {
      const columns = [v('TABLE_CATALOG'), v('TABLE_SCHEMA'), v('TABLE_NAME'), v('TABLE_OWNER'), v('TABLE_TYPE'), v('IS_TRANSIENT'), v('CLUSTERING_KEY'), n('ROW_COUNT'), n('BYTES'), n('RETENTION_TIME'),
          v('SELF_REFERENCING_COLUMN_NAME'), v('REFERENCE_GENERATION'), v('USER_DEFINED_TYPE_CATALOG'), v('USER_DEFINED_TYPE_SCHEMA'), v('USER_DEFINED_TYPE_NAME'), v('IS_INSERTABLE_INTO'), v('IS_TYPED'),
          v('COMMIT_ACTION'), t('CREATED'), t('LAST_ALTERED'), t('LAST_DDL'), v('LAST_DDL_BY'), v('AUTO_CLUSTERING_ON'), v('COMMENT'), v('IS_TEMPORARY'), v('IS_ICEBERG'), v('IS_DYNAMIC'), v('IS_IMMUTABLE'), v('IS_HYBRID')];
      return {
        name: view,
        columns,
        // Each row ends with its table's id (beyond the columns), for ROW_COUNT and BYTES.
        stats: { tables: tables.map(({ tb }) => tb), idCell: columns.length, rowsColumn: 'ROW_COUNT', bytesColumn: 'BYTES' },
        rows: tables.map(({ s, tb }) => {
          const base = tb.kind !== 'VIEW';
          const temporary = tb.lifetime === 'TEMPORARY';
          return [db.name, s.name, tb.name, tb.owner, !base ? 'VIEW' : temporary ? 'TEMPORARY TABLE' : 'BASE TABLE', yesNo(tb.lifetime === 'TRANSIENT'), clusteringKey(tb.clusterBy), null, null, base ? 1 : null, null, null, null, null, null, base ? 'YES' : 'NO', 'YES',
            null, ltz(tb.createdOn), ltz(tb.createdOn), ltz(tb.createdOn), tb.owner, base ? (tb.clusterBy ? 'YES' : 'NO') : null, tb.comment, yesNo(temporary), 'NO', 'NO', 'NO', 'NO', base ? tb.id : null];
        }),
      };
    }
    case 'VIEWS':
      return { name: view, columns: [v('TABLE_CATALOG'), v('TABLE_SCHEMA'), v('TABLE_NAME'), v('TABLE_OWNER'), v('VIEW_DEFINITION'), v('CHECK_OPTION'), v('IS_UPDATABLE'), v('INSERTABLE_INTO'), v('IS_SECURE'), t('CREATED'), t('LAST_ALTERED'), t('LAST_DDL'), v('LAST_DDL_BY'), v('COMMENT')],
        rows: tables.filter(({ tb }) => tb.kind === 'VIEW').map(({ s, tb }) => [db.name, s.name, tb.name, tb.owner, tb.text, 'NONE', 'NO', 'NO', 'NO', ltz(tb.createdOn), ltz(tb.createdOn), ltz(tb.createdOn), tb.owner, tb.comment]) };
    case 'COLUMNS':
      return { name: view, columns: [v('TABLE_CATALOG'), v('TABLE_SCHEMA'), v('TABLE_NAME'), v('COLUMN_NAME'), n('ORDINAL_POSITION'), v('COLUMN_DEFAULT'), v('IS_NULLABLE'), v('DATA_TYPE'), n('CHARACTER_MAXIMUM_LENGTH'), n('CHARACTER_OCTET_LENGTH'), n('NUMERIC_PRECISION'), n('NUMERIC_PRECISION_RADIX'), n('NUMERIC_SCALE'), n('DATETIME_PRECISION'),
          ...COLUMNS_UNUSED.map((c) => (c === 'INTERVAL_PRECISION' || c === 'MAXIMUM_CARDINALITY' ? n(c) : v(c))), v('IS_SELF_REFERENCING'), v('IS_IDENTITY'),
          ...['IDENTITY_GENERATION', 'IDENTITY_START', 'IDENTITY_INCREMENT', 'IDENTITY_MAXIMUM', 'IDENTITY_MINIMUM', 'IDENTITY_CYCLE', 'IDENTITY_ORDERED', 'SCHEMA_EVOLUTION_RECORD'].map((c) => v(c)), v('COMMENT')],
        rows: tables.flatMap(({ s, tb }) => tb.columns.map((c, i) => {
          const ty = parseTypeName(c.type);
          const numeric = ty?.wire === 'fixed';
          const temporal = ty && ['time', 'timestamp_ntz', 'timestamp_ltz', 'timestamp_tz'].includes(ty.wire);
          const id = identityOf(catalog, c);
          return [db.name, s.name, tb.name, c.name, i + 1, c.defaultSql, c.nullable ? 'YES' : 'NO', dataTypeName(c.type), ty?.length ?? null, ty?.byteLength ?? null,
            numeric ? ty!.precision : null, numeric ? 10 : null, numeric ? ty!.scale : null, temporal ? ty!.scale : null, ...COLUMNS_UNUSED.map(() => null), 'NO', id ? 'YES' : 'NO',
            null, id ? String(id.start) : null, id ? String(id.increment) : null, null, null, 'NO', id ? (id.ordered ? 'YES' : 'NO') : null, null, c.comment];
        })) };
    default:
      return null;
  }
}

/**
 * The QUERY_HISTORY table function's columns in Snowflake's order, up to EXECUTION_TIME (the
 * queueing, data-transfer and credit columns after it have nothing to report here).
 */
export const QUERY_HISTORY_COLUMNS = ['QUERY_ID', 'QUERY_TEXT', 'DATABASE_NAME', 'SCHEMA_NAME', 'QUERY_TYPE', 'SESSION_ID', 'USER_NAME', 'ROLE_NAME', 'WAREHOUSE_NAME',
  'WAREHOUSE_SIZE', 'WAREHOUSE_TYPE', 'CLUSTER_NUMBER', 'QUERY_TAG', 'EXECUTION_STATUS', 'ERROR_CODE', 'ERROR_MESSAGE', 'START_TIME', 'END_TIME', 'TOTAL_ELAPSED_TIME',
  'BYTES_SCANNED', 'ROWS_PRODUCED', 'COMPILATION_TIME', 'EXECUTION_TIME'];

const QUERY_HISTORY_TYPES: Record<string, SfType> = {
  SESSION_ID: types.number(38, 0), CLUSTER_NUMBER: types.number(38, 0), START_TIME: types.timestampLtz(3), END_TIME: types.timestampLtz(3), TOTAL_ELAPSED_TIME: types.number(38, 0),
  BYTES_SCANNED: types.number(38, 0), ROWS_PRODUCED: types.number(38, 0), COMPILATION_TIME: types.number(38, 0), EXECUTION_TIME: types.number(38, 0),
};

const QUERY_HISTORY_FUNCTIONS = new Set(['QUERY_HISTORY', 'QUERY_HISTORY_BY_USER', 'QUERY_HISTORY_BY_SESSION', 'QUERY_HISTORY_BY_WAREHOUSE']);

/** RESULT_LIMIT's default and bounds (the docs of the QUERY_HISTORY table functions). */
export const HISTORY_LIMIT = { default: 100, max: 10_000 };

/**
 * QUERY_HISTORY's named arguments: RESULT_LIMIT, USER_NAME of QUERY_HISTORY_BY_USER and
 * WAREHOUSE_NAME of QUERY_HISTORY_BY_WAREHOUSE; the time ranges and SESSION_ID are accepted and
 * ignored (every request is its own session).
 */
function historyFilter(fn: string, args: unknown[]): QueryHistoryFilter {
  const filter: QueryHistoryFilter = { limit: HISTORY_LIMIT.default };
  for (const arg of args) {
    const named = asKind(arg, 'named_argument');
    if (!named) throw sqlErrors.invalidValue(`Table function ${fn} takes named arguments only`);
    const name = named.name.name.toUpperCase();
    if (name === 'RESULT_LIMIT') {
      const n = integerArg(named.value);
      if (n === undefined || !Number.isInteger(n) || n < 1 || n > HISTORY_LIMIT.max) throw sqlErrors.invalidValue(`Invalid argument RESULT_LIMIT: it must be an integer between 1 and ${HISTORY_LIMIT.max}`);
      filter.limit = n;
    } else if ((name === 'USER_NAME' && fn === 'QUERY_HISTORY_BY_USER') || (name === 'WAREHOUSE_NAME' && fn === 'QUERY_HISTORY_BY_WAREHOUSE')) {
      const literal = asKind(named.value, 'literal');
      if (literal?.literal_type !== 'string') throw sqlErrors.invalidValue(`Invalid argument ${name}: it must be a string`);
      // A string names an object as written in its quotes (case-sensitive), like USER_NAME in Snowflake.
      if (name === 'USER_NAME') filter.userName = literal.value;
      else filter.warehouseName = literal.value;
    }
  }
  return filter;
}

function queryHistory(services: CompileServices, session: Session, filter: QueryHistoryFilter): VirtualTable {
  const rows = services.queryHistory(session.user, session.role, filter).map((q) => {
    const elapsed = (q.endMs ?? Date.now()) - q.startMs;
    const values: Record<string, unknown> = {
      QUERY_ID: q.queryId, QUERY_TEXT: q.queryText, DATABASE_NAME: q.database, SCHEMA_NAME: q.schema, QUERY_TYPE: q.queryType, USER_NAME: q.user, ROLE_NAME: q.role,
      WAREHOUSE_NAME: q.warehouse, WAREHOUSE_TYPE: q.warehouse ? 'STANDARD' : null, QUERY_TAG: q.queryTag, EXECUTION_STATUS: q.status, ERROR_CODE: q.errorCode,
      ERROR_MESSAGE: q.errorMessage, START_TIME: ltz(q.startMs), END_TIME: ltz(q.endMs), TOTAL_ELAPSED_TIME: elapsed, ROWS_PRODUCED: q.rowsProduced,
      // A reused result executed nothing (Snowflake reports 0 too).
      EXECUTION_TIME: q.reusedResult ? 0 : elapsed,
    };
    return QUERY_HISTORY_COLUMNS.map((c) => values[c] ?? null);
  });
  return { name: 'QUERY_HISTORY', columns: QUERY_HISTORY_COLUMNS.map((c) => v(c, QUERY_HISTORY_TYPES[c])), rows };
}

/** The virtual table a reference names, or null when it names a catalog table. */
export function findVirtualTable(parts: (string | null)[], catalog: Catalog, session: Session, services: CompileServices): VirtualTable | null {
  const [db, schema, name] = parts;
  if (schema !== 'INFORMATION_SCHEMA' || name === null) return null;
  const dbName = db ?? session.database;
  if (dbName === null) throw sqlErrors.noCurrentDatabase('SELECT');
  return informationSchema(catalog, dbName, name);
}

/** RESULT_SCAN's argument: a query id string or LAST_QUERY_ID([n]). */
function resultScanHandle(arg: unknown, session: Session): string {
  const literal = asKind(arg, 'literal');
  if (literal?.literal_type === 'string') return literal.value;
  const call = asKind(arg, 'function');
  if (call && call.name.toUpperCase() === 'LAST_QUERY_ID') {
    const id = lastQueryId(session, call.args.length ? integerArg(call.args[0]) ?? -1 : -1);
    if (id !== null) return id;
  }
  throw sqlErrors.invalidValue('Argument to RESULT_SCAN must be a query ID string or LAST_QUERY_ID()');
}

/** TABLE(INFORMATION_SCHEMA.QUERY_HISTORY(…)), TABLE(RESULT_SCAN(…)) and their unqualified forms. */
export function findTableFunction(name: string, args: unknown[], session: Session, services: CompileServices): VirtualTable | null {
  const upper = name.toUpperCase();
  if (QUERY_HISTORY_FUNCTIONS.has(upper)) return queryHistory(services, session, historyFilter(upper, args));
  if (upper === 'RESULT_SCAN') return { name: 'RESULT_SCAN', ...services.resultScan(resultScanHandle(args[0], session), session) };
  return null;
}

/** A catalog-shaped description, so star expansion and rowType inference treat it as a table. */
export function asTableInfo(vt: VirtualTable): TableInfo {
  return { id: -1, schemaId: -1, name: vt.name, kind: 'VIEW', owner: null, comment: null, createdOn: 0, text: null, lifetime: 'PERMANENT', sessionId: null, columns: vt.columns.map((c) => ({ name: c.name, type: c.type.text, nullable: true, defaultSql: null, comment: null })) };
}

/**
 * The engine's query reading a virtual table's rows from its JSON bind value (cell i of each row
 * is column i), with the statistics columns joined in; rows keep their order.
 */
export function virtualSelectSql(vt: VirtualTable, alias: (name: string, i: number) => string, dialect: SqlDialect): string {
  const st = vt.stats;
  const columns: JsonRowColumn[] = vt.columns.map((c, i) => {
    if (st && c.name === st.rowsColumn) return { alias: alias(c.name, i), stat: 'row_count' };
    if (st && c.name === st.bytesColumn) return { alias: alias(c.name, i), stat: 'bytes' };
    return { alias: alias(c.name, i), cell: i, type: c.type };
  });
  return dialect.jsonRowsSql(columns, st ? { sql: dialect.tableStatsSql(st.tables, STATS_SAMPLE_ROWS), idCell: st.idCell } : null);
}

/** The virtual table's query (its one placeholder the bind position `paramIndex`) as a FROM subquery named `alias`. */
export function virtualSubquery(vt: VirtualTable, paramIndex: number, alias: string, dialect: SqlDialect): Node {
  const select = dialect.readQuery(virtualSelectSql(vt, (name) => quoteIdent(storageName(name)), dialect));
  setPlaceholder(select, paramIndex);
  return { subquery: { this: select, alias: storedIdent(alias), column_aliases: [], alias_explicit_as: true, alias_keyword: 'AS', order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] } };
}

function setPlaceholder(node: unknown, index: number): void {
  if (!node || typeof node !== 'object') return;
  const placeholder = asKind(node, 'placeholder');
  if (placeholder) { placeholder.index = index; return; }
  for (const val of Object.values(node)) setPlaceholder(val, index);
}
