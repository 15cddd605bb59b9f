import {
  cancelledError, compilation, generic, identifier, markedError, noSuchObject, notNullViolation, outOfRange, ROW_VALUE_MISUSED, stringTooLong, syntaxError,
  tooDeeplyNested, tooManyBindings, tooManyColumns, uniqueViolation, unknownFunction, unmappedError, unquote,
} from './engine-errors';
import { MAX_PARAMETERS } from './limits';
import type { EngineError } from './types';

/**
 * Errors raised by Floe's own SQL functions carry their Snowflake code in the message as
 * `FLOE|code|sqlState|message` (engine-errors.ts markedError), because an SQLite user function can only fail with text.
 */
export function udfError(code: string, sqlState: string, message: string): Error {
  return new Error(`FLOE|${code}|${sqlState}|${message}`);
}

/**
 * SQLite's failures in Snowflake's words. Most are caught while compiling; these are what
 * gets past the compiler (a name SQLite resolves differently, a construct it rejects late).
 */
const RULES: [RegExp, (m: RegExpExecArray) => EngineError][] = [
  [/^no such column: (.+)$/, (m) => identifier('invalid identifier', m[1])],
  [/^ambiguous column name: (.+)$/, (m) => identifier('ambiguous column name', m[1])],
  [/^cannot join using column (.+?) - column not present in both tables/, (m) => identifier('invalid identifier', m[1])],
  [/^no such function: (.+)$/, (m) => unknownFunction(m[1])],
  [/^no such table: (.+)$/, (m) => noSuchObject(m[1])],
  [/NOT NULL constraint failed: [^.]+\.(.+)$/, (m) => notNullViolation(m[1])],
  [/UNIQUE constraint failed/, () => uniqueViolation],
  [/interrupted|cancel/i, () => cancelledError],
  [/do not have the same number of result columns/, () => compilation('001789', '42601', 'invalid number of result columns for set operator input branches')],
  [/^misuse of aggregate(?: function)? (\w+)/, (m) => compilation('002035', '42601', `Invalid aggregate function in where clause [${m[1].toUpperCase()}]`)],
  [/^misuse of window function (\w+)/, (m) => generic(`Window function [${m[1].toUpperCase()}] must have an OVER clause and appear only in SELECT, QUALIFY and ORDER BY clauses.`)],
  [/^wrong number of arguments to function (\w+)/, (m) => generic(`Invalid number of arguments for function [${m[1].toUpperCase()}].`)],
  [/^HAVING clause on a non-aggregate query/, () => generic('HAVING clause requires an aggregate query.')],
  [/^sub-select returns (\d+) columns - expected 1/, (m) => generic(`Subquery returns ${m[1]} columns where one value is expected.`)],
  [/^(\d+)\w* (ORDER|GROUP) BY term out of range - should be between 1 and (\d+)/,
    (m) => generic(`Position ${m[1]} in ${m[2]} BY is out of range: the select list has ${m[3]} column(s).`)],
  [/^row value misused/, () => generic(ROW_VALUE_MISUSED)],
  [/^a NATURAL join may not have an ON or USING clause/, () => generic('A NATURAL join cannot have an ON or USING clause.')],
  [/^no such window: (.+)$/, (m) => generic(`Window '${unquote(m[1])}' is not defined.`)],
  [/^(?:unsupported frame specification|frame starting offset must be|frame ending offset must be)/, () => generic('Invalid window frame.')],
  [/^datatype mismatch/, () => generic('Expression type does not match the type expected here.')],
  [/ has \d+ columns but \d+ values were supplied|values were supplied/, () => compilation('002020', '21S01', 'Insert value list does not match column list')],
  [/^unrecognized token: "(.*)"$/s, (m) => syntaxError(m[1])],
  [/^near "(.*)": syntax error/, (m) => syntaxError(m[1])],
  [/^(?:incomplete input|syntax error)/, () => syntaxError(null)],
  [/^(?:Invalid string length|string or blob too big)/, () => stringTooLong],
  [/^Expression tree is too large/, () => tooDeeplyNested],
  // (SQLITE_MAX_COLUMN: 2,000 in sql.js's build; its message names no number.)
  [/^too many columns in result set/, () => tooManyColumns('result', 2000)],
  [/^too many columns on /, () => tooManyColumns('table', 2000)],
  [/^(?:at most (\d+) tables in a join|too many FROM clause terms, max: (\d+))/, (m) => compilation('001003', '42000',
    `Statement too complex: a query joins more than ${m[1] ?? m[2]} tables (the embedded engine's limit, subqueries it merges into the join included). Join them in steps: a subquery, a CTE or a temporary table.`)],
  [/^(?:too many SQL variables|variable number must be between \?1 and \?(\d+))/, (m) => tooManyBindings(null, Number(m[1] ?? MAX_PARAMETERS.sqlite))],
  // SQLite's "out of memory" is its heap limit: the worker maps it to the statement memory limit.
  [/^(?:integer overflow|Maximum BigInt size exceeded|10\^\d+ is out of range)/, () => outOfRange],
  [/^(?:ValueConversionError: )?Invalid path: (.*)$/s, (m) => generic(`Invalid extraction path '${m[1]}'.`)],
  // SQLite's JSON functions (under ARRAY_AGG, OBJECT_AGG, LISTAGG, MODE, …) take no BLOBs.
  [/^JSON cannot hold BLOB values/, () => generic('BINARY values cannot be aggregated by this function in Floe; convert them with TO_VARCHAR first.')],
];

/** Maps an SQLite (or Floe function) failure message onto Snowflake's code, state and text. */
export function mapSqliteError(raw: string): EngineError {
  const marked = markedError(raw);
  if (marked) return marked;
  const msg = raw.replace(/^(?:Error|RangeError):\s*/, '');
  for (const [re, to] of RULES) {
    const m = re.exec(msg);
    if (m) return to(m);
  }
  return unmappedError('engine', msg);
}
