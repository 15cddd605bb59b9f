/**
 * PostgreSQL's failures in Snowflake's words, by SQLSTATE (the twin of ../sqlite-errors.ts, which
 * has only SQLite's message text to go by). A rule may look at the message and the fields
 * PostgreSQL names (column, table) to say more; Floe's own functions raise their Snowflake error
 * marked in the message (../engine-errors.ts markedError), whatever their SQLSTATE.
 */
import { resourceError } from '@/lib/limits/resource-errors';
import { isPostgresUnreachable } from '@/lib/storage/state-schema';
import {
  cancelledError, compilation, generic, identifier, markedError, noSuchObject, notNullViolation, outOfRange, stringTooLong, syntaxError,
  tooManyColumns, uniqueViolation, unknownFunction, unmappedError,
} from '../engine-errors';
import type { EngineError } from '../types';

/** The parts of a pg DatabaseError the rules read. */
export interface PgError {
  code?: string;
  message: string;
  column?: string;
  table?: string;
  detail?: string;
}

const quoted = (message: string) => /"([^"]*)"/.exec(message)?.[1];

/**
 * A VARIANT string holding a lone surrogate or NUL escape (PARSE_JSON keeps them as sql.js does)
 * read as text: no PostgreSQL text holds the character, so it fails closed (listed in
 * lib/engine/postgres/functions/index.ts).
 */
const noTextForm = compilation('002140', '42601', "Unsupported feature 'a lone surrogate or NUL character in a string' on the PostgreSQL engine.");

/** "invalid input syntax for type integer: \"abc\"": Snowflake names the kind of value. */
function badInput(message: string, detail = ''): EngineError {
  if (/^invalid input syntax for type jsonb?$/.test(message)) {
    // PostgreSQL's JSON errors name no value (its DETAIL says what is wrong).
    return /surrogate/.test(detail) ? noTextForm : { code: '100069', sqlState: '22P02', message: 'Error parsing JSON' };
  }
  const m = /type (\w[\w ]*?): "(.*)"$/s.exec(message);
  const [type, value] = m ? [m[1], m[2]] : ['', ''];
  if (/^(?:integer|bigint|smallint|numeric|real|double precision)$/.test(type)) return { code: '100038', sqlState: '22018', message: `Numeric value '${value}' is not recognized` };
  if (type === 'boolean') return { code: '100037', sqlState: '22018', message: `Boolean value '${value}' is not recognized` };
  if (/^(?:date|time|timestamp)/.test(type)) return { code: '100040', sqlState: '22007', message: `${type.startsWith('date') ? 'Date' : type.startsWith('timestamp') ? 'Timestamp' : 'Time'} '${value}' is not recognized` };
  if (/^jsonb?$/.test(type)) return { code: '100069', sqlState: '22P02', message: `Error parsing JSON: ${value.slice(0, 100)}` };
  return generic(`Value '${value}' is not recognized as ${type || 'this type'}.`);
}

/** Snowflake's words for a window function out of place (sqlite-errors.ts says the same). */
const windowMisplaced = (name?: string) =>
  generic(`Window function ${name ? `[${name.toUpperCase()}] ` : ''}must have an OVER clause and appear only in SELECT, QUALIFY and ORDER BY clauses.`);

const unavailable = (why: string): EngineError =>
  ({ code: '000603', sqlState: 'XX000', message: `SQL execution internal error:\nThe PostgreSQL engine is unavailable (${why}); try again.` });

