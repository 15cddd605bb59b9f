// PostgreSQL failures (as node-postgres reports them: SQLSTATE, message, fields) in Snowflake's
// words. The engine's tests (tests/pg) get these from a real server; here the rules PostgreSQL
// is hard to make fail on demand (connection states, disk, deadlock).
import { describe, expect, it } from 'vitest';
import { mapPostgresError } from '@/lib/engine/postgres/postgres-errors';
import { isPostgresUnreachable, stateError, UNREACHABLE } from '@/lib/storage/state-schema';

describe('mapPostgresError', () => {
  it('tells a cancel from a statement timeout (both 57014)', () => {
    expect(mapPostgresError({ code: '57014', message: 'canceling statement due to user request' }, 5000)).toEqual({ code: '000604', sqlState: '57014', message: 'SQL execution canceled' });
    expect(mapPostgresError({ code: '57014', message: 'canceling statement due to statement timeout' }, 90_500)).toEqual({
      code: '000630', sqlState: '57014', message: 'Statement reached its statement or warehouse timeout of 91 second(s) and was canceled.',
    });
  });

  it('answers a lost or refused connection as the engine being unavailable', () => {
    for (const e of [{ message: 'connect ECONNREFUSED 127.0.0.1:5432' }, { code: 'ECONNRESET', message: 'read ECONNRESET' }, { code: 'EPIPE', message: 'write EPIPE' }, { code: '57P01', message: 'terminating connection due to administrator command' }, { code: '08006', message: 'connection failure' }]) {
      expect(mapPostgresError(e)).toMatchObject({ code: '000603', sqlState: 'XX000', message: expect.stringMatching(/PostgreSQL engine is unavailable/) });
    }
  });

  it('names the resource a full disk or exhausted memory is', () => {
    expect(mapPostgresError({ code: '53100', message: 'could not extend file' })).toMatchObject({ code: '300001', sqlState: '53100' });
    expect(mapPostgresError({ code: '53200', message: 'out of memory' })).toMatchObject({ code: '300003', sqlState: '53200' });
  });

  it('says what kind of value was not recognized', () => {
    expect(mapPostgresError({ code: '22P02', message: 'invalid input syntax for type boolean: "maybe"' })).toEqual({ code: '100037', sqlState: '22018', message: "Boolean value 'maybe' is not recognized" });
    expect(mapPostgresError({ code: '22007', message: 'invalid input syntax for type timestamp: "soon"' })).toEqual({ code: '100040', sqlState: '22007', message: "Timestamp 'soon' is not recognized" });
  });

  it('fails closed on a string PARSE_JSON kept with a lone surrogate or NUL escape, which no PostgreSQL text holds', () => {
    const closed = { code: '002140', sqlState: '42601', message: "SQL compilation error:\nUnsupported feature 'a lone surrogate or NUL character in a string' on the PostgreSQL engine." };
    expect(mapPostgresError({ code: '22P02', message: 'invalid input syntax for type json', detail: 'Unicode low surrogate must follow a high surrogate.' })).toEqual(closed);
    expect(mapPostgresError({ code: '22P05', message: 'unsupported Unicode escape sequence', detail: '\\u0000 cannot be converted to text.' })).toEqual(closed);
    expect(mapPostgresError({ code: '22P02', message: 'invalid input syntax for type json', detail: 'Token "x" is invalid.' }).code).toBe('100069');
  });

  it('passes on a Floe function\'s marked error, whatever its SQLSTATE', () => {
    expect(mapPostgresError({ code: 'P0001', message: 'FLOE|100051|22012|Division by zero' })).toEqual({ code: '100051', sqlState: '22012', message: 'Division by zero' });
  });

  it('answers misplaced window functions, set operations of unequal width and aggregates in WHERE as Snowflake does', () => {
    expect(mapPostgresError({ code: '42809', message: 'window function row_number requires an OVER clause' }))
      .toMatchObject({ code: '002140', message: expect.stringMatching(/Window function \[ROW_NUMBER\] must have an OVER clause/) });
    expect(mapPostgresError({ code: '42P20', message: 'window functions are not allowed in WHERE' })).toMatchObject({ code: '002140', sqlState: '42601' });
    expect(mapPostgresError({ code: '42704', message: 'window "w" does not exist' }).message).toMatch(/Window 'W' is not defined/);
    expect(mapPostgresError({ code: '42P20', message: 'frame starting from following row cannot have preceding rows' }).message).toMatch(/Invalid window frame/);
    expect(mapPostgresError({ code: '42601', message: 'each UNION query must have the same number of columns' })).toMatchObject({ code: '001789', sqlState: '42601' });
    expect(mapPostgresError({ code: '42803', message: 'aggregate functions are not allowed in WHERE' })).toMatchObject({ code: '002035', sqlState: '42601' });
    expect(mapPostgresError({ code: '42P01', message: 'missing FROM-clause entry for table "NOPE"' })).toMatchObject({ code: '000904', message: expect.stringMatching(/invalid identifier 'NOPE'/) });
  });

  it('never shows PostgreSQL\'s text for what no rule maps', () => {
    const e = mapPostgresError({ code: 'XX001', message: 'invalid page in block 7 of relation base/1/t42' });
    expect(e.code).toBe('000603');
    expect(e.message).not.toMatch(/t42/);
  });
  it('refuses to call a server error or a bug of ours "unavailable, try again"', () => {
    // Class 53/57 states that retrying does not cure were answered as the engine being unavailable before.
    for (const e of [{ code: '57P04', message: 'terminating connection because the database was dropped' }, { code: '53000', message: 'insufficient resources' }, new TypeError("Cannot read properties of undefined (reading 'rows')")]) {
      expect(mapPostgresError(e).message).not.toMatch(/unavailable/);
    }
    expect(mapPostgresError({ code: '53400', message: 'temporary file size exceeds temp_file_limit (1024kB)' })).toMatchObject({ code: '300001', sqlState: '53100', message: expect.stringMatching(/temp_file_limit/) });
  });
});

