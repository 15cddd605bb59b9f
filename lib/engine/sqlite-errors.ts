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
  if (m) return { code: '002003', sqlState: '02000', message: `SQL compilation error:\nObject '${m[1]}' does not exist or not authorized.` };
  if (/NOT NULL constraint failed: [^.]+\.(.+)$/.test(msg)) {
    const col = /NOT NULL constraint failed: [^.]+\.(.+)$/.exec(msg)![1];
    return { code: '100072', sqlState: '22000', message: `NULL result in a non-nullable column '${col.replace(/^"|"$/g, '')}'` };
  }
  if (/UNIQUE constraint failed/.test(msg)) return { code: '100090', sqlState: '23505', message: `Duplicate key value violates unique constraint: ${msg}` };
  if (/syntax error/.test(msg)) return { code: '001003', sqlState: '42000', message: `SQL compilation error:\n${msg}` };
  if (/interrupted|cancel/i.test(msg)) return { code: '000604', sqlState: '57014', message: 'SQL execution canceled' };
  return { code: '100000', sqlState: 'P0000', message: `SQL execution error: ${msg}` };
}
