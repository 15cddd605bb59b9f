import type { EngineError } from './types';

/**
 * Errors raised by Floe's own SQL functions carry their Snowflake code in the message as
 * `FLOE|code|sqlState|message`, because an SQLite user function can only fail with text.
 */
export function udfError(code: string, sqlState: string, message: string): Error {
  return new Error(`FLOE|${code}|${sqlState}|${message}`);
}

const unquote = (s: string) => s.replace(/^"|"$/g, '');
const compilation = (code: string, sqlState: string, text: string): EngineError => ({ code, sqlState, message: `SQL compilation error:\n${text}` });
/** Snowflake's generic compilation error, for what it would reject while compiling. */
const generic = (text: string) => compilation('002140', '42601', text);
/** Positioned at 0 here; the lifecycle moves an invalid identifier to where the statement names it. */
const identifier = (what: string, name: string): EngineError =>
  ({ code: '000904', sqlState: '42000', message: `SQL compilation error: error line 1 at position 0\n${what} '${unquote(name)}'` });

/**
 * SQLite's failures in Snowflake's words. Most are caught while compiling; these are what
 * gets past the compiler (a name SQLite resolves differently, a construct it rejects late).
 */
const RULES: [RegExp, (m: RegExpExecArray) => EngineError][] = [
  [/^no such column: (.+)$/, (m) => identifier('invalid identifier', m[1])],
  [/^ambiguous column name: (.+)$/, (m) => identifier('ambiguous column name', m[1])],
  [/^cannot join using column (.+?) - column not present in both tables/, (m) => identifier('invalid identifier', m[1])],
  [/^no such function: (.+)$/, (m) => compilation('002140', '42601', `Unknown function ${m[1].toUpperCase()}`)],
  [/^no such table: (.+)$/, (m) => compilation('002003', '42S02', `Object '${unquote(m[1])}' does not exist or not authorized.`)],
  [/NOT NULL constraint failed: [^.]+\.(.+)$/, (m) => ({ code: '100072', sqlState: '22000', message: `NULL result in a non-nullable column '${unquote(m[1])}'` })],
  [/UNIQUE constraint failed/, () => ({ code: '100090', sqlState: '23505', message: 'Duplicate key value violates unique constraint' })],
  [/interrupted|cancel/i, () => ({ code: '000604', sqlState: '57014', message: 'SQL execution canceled' })],
  [/do not have the same number of result columns/, () => compilation('001789', '42601', 'invalid number of result columns for set operator input branches')],
  [/^misuse of aggregate(?: function)? (\w+)/, (m) => compilation('002035', '42601', `Invalid aggregate function in where clause [${m[1].toUpperCase()}]`)],
  [/^misuse of window function (\w+)/, (m) => generic(`Window function [${m[1].toUpperCase()}] must have an OVER clause and appear only in SELECT, QUALIFY and ORDER BY clauses.`)],
  [/^wrong number of arguments to function (\w+)/, (m) => generic(`Invalid number of arguments for function [${m[1].toUpperCase()}].`)],
  [/^HAVING clause on a non-aggregate query/, () => generic('HAVING clause requires an aggregate query.')],
  [/^sub-select returns (\d+) columns - expected 1/, (m) => generic(`Subquery returns ${m[1]} columns where one value is expected.`)],
  [/^(\d+)\w* (ORDER|GROUP) BY term out of range - should be between 1 and (\d+)/,
    (m) => generic(`Position ${m[1]} in ${m[2]} BY is out of range: the select list has ${m[3]} column(s).`)],
  [/^row value misused/, () => generic('A parenthesised list of values can only be compared with another list of the same length (or used with IN).')],
  [/^a NATURAL join may not have an ON or USING clause/, () => generic('A NATURAL join cannot have an ON or USING clause.')],
  [/^no such window: (.+)$/, (m) => generic(`Window '${unquote(m[1])}' is not defined.`)],
  [/^(?:unsupported frame specification|frame starting offset must be|frame ending offset must be)/, () => generic('Invalid window frame.')],
  [/^datatype mismatch/, () => generic('Expression type does not match the type expected here.')],
  [/ has \d+ columns but \d+ values were supplied|values were supplied/, () => compilation('002020', '21S01', 'Insert value list does not match column list')],
  [/^unrecognized token: "(.*)"$/s, (m) => ({ code: '001003', sqlState: '42000', message: `SQL compilation error:\nsyntax error line 1 at position 0 unexpected '${m[1]}'.` })],
  [/^near "(.*)": syntax error/, (m) => ({ code: '001003', sqlState: '42000', message: `SQL compilation error:\nsyntax error line 1 at position 0 unexpected '${m[1]}'.` })],
  [/^(?:incomplete input|syntax error)/, () => ({ code: '001003', sqlState: '42000', message: "SQL compilation error:\nsyntax error line 1 at position 0 unexpected '<EOF>'." })],
  [/^(?:Invalid string length|string or blob too big)/, () => ({ code: '100078', sqlState: '22000', message: 'String is too long and would be truncated' })],
  // SQLite's "out of memory" is its heap limit: the worker maps it to the statement memory limit.
  [/^(?:integer overflow|Maximum BigInt size exceeded|10\^\d+ is out of range)/, () => ({ code: '100046', sqlState: '22003', message: 'Number out of representable range' })],
  [/^(?:ValueConversionError: )?Invalid path: (.*)$/s, (m) => generic(`Invalid extraction path '${m[1]}'.`)],
  // SQLite's JSON functions (under ARRAY_AGG, OBJECT_AGG, LISTAGG, MODE, …) take no BLOBs.
  [/^JSON cannot hold BLOB values/, () => generic('BINARY values cannot be aggregated by this function in Floe; convert them with TO_VARCHAR first.')],
];

/** Maps an SQLite (or Floe function) failure message onto Snowflake's code, state and text. */
export function mapSqliteError(raw: string): EngineError {
  const marker = raw.indexOf('FLOE|');
  if (marker >= 0) {
    const [, code, sqlState, ...rest] = raw.slice(marker).split('|');
    return { code, sqlState, message: rest.join('|') };
  }
  const msg = raw.replace(/^(?:Error|RangeError):\s*/, '');
  for (const [re, to] of RULES) {
    const m = re.exec(msg);
    if (m) return to(m);
  }
  // Anything else: never SQLite's own text (it names storage tables); the server log keeps it.
  console.error(`Floe: unmapped engine error: ${msg}`);
  return { code: '000603', sqlState: 'XX000', message: 'SQL execution internal error:\nProcessing aborted due to error 300002:2523766418; incident 0.' };
}
