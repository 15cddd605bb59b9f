/**
 * Session parameters: ALTER SESSION SET / UNSET and the rows of SHOW PARAMETERS. Parameters Floe
 * does not act on are accepted and reported (tools send them before anything else).
 */
import type { OutputFormats } from '@/lib/values';
import { SqlError } from '../errors';
import { parameterBoolean, parameterInteger, parameterTimestampMapping, requireAutocommit, RESULT_CHUNK_MB, type Session } from '../session';
import { TokenReader } from './reader';
import type { Command } from './types';

interface Known {
  default: string;
  type: 'STRING' | 'NUMBER' | 'BOOLEAN';
  description: string;
  get(s: Session): string;
  set(s: Session, v: string): void;
}

const format = (key: keyof OutputFormats, def: string, description: string): Known => ({
  default: def,
  type: 'STRING',
  description,
  get: (s) => String(s.formats[key] ?? def),
  set: (s, v) => { (s.formats as unknown as Record<string, string | undefined>)[key] = v === def ? undefined : v; },
});

const invalid = (key: string, v: string) => new SqlError('002031', '22023', `Invalid value [${v}] for parameter '${key}'`);

/** An integer parameter of the week settings, in [0, max]. */
const weekSetting = (key: string, field: 'weekStart' | 'weekOfYearPolicy', max: number, description: string): Known => ({
  default: '0', type: 'NUMBER', description,
  get: (s) => String(s[field] ?? 0),
  set: (s, v) => {
    const n = parameterInteger(v, 0, max);
    if (n === null) throw invalid(key, v);
    s[field] = n;
  },
});

const KNOWN: Record<string, Known> = {
  TIMEZONE: {
    default: 'America/Los_Angeles', type: 'STRING', description: 'time zone',
    get: (s) => s.formats.timezone,
    set: (s, v) => {
      try { new Intl.DateTimeFormat('en-US', { timeZone: v }); } catch { throw invalid('TIMEZONE', v); }
      s.formats.timezone = v;
    },
  },
  DATE_OUTPUT_FORMAT: format('dateOutputFormat', 'YYYY-MM-DD', 'display format for DATE'),
  TIME_OUTPUT_FORMAT: format('timeOutputFormat', 'HH24:MI:SS', 'display format for TIME'),
  TIMESTAMP_OUTPUT_FORMAT: format('timestampOutputFormat', 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM', 'display format for TIMESTAMP'),
  TIMESTAMP_NTZ_OUTPUT_FORMAT: format('timestampNtzOutputFormat', '', 'display format for TIMESTAMP_NTZ'),
  TIMESTAMP_LTZ_OUTPUT_FORMAT: format('timestampLtzOutputFormat', '', 'display format for TIMESTAMP_LTZ'),
  TIMESTAMP_TZ_OUTPUT_FORMAT: format('timestampTzOutputFormat', '', 'display format for TIMESTAMP_TZ'),
  BINARY_OUTPUT_FORMAT: format('binaryOutputFormat', 'HEX', 'display format for binary values'),
  WEEK_START: weekSetting('WEEK_START', 'weekStart', 7, 'The first day of the week (0: legacy Snowflake behavior, 1 = Monday … 7 = Sunday).'),
  WEEK_OF_YEAR_POLICY: weekSetting('WEEK_OF_YEAR_POLICY', 'weekOfYearPolicy', 1, 'How weeks of a year are computed (0: ISO-like, 1: the week holding January 1 is week 1).'),
  TIMESTAMP_TYPE_MAPPING: {
    default: 'TIMESTAMP_NTZ', type: 'STRING', description: 'The TIMESTAMP_* variation that the TIMESTAMP data type alias maps to.',
    get: (s) => s.timestampTypeMapping ?? 'TIMESTAMP_NTZ',
    set: (s, v) => {
      const m = parameterTimestampMapping(v);
      if (m === null) throw invalid('TIMESTAMP_TYPE_MAPPING', v);
      s.timestampTypeMapping = m;
    },
  },
  AUTOCOMMIT: { default: 'true', type: 'BOOLEAN', description: 'The autocommit property determines whether a DML statement, when executed without an active transaction, is automatically committed after the statement successfully completes.', get: () => 'true', set: (_s, v) => requireAutocommit(v) },
  QUERY_TAG: { default: '', type: 'STRING', description: 'String (up to 4096 characters) used to tag statements', get: (s) => s.queryTag, set: (s, v) => { s.queryTag = v; } },
  ROWS_PER_RESULTSET: {
    default: '0', type: 'NUMBER', description: 'maximum number of rows in a result set',
    get: (s) => String(s.rowsPerResultset),
    set: (s, v) => {
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < 0) throw invalid('ROWS_PER_RESULTSET', v);
      s.rowsPerResultset = n;
    },
  },
  USE_CACHED_RESULT: {
    default: 'true', type: 'BOOLEAN', description: 'Whether to reuse persisted query results, if available, when a matching query is submitted.',
    get: (s) => String(s.useCachedResult !== false),
    set: (s, v) => {
      const b = parameterBoolean(v);
      if (b === null) throw invalid('USE_CACHED_RESULT', v);
      s.useCachedResult = b;
    },
  },
  STATEMENT_QUEUED_TIMEOUT_IN_SECONDS: {
    default: '0', type: 'NUMBER', description: 'Timeout in seconds for queued statements: statements will automatically be canceled if they are queued on a warehouse for longer than this amount of time; disabled if set to zero.',
    get: (s) => String(s.queuedTimeoutSec ?? 0),
    set: (s, v) => {
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < 0) throw new SqlError('002031', '22023', `Invalid value [${v}] for parameter 'STATEMENT_QUEUED_TIMEOUT_IN_SECONDS'`);
      s.queuedTimeoutSec = n;
    },
  },
  CLIENT_RESULT_CHUNK_SIZE: {
    default: String(RESULT_CHUNK_MB.max), type: 'NUMBER', description: 'Parameter that specifies the maximum size of each set (or chunk) of query results to download (in MB)',
    get: (s) => String(s.resultChunkMb),
    set: (s, v) => {
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < RESULT_CHUNK_MB.min || n > RESULT_CHUNK_MB.max) throw invalid('CLIENT_RESULT_CHUNK_SIZE', v);
      s.resultChunkMb = n;
    },
  },
};

