/**
 * Builds a request's session: the user's defaults, overridden by the body's context fields
 * (case-sensitive names), plus the request's session parameters (keys in any case).
 */
import { randomUUID } from 'node:crypto';
import type { Catalog } from '@/lib/catalog/catalog';
import { namespaceParts } from '@/lib/catalog/names';
import { defaultRole, grantedRoles } from '@/lib/access/roles';
import { visibleCatalog } from '@/lib/access/visible';
import { SqlError, sqlErrors } from '@/lib/sql/errors';
import { displayName } from '@/lib/sql/compile/names';
import { parameterBoolean, parameterInteger, parameterTimestampMapping, requireAutocommit, RESULT_CHUNK_MB, type Session, type TimestampMapping } from '@/lib/sql/session';
import type { OutputFormats } from '@/lib/values';

export interface ContextFields {
  database?: string | null;
  schema?: string | null;
  warehouse?: string | null;
  role?: string | null;
}

export interface RequestParameters {
  formats: OutputFormats;
  multiStatementCount: number;
  rowsPerResultset: number;
  /** CLIENT_RESULT_CHUNK_SIZE: result partitions stay below this many MB. */
  resultChunkMb: number;
  queryTag: string;
  timeoutSec: number | undefined;
  /** STATEMENT_QUEUED_TIMEOUT_IN_SECONDS (0 = none). */
  queuedTimeoutSec: number;
  useCachedResult: boolean;
  weekStart: number;
  weekOfYearPolicy: number;
  timestampTypeMapping: TimestampMapping;
}

function resultChunkMb(name: string, v: unknown): number {
  const n = nonNegativeInt(name, v);
  if (n < RESULT_CHUNK_MB.min || n > RESULT_CHUNK_MB.max) throw badParameter(name, v);
  return n;
}

const FORMAT_KEYS: Record<string, keyof OutputFormats> = {
  date_output_format: 'dateOutputFormat',
  time_output_format: 'timeOutputFormat',
  timestamp_output_format: 'timestampOutputFormat',
  timestamp_ntz_output_format: 'timestampNtzOutputFormat',
  timestamp_ltz_output_format: 'timestampLtzOutputFormat',
  timestamp_tz_output_format: 'timestampTzOutputFormat',
  binary_output_format: 'binaryOutputFormat',
};

/** Snowflake's defaults of the output formats (an unset TIMESTAMP_*_OUTPUT_FORMAT follows TIMESTAMP_OUTPUT_FORMAT). */
const FORMAT_DEFAULTS: Record<string, string> = {
  binary_output_format: 'HEX',
  date_output_format: 'YYYY-MM-DD',
  time_output_format: 'HH24:MI:SS',
  timestamp_output_format: 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM',
};

/** The effective output formats and TIMEZONE, as resultSetMetaData.parameters echoes them (lower-case keys). */
export function effectiveFormatParameters(f: OutputFormats): Record<string, string> {
  const given = (k: string) => {
    const v = f[FORMAT_KEYS[k]];
    return v != null && String(v).trim() !== '' ? String(v) : undefined;
  };
  const out: Record<string, string> = {};
  for (const k of Object.keys(FORMAT_KEYS)) out[k] = given(k) ?? FORMAT_DEFAULTS[k] ?? '';
  for (const k of ['timestamp_ntz_output_format', 'timestamp_ltz_output_format', 'timestamp_tz_output_format']) {
    if (!given(k)) out[k] = out.timestamp_output_format;
  }
  // The zone TIMESTAMP_LTZ cells are shown in: the console formats epoch-encoded cells itself (lib/values/display.ts).
  out.timezone = f.timezone;
  return out;
}

const badParameter = (name: string, value: unknown) =>
  new SqlError('002031', '22023', `Invalid value [${String(value)}] for parameter '${name.toUpperCase()}'`);

const badValue = (name: string, value: unknown): never => { throw badParameter(name, value); };

function nonNegativeInt(name: string, v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw badParameter(name, v);
  return n;
}

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The parameters a request body may set (keys in any case): the SQL API's, and those Floe also honours. */
export const REQUEST_PARAMETERS = [
  ...Object.keys(FORMAT_KEYS), 'timezone', 'multi_statement_count', 'rows_per_resultset', 'query_tag', 'client_result_chunk_size', 'use_cached_result',
  'statement_timeout_in_seconds', 'statement_queued_timeout_in_seconds', 'week_start', 'week_of_year_policy', 'timestamp_type_mapping',
  // Accepted only as TRUE (the SQL API's AUTOCOMMIT); FALSE is refused with the reason.
  'autocommit',
].sort();
const KNOWN_PARAMETERS = new Set(REQUEST_PARAMETERS);

/** A key of the body's `parameters` that is no session parameter the request may set: a 400, not silently ignored. */
export class UnknownParameter extends Error {
  constructor(key: string) {
    super(`Unsupported session parameter '${key.slice(0, 128)}' in 'parameters'. A request may set: ${REQUEST_PARAMETERS.join(', ')} (in any case).`);
    this.name = 'UnknownParameter';
  }
}

