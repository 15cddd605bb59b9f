/**
 * The statement a Ctrl/Cmd+Enter runs: the selection when there is one, else the statement of
 * the text the cursor is in (statements end at `;` outside quotes and comments).
 */
export interface Span { start: number; end: number; text: string }

/** Statement spans of `sql` (offsets into it), trimmed, empty ones left out. */
export function splitStatements(sql: string): Span[] {
  const out: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = sql.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const text = raw.trim();
    if (text) out.push({ start: start + lead, end: start + lead + text.length, text });
  };
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const q = c;
      for (i++; i < sql.length; i++) {
        if (sql[i] === q && sql[i + 1] === q) i++;
        else if (sql[i] === q) break;
        else if (q === "'" && sql[i] === '\\') i++;
      }
    } else if (c === '-' && sql[i + 1] === '-') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else if (c === '/' && sql[i + 1] === '*') {
      const e = sql.indexOf('*/', i + 2);
      i = e < 0 ? sql.length : e + 1;
    } else if (c === ';') {
      push(i);
      start = i + 1;
    }
  }
  push(sql.length);
  return out;
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
