// The session-parameter table (lib/sql/session-parameters) walked entry by entry: every default
// passes its own check, SHOW PARAMETERS lists what ALTER SESSION may set, a request body may set
// what is marked so (and nothing else), and the body and ALTER SESSION take exactly the same values.
import { describe, expect, test } from 'vitest';
import { SqlError } from '@/lib/sql/errors';
import type { Session } from '@/lib/sql/session';
import { applyGivenParameters, echoedParameters, parseParameters, REQUEST_PARAMETERS, SESSION_PARAMETERS, sessionFields, sessionParameterRows, setSessionParameter, statementTimeoutOf, UnknownParameter, type RequestParameters } from '@/lib/sql/session-parameters';

const ALL = [...SESSION_PARAMETERS.values()];

/** A session as a request without parameters starts it (lib/statements/session-setup.ts). */
function freshSession(params: RequestParameters = parseParameters({})): Session {
  return { id: 's', user: 'U', role: 'PUBLIC', warehouse: null, database: null, schema: null, ...sessionFields(params), lastQueryId: null, otherParameters: {}, variables: {} };
}

/** What a value does: the error it raises, or the session-level fields it leaves. */
function outcome(run: () => Session): unknown {
  try {
    const s = run();
    return { formats: s.formats, rest: [s.rowsPerResultset, s.resultChunkMb, s.queryTag, s.useCachedResult, s.queuedTimeoutSec, s.weekStart, s.weekOfYearPolicy, s.timestampTypeMapping, s.inputFormats, s.statementTimeoutSec] };
  } catch (e) {
    if (e instanceof SqlError) return { code: e.code, sqlState: e.sqlState, message: e.message };
    throw e;
  }
}

const rowOf = (s: Session, name: string) => sessionParameterRows(s).find((r) => r[0] === name);

describe.each(ALL.map((p) => [p.name, p] as const))('%s', (name, p) => {
  test('is declared once, upper-case, with a type, description and level', () => {
    expect(name).toBe(name.toUpperCase());
    expect(['BOOLEAN', 'NUMBER', 'STRING', 'ENUM']).toContain(p.type);
    expect(p.description.length).toBeGreaterThan(5);
    expect(p.request || p.session).toBe(true);
  });

  test('its default passes its own check and is what a fresh session reads', () => {
    expect(() => p.check(p.default)).not.toThrow();
    const s = freshSession();
    if (p.session) expect(p.read(s)).toBe(p.default);
    // (A server's setting stands for the default while unset: here none is configured.)
    expect(p.read(parseParameters({}))).toBe(p.default);
  });

  test('SHOW PARAMETERS lists it exactly when ALTER SESSION may set it', () => {
    const s = freshSession();
    const row = rowOf(s, name);
    if (!p.session) {
      expect(row).toBeUndefined();
      return;
    }
    expect(row).toEqual([name, p.default, p.default, '', p.description, p.type === 'ENUM' ? 'STRING' : p.type]);
    // Set to its default and unset again: still listed, not kept as an unknown parameter.
    setSessionParameter(s, name, p.default);
    setSessionParameter(s, name, null);
    expect(rowOf(s, name)?.slice(0, 4)).toEqual([name, p.default, p.default, '']);
    expect(s.otherParameters).toEqual({});
  });

  test('a request body may set it exactly when it is marked so (any case)', () => {
    const lower = name.toLowerCase();
    expect(REQUEST_PARAMETERS.includes(lower)).toBe(p.request);
    if (p.request) {
      expect(() => parseParameters({ [lower]: p.default })).not.toThrow();
      expect(() => parseParameters({ [name]: p.default })).not.toThrow();
    } else {
      expect(() => parseParameters({ [name]: p.default })).toThrow(UnknownParameter);
    }
  });

  test('an invalid value is the same error from the body and from ALTER SESSION', () => {
    if (!p.request || !p.session) return;
    const samples = ['x', '', '0x40', '1e2', '-1', ' 5 ', '0', '1', '7', '48', '100', '160', '500', 'false', 'OFF', 'true', 'TIMESTAMP_LTZ', 'timestamp_tz', 'UTC', 'Europe/Berlin', 'No/Such_Zone', 'DD.MM.YYYY'];
    for (const v of [...samples, p.default]) {
      const viaBody = outcome(() => freshSession(parseParameters({ [name]: v })));
      const viaAlter = outcome(() => {
        const s = freshSession();
        setSessionParameter(s, name, v);
        return s;
      });
      expect(viaAlter, `${name} = '${v}'`).toEqual(viaBody);
    }
  });
});