export function parseParameters(raw: Record<string, unknown> | null | undefined): RequestParameters {
  const out: RequestParameters = { formats: { timezone: 'America/Los_Angeles' }, multiStatementCount: 1, rowsPerResultset: 0, resultChunkMb: RESULT_CHUNK_MB.max, queryTag: '', timeoutSec: undefined, queuedTimeoutSec: 0, useCachedResult: true, weekStart: 0, weekOfYearPolicy: 0, timestampTypeMapping: 'TIMESTAMP_NTZ' };
  for (const [key, value] of Object.entries(raw ?? {})) {
    const k = key.toLowerCase();
    if (!KNOWN_PARAMETERS.has(k)) throw new UnknownParameter(key);
    if (value === null) continue;
    if (k in FORMAT_KEYS) { out.formats[FORMAT_KEYS[k]] = String(value) as never; continue; }
    switch (k) {
      case 'timezone': {
        const tz = String(value);
        if (!isTimeZone(tz)) throw badParameter(k, value);
        out.formats.timezone = tz;
        break;
      }
      case 'multi_statement_count': out.multiStatementCount = nonNegativeInt(k, value); break;
      case 'rows_per_resultset': out.rowsPerResultset = nonNegativeInt(k, value); break;
      case 'query_tag': out.queryTag = String(value); break;
      case 'client_result_chunk_size': out.resultChunkMb = resultChunkMb(k, value); break;
      case 'statement_timeout_in_seconds': out.timeoutSec = nonNegativeInt(k, value); break;
      case 'statement_queued_timeout_in_seconds': out.queuedTimeoutSec = nonNegativeInt(k, value); break;
      case 'use_cached_result': {
        const b = parameterBoolean(value);
        if (b === null) throw badParameter(k, value);
        out.useCachedResult = b;
        break;
      }
      case 'week_start': out.weekStart = parameterInteger(value, 0, 7) ?? badValue(k, value); break;
      case 'week_of_year_policy': out.weekOfYearPolicy = parameterInteger(value, 0, 1) ?? badValue(k, value); break;
      case 'timestamp_type_mapping': out.timestampTypeMapping = parameterTimestampMapping(value) ?? badValue(k, value); break;
      case 'autocommit': requireAutocommit(value); break;
    }
  }
  return out;
}

const roleNotGranted = (role: string) => new SqlError('390189', '08004',
  `Role '${role}' specified in the connect string is not granted to this user. Contact your local system administrator, or attempt to login with another role, e.g. PUBLIC.`);

/** The user's DEFAULT_NAMESPACE; one that does not exist (any more) is ignored. */
function defaultNamespace(catalog: Catalog, ns: string | null): [string | null, string | null] {
  const parts = namespaceParts(ns);
  if (!parts || !catalog.database(parts[0])) return [null, null];
  return parts;
}

export function buildSession(whole: Catalog, userName: string, ctx: ContextFields, params: RequestParameters, roleRestriction: string | null): Session {
  const user = whole.users.get(userName);
  if (!user) throw sqlErrors.objectMissing('User', userName);
  const granted = grantedRoles(whole, user.name, roleRestriction);
  let role: string;
  if (ctx.role) {
    if (!whole.roles.has(ctx.role)) throw sqlErrors.objectMissing('Role', displayName(ctx.role));
    if (!granted.has(ctx.role)) throw roleNotGranted(ctx.role);
    role = ctx.role;
  } else {
    role = defaultRole(whole, user.name, roleRestriction);
  }
  // Database, schema and warehouse resolve among what the role can see.
  const catalog = visibleCatalog(whole, role);
  let [database, schema] = defaultNamespace(catalog, user.defaultNamespace);
  if (ctx.database) {
    if (!catalog.database(ctx.database)) throw sqlErrors.objectMissing('Database', displayName(ctx.database));
    database = ctx.database;
    schema = 'PUBLIC';
  }
  if (ctx.schema) {
    const db = database ? catalog.database(database) : undefined;
    if (!db || !catalog.schema(db.id, ctx.schema)) throw sqlErrors.objectMissing('Schema', displayName(ctx.schema));
    schema = ctx.schema;
  } else if (database) {
    const db = catalog.database(database);
    if (!db || !catalog.schema(db.id, schema ?? 'PUBLIC')) schema = null;
  }
  if (ctx.warehouse && !catalog.warehouses.has(ctx.warehouse)) throw sqlErrors.objectMissing('Warehouse', displayName(ctx.warehouse));
  const fallbackWarehouse = user.defaultWarehouse && catalog.warehouses.has(user.defaultWarehouse) ? user.defaultWarehouse : null;
  const warehouse = ctx.warehouse || fallbackWarehouse;
  return {
    id: randomUUID(), user: user.name, role, roleRestriction, warehouse, database, schema,
    formats: params.formats, rowsPerResultset: params.rowsPerResultset, resultChunkMb: params.resultChunkMb, queryTag: params.queryTag, queuedTimeoutSec: params.queuedTimeoutSec, useCachedResult: params.useCachedResult,
    weekStart: params.weekStart, weekOfYearPolicy: params.weekOfYearPolicy, timestampTypeMapping: params.timestampTypeMapping, lastQueryId: null, otherParameters: {}, variables: {},
  };
}
