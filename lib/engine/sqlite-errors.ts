import type { EngineError } from './types';

/**
 * Errors raised by Floe's own SQL functions carry their Snowflake code in the message as
 * `FLOE|code|sqlState|message`, because an SQLite user function can only fail with text.
 */
export function udfError(code: string, sqlState: string, message: string): Error {
  return new Error(`FLOE|${code}|${sqlState}|${message}`);
}

/** Maps an SQLite (or Floe function) failure message onto Snowflake's code, state and text. */
export function mapSqliteError(raw: string): EngineError {
  const marker = raw.indexOf('FLOE|');
  if (marker >= 0) {
    const [, code, sqlState, ...rest] = raw.slice(marker).split('|');
    return { code, sqlState, message: rest.join('|') };
  }
  const msg = raw.replace(/^Error:\s*/, '');
  let m = /^no such column: (.+)$/.exec(msg);
  if (m) return { code: '000904', sqlState: '42000', message: `SQL compilation error: error line 1 at position 0\ninvalid identifier '${m[1].replace(/^"|"$/g, '')}'` };
  m = /^no such function: (.+)$/.exec(msg);
  if (m) return { code: '002139', sqlState: '42601', message: `SQL compilation error:\nUnknown function ${m[1]}` };
  m = /^no such table: (.+)$/.exec(msg);
  if (m) return { code: '002003', sqlState: '42S02', message: `SQL compilation error:\nObject '${m[1]}' does not exist or not authorized.` };
  if (/NOT NULL constraint failed: [^.]+\.(.+)$/.test(msg)) {
    const col = /NOT NULL constraint failed: [^.]+\.(.+)$/.exec(msg)![1];
    return { code: '100072', sqlState: '22000', message: `NULL result in a non-nullable column '${col.replace(/^"|"$/g, '')}'` };
  }
  if (/UNIQUE constraint failed/.test(msg)) return { code: '100090', sqlState: '23505', message: `Duplicate key value violates unique constraint: ${msg}` };
  m = /^near "(.*)": syntax error/.exec(msg);
  if (m) return { code: '001003', sqlState: '42000', message: `SQL compilation error:\nsyntax error line 1 at position 0 unexpected '${m[1]}'.` };
  if (/syntax error/.test(msg)) return { code: '001003', sqlState: '42000', message: 'SQL compilation error:\nsyntax error line 1 at position 0.' };
  if (/interrupted|cancel/i.test(msg)) return { code: '000604', sqlState: '57014', message: 'SQL execution canceled' };
  m = /^ambiguous column name: (.+)$/.exec(msg);
  if (m) return { code: '000904', sqlState: '42000', message: `SQL compilation error: error line 1 at position 0\nambiguous column name '${m[1].replace(/^"|"$/g, '')}'` };
  if (/do not have the same number of result columns/.test(msg)) return { code: '001789', sqlState: '42601', message: 'SQL compilation error:\ninvalid number of result columns for set operator input branches' };
  m = /^misuse of aggregate(?: function)? (\w+)/.exec(msg);
  if (m) return { code: '002035', sqlState: '42601', message: `SQL compilation error:\nInvalid aggregate function in where clause [${m[1]}]` };
  if (/ has \d+ columns but \d+ values were supplied|values were supplied/.test(msg)) return { code: '002020', sqlState: '21S01', message: 'SQL compilation error:\nInsert value list does not match column list' };
  if (/cannot modify .* because it is a view/.test(msg)) return { code: '002023', sqlState: '42601', message: 'SQL compilation error:\nInvalid target for DML: a view cannot be modified' };
  // Anything else: never SQLite's own text (it names storage tables); the server log keeps it.
  console.error(`Floe: unmapped engine error: ${msg}`);
  return { code: '000603', sqlState: 'XX000', message: 'SQL execution internal error:\nProcessing aborted due to error 300002:2523766418; incident 0.' };
}