// One rule decides "PostgreSQL is unreachable" for statements (000603, try again) and for the
// shared state (StorageError UNREACHABLE: 503 with Retry-After, lib/http/guard.ts).
describe('isPostgresUnreachable', () => {
  const down = [
    { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, { message: 'connect ECONNREFUSED 127.0.0.1:5432' }, { code: 'ECONNRESET', message: 'read ECONNRESET' },
    { code: '57P01', message: 'terminating connection due to administrator command' }, { code: '57P03', message: 'the database system is starting up' },
    { code: '08006', message: 'connection failure' }, { code: '53300', message: 'sorry, too many clients already' },
    new Error('Connection terminated unexpectedly'), new Error('timeout exceeded when trying to connect'), new Error('Client has encountered a connection error and is not queryable'),
  ];
  const refused = [
    { code: '57014', message: 'canceling statement due to user request' }, { code: '42P01', message: 'relation "x" does not exist' }, { code: '57P04', message: 'terminating connection because the database was dropped' },
    { code: '53100', message: 'could not extend file' }, { code: 'XX001', message: 'invalid page' }, new TypeError('x is not a function'), new Error('record is not JSON'),
  ];

  it('is the same answer for statements and for the shared state', () => {
    for (const e of down) {
      expect(isPostgresUnreachable(e), e.message).toBe(true);
      expect(mapPostgresError(e).message).toMatch(/PostgreSQL engine is unavailable/);
      expect(stateError(e, 'read').errno).toBe(UNREACHABLE);
    }
    for (const e of refused) {
      expect(isPostgresUnreachable(e), e.message).toBe(false);
      expect(mapPostgresError(e).message).not.toMatch(/unavailable/);
      expect(stateError(e, 'read').errno).not.toBe(UNREACHABLE);
    }
  });

  it('answers a server out of connections as unreachable for the shared state too (it was a 500)', () => {
    expect(stateError({ code: '53300', message: 'sorry, too many clients already' }, 'shared statement registry read')).toMatchObject({ errno: UNREACHABLE, resource: { code: '300006' } });
  });
});
