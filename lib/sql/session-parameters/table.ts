/**
 * Every session parameter Floe knows, declared once: its type, default, where it may be set (a
 * request body's `parameters`, ALTER SESSION, or both), its check, its SHOW PARAMETERS
 * description and the Session field it maps onto. Request-body parsing, ALTER SESSION SET/UNSET,
 * SHOW PARAMETERS and the resultSetMetaData.parameters echo all read this table (./index.ts).
 */
import { defaultStatementTimeoutSec } from '@/lib/config';
import { DEFAULT_TIMEZONE, type OutputFormats } from '@/lib/values';
import type { InputFormats, Session } from '../session';
import { invalidValue, isTimeZone, parameterBinaryFormat, parameterBoolean, parameterInputFormat, parameterInteger, parameterTimestampMapping, requireAutocommit, RESULT_CHUNK_MB } from './values';

/** The Session fields parameters set (optional ones: a Session written before they existed lacks them). */
export type SessionParameterFields = Pick<Session, 'formats' | 'rowsPerResultset' | 'resultChunkMb' | 'queryTag' | 'useCachedResult' | 'queuedTimeoutSec' | 'weekStart' | 'weekOfYearPolicy' | 'timestampTypeMapping' | 'inputFormats' | 'statementTimeoutSec' | 'requestTimeoutSec' | 'multiStatementCount'>;

/** What a parameter reads and writes: a Session, or a request's parsed parameters. */
export type ParameterTarget = SessionParameterFields;

export interface ServerDefault {
  setting: string;
  value(): string;
}

export interface SessionParameter {
  /** Upper-case, as SHOW PARAMETERS prints it (request bodies and ALTER SESSION name it in any case). */
  readonly name: string;
  /** ENUM is a STRING of a fixed set of values (SHOW PARAMETERS prints STRING). */
  readonly type: 'BOOLEAN' | 'NUMBER' | 'STRING' | 'ENUM';
  /** The default, as SHOW PARAMETERS prints it; it passes `check`. */
  readonly default: string;
  /** A request body's `parameters` may set it. */
  readonly request: boolean;
  /** ALTER SESSION may set it and SHOW PARAMETERS lists it. */
  readonly session: boolean;
  readonly description: string;
  /** resultSetMetaData.parameters echoes it (lower-case key); `inherits`: when unset, the echo is that parameter's. */
  readonly echo?: { inherits?: string };
  /** The server's setting (`setting`, its value now) replaces the default while the target leaves it unset (the field stays absent). */
  readonly serverDefault?: ServerDefault;
  /**
   * A request body's value is that request's own, not its session's (MULTI_STATEMENT_COUNT counts
   * the statements of the text it comes with); ALTER SESSION's is the session's, for later requests.
   */
  readonly perRequest: boolean;
  /** The one validation: throws the parameter's error (002031 …) for a value it does not take. */
  check(raw: unknown): void;
  /** Validates and stores a value (a body's JSON value or ALTER SESSION's text) on the target; null: back to the default (UNSET). */
  apply(target: ParameterTarget, raw: unknown): void;
  /** The value in force, as SHOW PARAMETERS prints it (unset: the server's setting, else the default). */
  read(target: ParameterTarget): string | undefined;
  /** Whether the target holds a value of its own (SHOW PARAMETERS' level: SESSION), not the default. */
  isSet(target: ParameterTarget): boolean;
}

interface Declaration<T> {
  type: SessionParameter['type'];
  default: string;
  /** Where it may be set (default: both). */
  levels?: 'request' | 'session' | 'both';
  description: string;
  echo?: SessionParameter['echo'];
  serverDefault?: ServerDefault;
  perRequest?: boolean;
  /** UNSET leaves the field absent (default: it stores the parsed default). */
  unsetAbsent?: boolean;
  /** Validation: the typed value, or null for the parameter's usual 002031 (may throw an error of its own). */
  parse(raw: unknown): T | null;
  get(t: ParameterTarget): T | undefined;
  /** Stores the value; undefined only for an `unsetAbsent` or `serverDefault` one being unset. */
  set(t: ParameterTarget, v: T | undefined): void;
}