/** key, value, default, level, description, type — for SHOW PARAMETERS. */
export function sessionParameterRows(s: Session): string[][] {
  const rows = Object.entries(KNOWN).map(([k, p]) => {
    const v = p.get(s);
    return [k, v, p.default, v === p.default ? '' : 'SESSION', p.description, p.type];
  });
  for (const [k, v] of Object.entries(s.otherParameters)) rows.push([k, v, '', 'SESSION', '', 'STRING']);
  return rows;
}

function valueText(r: TokenReader): string {
  const t = r.peek();
  if (!t) r.fail();
  if (t.kind === 'string') return r.string();
  if (t.kind === 'number') { r.integer(); return t.text; }
  return r.ident();
}

export const alterSessionCommand: Command = {
  name: 'ALTER SESSION',
  matches: (w) => w[0] === 'ALTER' && w[1] === 'SESSION',
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    r.expect('ALTER', 'SESSION');
    const changes: [string, string | null][] = [];
    if (r.accept('SET')) {
      do {
        const key = r.ident().toUpperCase();
        r.acceptPunct('=');
        changes.push([key, valueText(r)]);
      } while (r.acceptPunct(','));
    } else {
      r.expect('UNSET');
      do changes.push([r.ident().toUpperCase(), null]); while (r.acceptPunct(','));
    }
    r.end();
    return {
      kind: 'session',
      apply(session) {
        for (const [key, value] of changes) {
          const known = KNOWN[key];
          if (known) known.set(session, value ?? known.default);
          else if (value === null) delete session.otherParameters[key];
          else session.otherParameters[key] = value;
        }
        return 'Statement executed successfully.';
      },
    };
  },
};