test('an unknown key is refused in a body and kept by ALTER SESSION', () => {
  expect(() => parseParameters({ NO_SUCH_PARAMETER: 'x' })).toThrow(/Unsupported session parameter 'NO_SUCH_PARAMETER' in 'parameters'\. A request may set: .*query_tag/);
  const s = freshSession();
  setSessionParameter(s, 'SOME_TOOL_SETTING', '7');
  expect(rowOf(s, 'SOME_TOOL_SETTING')).toEqual(['SOME_TOOL_SETTING', '7', '', 'SESSION', '', 'STRING']);
  setSessionParameter(s, 'SOME_TOOL_SETTING', null);
  expect(rowOf(s, 'SOME_TOOL_SETTING')).toBeUndefined();
});

test('the messages tests and clients rely on', () => {
  expect(() => parseParameters({ week_start: 8 })).toThrow("Invalid value [8] for parameter 'WEEK_START'");
  expect(() => parseParameters({ AUTOCOMMIT: false })).toThrow(/Unsupported feature 'AUTOCOMMIT = FALSE'/);
  const s = freshSession();
  expect(() => setSessionParameter(s, 'CLIENT_RESULT_CHUNK_SIZE', '0x40')).toThrow("Invalid value [0x40] for parameter 'CLIENT_RESULT_CHUNK_SIZE'");
  expect(() => setSessionParameter(s, 'ROWS_PER_RESULTSET', '')).toThrow("Invalid value [] for parameter 'ROWS_PER_RESULTSET'");
});

test('input formats: AUTO or a format model (kept as given), HEX/BASE64/UTF-8; anything else is 002031; UNSET drops them', () => {
  const s = freshSession();
  for (const [name, value] of [['TIMESTAMP_INPUT_FORMAT', 'DD/MM/YYYY HH24:MI'], ['DATE_INPUT_FORMAT', 'MM/DD/YYYY'], ['TIME_INPUT_FORMAT', 'HH12:MI AM'], ['TIMESTAMP_TZ_INPUT_FORMAT', 'auto'], ['BINARY_INPUT_FORMAT', 'utf8']]) {
    setSessionParameter(s, name, value);
  }
  expect(s.inputFormats).toEqual({ timestamp: 'DD/MM/YYYY HH24:MI', date: 'MM/DD/YYYY', time: 'HH12:MI AM', timestampTz: 'auto', binary: 'UTF-8' });
  expect(s.otherParameters).toEqual({});
  for (const [name, value] of [['DATE_INPUT_FORMAT', 'xyz'], ['TIME_INPUT_FORMAT', ''], ['TIMESTAMP_NTZ_INPUT_FORMAT', '"quoted only"'], ['BINARY_INPUT_FORMAT', 'BASE32']]) {
    expect(() => setSessionParameter(s, name, value), name).toThrow(`Invalid value [${value}] for parameter '${name}'`);
  }
  // A variation may be '' (not set: TIMESTAMP_INPUT_FORMAT's); the object is replaced, never changed in place.
  const before = s.inputFormats;
  setSessionParameter(s, 'TIMESTAMP_TZ_INPUT_FORMAT', '');
  expect(before!.timestampTz).toBe('auto');
  for (const name of ['TIMESTAMP_INPUT_FORMAT', 'DATE_INPUT_FORMAT', 'TIME_INPUT_FORMAT', 'TIMESTAMP_TZ_INPUT_FORMAT']) setSessionParameter(s, name, null);
  expect(s.inputFormats).toEqual({ binary: 'UTF-8' });
  setSessionParameter(s, 'BINARY_INPUT_FORMAT', null);
  expect(s.inputFormats).toBeUndefined();
});

