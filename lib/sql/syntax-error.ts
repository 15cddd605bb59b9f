/**
 * A failed parse as Snowflake reports it: `syntax error line L at position P unexpected 'T'.`,
 * L 1-based, P the 0-based column, T the offending token as written or '<EOF>' when the
 * statement ended too early.
 */
import { Dialect, parse } from '@polyglot-sql/sdk';
import { sqlErrors, type SqlError } from './errors';
import { positionAt } from './lexer';

export interface FailedParse {
  error?: string | null;
  errorStart?: number;
  errorEnd?: number;
}

/**
 * The parser names the last token it read when it runs out of input ("Unexpected token: Plus"
 * for `SELECT 1 +`), so a token at the end may be the culprit or only the last thing before it.
 * Appending a token settles it: when the failure moves onto (or past) the appended text, or
 * the text then parses, what was missing came after the end.
 */
function endedEarly(text: string, r: FailedParse): boolean {
  if (/end of input/.test(r.error ?? '')) return true;
  if (r.errorStart === undefined || text.slice(r.errorEnd).trim() !== '') return false;
  const probe = parse(`${text} )`, Dialect.Snowflake) as FailedParse & { success: boolean };
  return probe.success || (probe.errorStart ?? 0) >= text.length;
}

export function syntaxError(text: string, r: FailedParse): SqlError {
  if (r.errorStart === undefined || endedEarly(text, r)) {
    const end = text.trimEnd().length;
    const p = positionAt(text, end);
    return sqlErrors.syntax('<EOF>', p.line, p.col);
  }
  const p = positionAt(text, r.errorStart);
  return sqlErrors.syntax(text.slice(r.errorStart, r.errorEnd), p.line, p.col);
}
