/**
 * Snowflake's errors as every engine reports them (sqlite-errors.ts, postgres/postgres-errors.ts
 * map their engine's failures onto these).
 */
import type { EngineError } from './types';

export const cancelledError: EngineError = { code: '000604', sqlState: '57014', message: 'SQL execution canceled' };

export const unquote = (s: string) => s.replace(/^"|"$/g, '');
export const compilation = (code: string, sqlState: string, text: string): EngineError => ({ code, sqlState, message: `SQL compilation error:\n${text}` });
/** The text of a parenthesised list of values used as one value (SQLite's "row value misused"; the compiler's sqlErrors.rowValue). */
export const ROW_VALUE_MISUSED = 'A parenthesised list of values can only be compared with another list of the same length (or used with IN).';
/** Snowflake's generic compilation error, for what it would reject while compiling. */
export const generic = (text: string) => compilation('002140', '42601', text);
/** Positioned at 0 here; the lifecycle moves an invalid identifier to where the statement names it. */
export const identifier = (what: string, name: string): EngineError =>
  ({ code: '000904', sqlState: '42000', message: `SQL compilation error: error line 1 at position 0\n${what} '${unquote(name)}'` });
export const unknownFunction = (name: string) => compilation('002139', '42601', `Unknown function ${name.toUpperCase()}`);
export const noSuchObject = (name: string) => compilation('002003', '42S02', `Object '${unquote(name)}' does not exist or not authorized.`);
export const syntaxError = (near: string | null): EngineError =>
  ({ code: '001003', sqlState: '42000', message: `SQL compilation error:\nsyntax error line 1 at position 0 unexpected '${near ?? '<EOF>'}'.` });
export const notNullViolation = (column: string): EngineError =>
  ({ code: '100072', sqlState: '22000', message: `NULL result in a non-nullable column '${unquote(column)}'` });
export const uniqueViolation: EngineError = { code: '100090', sqlState: '23505', message: 'Duplicate key value violates unique constraint' };
export const outOfRange: EngineError = { code: '100046', sqlState: '22003', message: 'Number out of representable range' };
export const stringTooLong: EngineError = { code: '100078', sqlState: '22000', message: 'String is too long and would be truncated' };
/** An expression nested deeper than the engine or the compiler's stack takes (the parser's own guard: sqlErrors.tooComplex). */
export const tooDeeplyNested = compilation('001003', '42000',
  'Statement too complex: an expression nests too deeply (for example thousands of chained operators or nested calls). Split it into smaller statements.');
/** A table or a query result wider than the engine takes (`max` columns). */
export const tooManyColumns = (what: 'table' | 'result', max: number): EngineError => ({
  code: '002140', sqlState: '54011',
  message: `SQL compilation error:\nToo many columns: ${what === 'table' ? 'a table' : 'a query\'s result'} may have at most ${max} columns on this engine.`,
});
/** More bound values than the engine takes in one statement (`used` when known). */
export const tooManyBindings = (used: number | null, max: number): EngineError => compilation('001003', '42000',
  `Statement too complex: it binds ${used ?? 'more than ' + max} values; this engine takes at most ${max}. Bind fewer values per statement (several statements, or rows loaded into a table first).`);

/**
 * Floe's own SQL functions fail with their Snowflake code in the message, as
 * `FLOE|code|sqlState|message` (an SQLite user function can only fail with text): that error.
 */
export function markedError(raw: string): EngineError | null {
  const marker = raw.indexOf('FLOE|');
  if (marker < 0) return null;
  const [, code, sqlState, ...rest] = raw.slice(marker).split('|');
  return { code, sqlState, message: rest.join('|') };
}

/** An engine failure no rule maps: never the engine's own text (it names storage tables); the server log keeps it. */
export function unmappedError(engine: string, raw: string): EngineError {
  console.error(`Floe: unmapped ${engine} error: ${raw}`);
  return { code: '000603', sqlState: 'XX000', message: 'SQL execution internal error:\nProcessing aborted due to error 300002:2523766418; incident 0.' };
}
