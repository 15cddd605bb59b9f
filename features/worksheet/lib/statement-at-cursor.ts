/**
 * The statement a Ctrl/Cmd+Enter runs: the selection when there is one, else the statement the
 * cursor is in. Statements are split by the server's own splitter (lib/sql/lexer.ts), so the
 * editor runs exactly what the server would run of the whole text ($$…$$, // comments, …).
 */
import { splitStatements as serverSplit } from '@/lib/sql/lexer';

export interface Span { start: number; end: number; text: string }

/** Statement spans of `sql` (offsets into it), as the server splits it; text being typed (an open string or comment) ends at the end. */
export function splitStatements(sql: string): Span[] {
  return serverSplit(sql, { openEnd: true }).map((s) => ({ start: s.start, end: s.start + s.text.length, text: s.text }));
}

/** The statement to run for a cursor offset: the one containing it, else the nearest one before it, else the first. */
export function spanAt(sql: string, offset: number): Span | null {
  const spans = splitStatements(sql);
  if (spans.length === 0) return null;
  let best = spans[0];
  for (const s of spans) {
    if (s.start <= offset) best = s;
    if (offset >= s.start && offset <= s.end + 1) return s;
  }
  return best;
}

export const statementAt = (sql: string, offset: number): string | null => spanAt(sql, offset)?.text ?? null;

/** `sql` trimmed, with `start` (its offset in the editor) moved past the whitespace trimmed off its front. */
export const trimmedRun = (sql: string, start: number): [string, number] => [sql.trim(), start + sql.length - sql.trimStart().length];

/** Statements whose run may change what the schema browser shows (its lists are refreshed when they end). */
export const changesCatalog = (sql: string): boolean =>
  splitStatements(sql).some((s) => /^(create|drop|alter|undrop|truncate|rename|comment|grant|revoke)\b/i.test(s.text));