function declare<T>(name: string, d: Declaration<T>): SessionParameter {
  const parse = (raw: unknown): T => {
    const v = d.parse(raw);
    if (v === null) throw invalidValue(name, raw);
    return v;
  };
  const levels = d.levels ?? 'both';
  const read = (t: ParameterTarget) => {
    const v = d.get(t);
    return v === undefined ? undefined : String(v);
  };
  return {
    name, type: d.type, default: d.default, request: levels !== 'session', session: levels !== 'request', description: d.description, echo: d.echo, serverDefault: d.serverDefault, perRequest: !!d.perRequest,
    check: (raw) => void parse(raw),
    apply: (t, raw) => d.set(t, raw !== null ? parse(raw) : d.unsetAbsent || d.serverDefault ? undefined : parse(d.default)),
    read: (t) => read(t) ?? d.serverDefault?.value() ?? d.default,
    isSet: (t) => {
      const v = read(t);
      return v !== undefined && v !== d.default;
    },
  };
}

/** An output format: any text (the formatters decide what it shows); unset follows its default. */
const outputFormat = (key: keyof Omit<OutputFormats, 'timezone'>, def: string, description: string, inherits?: string): Declaration<string> => ({
  // Unset, not the default text: a format given (even the default) makes cells formatted text, not epoch numbers.
  type: 'STRING', default: def, description, echo: { inherits }, unsetAbsent: true,
  parse: (raw) => String(raw),
  get: (t) => t.formats[key],
  set: (t, v) => { t.formats[key] = v; },
});

/**
 * An input format (ALTER SESSION only: the SQL API takes none in a request body). The session's
 * object is replaced, never changed in place (request parameters and kept sessions share it).
 */
const inputFormat = (key: keyof InputFormats, def: string, description: string, parse: (raw: unknown) => string | null): Declaration<string> => ({
  type: 'STRING', default: def, description, levels: 'session', unsetAbsent: true, parse,
  get: (t) => t.inputFormats?.[key],
  set: (t, v) => {
    const next = { ...t.inputFormats };
    if (v === undefined) delete next[key];
    else next[key] = v;
    if (Object.keys(next).length > 0) t.inputFormats = next;
    else delete t.inputFormats;
  },
});
const temporalInput = (key: keyof InputFormats, description: string, variation = false) =>
  inputFormat(key, variation ? '' : 'AUTO', description, (raw) => parameterInputFormat(raw, variation));

/** A whole number in [min, max]. */
const integer = <K extends keyof ParameterTarget>(field: K, def: number, description: string, min = 0, max = Number.MAX_SAFE_INTEGER, levels?: Declaration<number>['levels']): Declaration<number> => ({
  type: 'NUMBER', default: String(def), description, levels,
  parse: (raw) => parameterInteger(raw, min, max),
  get: (t) => t[field] as number | undefined,
  set: (t, v) => { (t as Record<K, unknown>)[field] = v; },
});

const TIMESTAMP = 'TIMESTAMP_OUTPUT_FORMAT';