test("MULTI_STATEMENT_COUNT: a body's is its request's; ALTER SESSION's is the session's", () => {
  const p = parseParameters({ MULTI_STATEMENT_COUNT: '0' });
  expect(p.multiStatementCount).toBe(0);
  expect(parseParameters({}).multiStatementCount).toBeUndefined();
  expect(freshSession(p).multiStatementCount).toBeUndefined();
  const s = freshSession();
  applyGivenParameters(s, { multi_statement_count: 3 });
  expect(s.multiStatementCount).toBeUndefined();
  setSessionParameter(s, 'MULTI_STATEMENT_COUNT', '5');
  expect([s.multiStatementCount, s.otherParameters]).toEqual([5, {}]);
  expect(rowOf(s, 'MULTI_STATEMENT_COUNT')?.slice(0, 4)).toEqual(['MULTI_STATEMENT_COUNT', '5', '1', 'SESSION']);
  setSessionParameter(s, 'MULTI_STATEMENT_COUNT', null);
  expect(s.multiStatementCount).toBeUndefined();
});

test('STATEMENT_TIMEOUT_IN_SECONDS in force: the request\'s `timeout`, else the session\'s, else the server\'s; 0 is the maximum', () => {
  const s = freshSession();
  expect(statementTimeoutOf(s)).toBe(172_800);
  applyGivenParameters(s, { statement_timeout_in_seconds: 30, QUERY_TAG: 't' });
  expect([statementTimeoutOf(s), s.queryTag]).toEqual([30, 't']);
  s.requestTimeoutSec = 5;
  expect(statementTimeoutOf(s)).toBe(5);
  // ALTER SESSION in the request takes over from the body's `timeout`.
  setSessionParameter(s, 'STATEMENT_TIMEOUT_IN_SECONDS', '0');
  expect([statementTimeoutOf(s), s.requestTimeoutSec]).toEqual([604_800, undefined]);
  setSessionParameter(s, 'STATEMENT_TIMEOUT_IN_SECONDS', null);
  expect(statementTimeoutOf(s)).toBe(172_800);
  expect(rowOf(s, 'STATEMENT_TIMEOUT_IN_SECONDS')?.slice(0, 4)).toEqual(['STATEMENT_TIMEOUT_IN_SECONDS', '172800', '172800', '']);
});

test('the echo: every output format and TIMEZONE, unset TIMESTAMP_* formats following TIMESTAMP_OUTPUT_FORMAT', () => {
  const ts = 'YYYY-MM-DD HH24:MI:SS.FF3 TZHTZM';
  expect(echoedParameters(freshSession())).toEqual({
    timezone: 'America/Los_Angeles', date_output_format: 'YYYY-MM-DD', time_output_format: 'HH24:MI:SS', timestamp_output_format: ts,
    timestamp_ntz_output_format: ts, timestamp_ltz_output_format: ts, timestamp_tz_output_format: ts, binary_output_format: 'HEX',
  });
  const s = freshSession(parseParameters({ TIMESTAMP_OUTPUT_FORMAT: 'YYYY', timestamp_tz_output_format: 'TZH', DATE_OUTPUT_FORMAT: ' ' }));
  expect(echoedParameters(s)).toMatchObject({ timestamp_ntz_output_format: 'YYYY', timestamp_ltz_output_format: 'YYYY', timestamp_tz_output_format: 'TZH', date_output_format: 'YYYY-MM-DD' });
  expect(Object.keys(echoedParameters(s)).sort()).toEqual(ALL.filter((p) => p.echo).map((p) => p.name.toLowerCase()).sort());
});