/** Exact SQLSTATEs first, then classes (the first two characters). */
const BY_STATE: Record<string, (e: PgError) => EngineError> = {
  '22012': () => ({ code: '100051', sqlState: '22012', message: 'Division by zero' }),
  '22003': () => outOfRange,
  '22001': () => stringTooLong,
  '22P02': (e) => badInput(e.message, e.detail),
  // untranslatable_character: a \u0000 escape read as text.
  '22P05': () => noTextForm,
  '22007': (e) => badInput(e.message),
  '22008': () => ({ code: '100040', sqlState: '22007', message: 'Date or timestamp out of range' }),
  '23502': (e) => notNullViolation(e.column ?? quoted(e.message) ?? '?'),
  '23505': () => uniqueViolation,
  '21000': () => ({ code: '090150', sqlState: '22000', message: 'Single-row subquery returns more than one row.' }),
  '42P01': (e) => {
    // `SELECT NOPE.A FROM T`: a qualifier naming no table of the query is an invalid identifier.
    const missing = /^missing FROM-clause entry for table "(.*)"$/.exec(e.message)?.[1];
    return missing !== undefined ? identifier('invalid identifier', missing) : noSuchObject(quoted(e.message) ?? e.table ?? '?');
  },
  '42703': (e) => identifier('invalid identifier', quoted(e.message) ?? /column (\S+) does not exist/.exec(e.message)?.[1] ?? '?'),
  '42702': (e) => identifier('ambiguous column name', quoted(e.message) ?? '?'),
  '42883': (e) => {
    const fn = /^function (\w+)\(/.exec(e.message)?.[1];
    return fn ? unknownFunction(fn) : generic('Invalid argument types for this operator or function.');
  },
  '42601': (e) => {
    if (/^each \w+ query must have the same number of columns/.test(e.message)) return compilation('001789', '42601', 'invalid number of result columns for set operator input branches');
    const near = /at or near "(.*)"$/s.exec(e.message)?.[1];
    return syntaxError(near ?? null);
  },
  '42803': (e) => /^aggregate functions are not allowed in WHERE/.test(e.message)
    ? compilation('002035', '42601', 'Invalid aggregate function in where clause')
    : compilation('000979', '42601', `${quoted(e.message) ?? 'An expression'} is not a valid group by expression`),
  '42809': (e) => {
    const fn = /^window function (\w+) requires an OVER clause/.exec(e.message)?.[1];
    return fn ? windowMisplaced(fn) : generic('Expression type does not match the type expected here.');
  },
  // windowing_error: a window function in WHERE / GROUP BY / …, an undefined named window, a bad frame.
  '42704': (e) => {
    const name = /^window "(.*)" does not exist/.exec(e.message)?.[1];
    return name !== undefined ? generic(`Window '${name.toUpperCase()}' is not defined.`) : unmappedError('PostgreSQL', `42704 ${e.message}`);
  },
  '42P20': (e) => {
    const name = /^window "(.*)" does not exist/.exec(e.message)?.[1];
    if (name !== undefined) return generic(`Window '${name.toUpperCase()}' is not defined.`);
    if (/^window functions are not allowed in/.test(e.message)) return windowMisplaced();
    return generic('Invalid window frame.');
  },
  '42804': () => generic('Expression type does not match the type expected here.'),
  '42P10': () => generic('Position in ORDER BY or GROUP BY is out of range.'),
  '40001': () => ({ code: '000625', sqlState: '40001', message: 'Statement aborted: it conflicted with a concurrent transaction; run it again.' }),
  '40P01': () => ({ code: '000625', sqlState: '40001', message: 'Statement aborted: it deadlocked with a concurrent transaction; run it again.' }),
  // too_many_columns: 1,600 columns a table, 1,664 entries a target list.
  '54011': (e) => {
    const table = /tables can have at most (\d+) columns/.exec(e.message);
    const result = /target lists can have at most (\d+) entries/.exec(e.message);
    return table ? tooManyColumns('table', Number(table[1])) : result ? tooManyColumns('result', Number(result[1])) : unmappedError('PostgreSQL', `54011 ${e.message}`);
  },
  '53100': () => resourceError('disk', 'the PostgreSQL server\'s disk is full'),
  '53200': () => resourceError('statementMemory', 'the PostgreSQL server ran out of memory'),
  // configuration_limit_exceeded: above all a statement's temporary files beyond the server's temp_file_limit.
  '53400': (e) => (/temp_file_limit/.test(e.message) ? resourceError('disk', `the PostgreSQL server's temp_file_limit: ${e.message}`) : unmappedError('PostgreSQL', `53400 ${e.message}`)),
};

/**
 * Maps a PostgreSQL (or connection) failure onto Snowflake's code, state and text.
 * 57014 is both a cancel and PostgreSQL's statement_timeout: the latter names `timeoutMs`.
 */
export function mapPostgresError(e: PgError, timeoutMs?: number): EngineError {
  const marked = markedError(e.message);
  if (marked) return marked;
  const state = e.code ?? '';
  if (state === '57014') {
    if (!/statement timeout/.test(e.message) || !timeoutMs) return cancelledError;
    // Snowflake's own text (lib/sql/errors.ts timedOut).
    const seconds = Math.ceil(timeoutMs / 1000);
    return { code: '000630', sqlState: '57014', message: `Statement reached its statement or warehouse timeout of ${seconds} second(s) and was canceled.` };
  }
  const rule = BY_STATE[state];
  if (rule) return rule(e);
  if (isPostgresUnreachable(e)) return unavailable(state.startsWith('08') ? `connection: ${e.message}` : e.message);
  return unmappedError('PostgreSQL', `${state} ${e.message}`);
}