/** In SHOW PARAMETERS order. */
const TABLE: SessionParameter[] = [
  declare<string>('TIMEZONE', {
    type: 'STRING', default: DEFAULT_TIMEZONE, description: 'time zone', echo: {},
    parse: (raw) => (isTimeZone(String(raw)) ? String(raw) : null),
    get: (t) => t.formats.timezone,
    set: (t, v) => { t.formats.timezone = v!; },
  }),
  declare('DATE_OUTPUT_FORMAT', outputFormat('dateOutputFormat', 'YYYY-MM-DD', 'display format for DATE')),
  declare('TIME_OUTPUT_FORMAT', outputFormat('timeOutputFormat', 'HH24:MI:SS', 'display format for TIME')),
  declare(TIMESTAMP, outputFormat('timestampOutputFormat', 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM', 'display format for TIMESTAMP')),
  declare('TIMESTAMP_NTZ_OUTPUT_FORMAT', outputFormat('timestampNtzOutputFormat', '', 'display format for TIMESTAMP_NTZ', TIMESTAMP)),
  declare('TIMESTAMP_LTZ_OUTPUT_FORMAT', outputFormat('timestampLtzOutputFormat', '', 'display format for TIMESTAMP_LTZ', TIMESTAMP)),
  declare('TIMESTAMP_TZ_OUTPUT_FORMAT', outputFormat('timestampTzOutputFormat', '', 'display format for TIMESTAMP_TZ', TIMESTAMP)),
  declare('BINARY_OUTPUT_FORMAT', outputFormat('binaryOutputFormat', 'HEX', 'display format for binary values')),
  declare('DATE_INPUT_FORMAT', temporalInput('date', 'input format for DATE')),
  declare('TIME_INPUT_FORMAT', temporalInput('time', 'input format for TIME')),
  declare('TIMESTAMP_INPUT_FORMAT', temporalInput('timestamp', 'input format for TIMESTAMP')),
  declare('TIMESTAMP_NTZ_INPUT_FORMAT', temporalInput('timestampNtz', 'input format for TIMESTAMP_NTZ (unset: TIMESTAMP_INPUT_FORMAT)', true)),
  declare('TIMESTAMP_LTZ_INPUT_FORMAT', temporalInput('timestampLtz', 'input format for TIMESTAMP_LTZ (unset: TIMESTAMP_INPUT_FORMAT)', true)),
  declare('TIMESTAMP_TZ_INPUT_FORMAT', temporalInput('timestampTz', 'input format for TIMESTAMP_TZ (unset: TIMESTAMP_INPUT_FORMAT)', true)),
  declare('BINARY_INPUT_FORMAT', inputFormat('binary', 'HEX', 'input format for binary', parameterBinaryFormat)),
  declare('WEEK_START', integer('weekStart', 0, 'The first day of the week (0: legacy Snowflake behavior, 1 = Monday … 7 = Sunday).', 0, 7)),
  declare('WEEK_OF_YEAR_POLICY', integer('weekOfYearPolicy', 0, 'How weeks of a year are computed (0: ISO-like, 1: the week holding January 1 is week 1).', 0, 1)),
  declare<Session['timestampTypeMapping']>('TIMESTAMP_TYPE_MAPPING', {
    type: 'ENUM', default: 'TIMESTAMP_NTZ', description: 'The TIMESTAMP_* variation that the TIMESTAMP data type alias maps to.',
    parse: parameterTimestampMapping,
    get: (t) => t.timestampTypeMapping,
    set: (t, v) => { t.timestampTypeMapping = v; },
  }),
  // Accepted only as TRUE (the SQL API's AUTOCOMMIT); FALSE is refused with the reason.
  declare<true>('AUTOCOMMIT', {
    type: 'BOOLEAN', default: 'true', description: 'The autocommit property determines whether a DML statement, when executed without an active transaction, is automatically committed after the statement successfully completes.',
    parse: requireAutocommit,
    get: () => true,
    set: () => {},
  }),
  declare<string>('QUERY_TAG', {
    type: 'STRING', default: '', description: 'String (up to 4096 characters) used to tag statements',
    parse: (raw) => String(raw),
    get: (t) => t.queryTag,
    set: (t, v) => { t.queryTag = v!; },
  }),
  declare('ROWS_PER_RESULTSET', integer('rowsPerResultset', 0, 'maximum number of rows in a result set')),
  declare<boolean>('USE_CACHED_RESULT', {
    type: 'BOOLEAN', default: 'true', description: 'Whether to reuse persisted query results, if available, when a matching query is submitted.',
    parse: parameterBoolean,
    get: (t) => t.useCachedResult,
    set: (t, v) => { t.useCachedResult = v; },
  }),
  declare('STATEMENT_QUEUED_TIMEOUT_IN_SECONDS', integer('queuedTimeoutSec', 0, 'Timeout in seconds for queued statements: statements will automatically be canceled if they are queued on a warehouse for longer than this amount of time; disabled if set to zero.')),
  declare('CLIENT_RESULT_CHUNK_SIZE', integer('resultChunkMb', RESULT_CHUNK_MB.max, 'Parameter that specifies the maximum size of each set (or chunk) of query results to download (in MB)', RESULT_CHUNK_MB.min, RESULT_CHUNK_MB.max)),
  // A body's count is its request's; a session's (ALTER SESSION) counts later requests that give none.
  declare('MULTI_STATEMENT_COUNT', {
    ...integer('multiStatementCount', 1, 'Number of statements to execute when using the multi-statement capability: 0 for any number.'),
    unsetAbsent: true, perRequest: true,
  }),
  // Each statement's timeout is the value in force when it starts (lib/statements/service.ts).
  declare('STATEMENT_TIMEOUT_IN_SECONDS', {
    ...integer('statementTimeoutSec', 172_800, 'Timeout in seconds for statements: statements are automatically canceled if they run for longer; if set to zero, max value (604800) is enforced.'),
    serverDefault: { setting: 'FLOE_STATEMENT_TIMEOUT_S', value: () => String(defaultStatementTimeoutSec()) },
    // Setting or unsetting it ends the running request's body `timeout` standing in for it.
    set: (t, v) => { t.statementTimeoutSec = v; t.requestTimeoutSec = undefined; },
  }),
];

export const SESSION_PARAMETERS: ReadonlyMap<string, SessionParameter> = new Map(TABLE.map((p) => [p.name, p]));
