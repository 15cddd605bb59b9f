/**
 * Puts an invalid-identifier error where Snowflake puts it. The engine (or a compile step that
 * only knows a name) reports `invalid identifier 'X'` at position 0; this finds where the
 * statement names X and rewrites the message with that line and position (relative to the
 * statement) and X as Snowflake prints it (`T."id"`).
 */
import { displayName, fromStorageName } from '@/lib/catalog/names';
import { tooManyBindings } from '@/lib/engine/engine-errors';
import { SqlError, sqlErrors } from './errors';
import type { SplitStatement, Token } from './lexer';

export interface ErrorParts { code: string; sqlState: string; message: string }

const IDENT_ERROR = /^SQL compilation error: error line \d+ at position \d+\n(invalid identifier|ambiguous column name) '(.+)'$/s;

/** Splits `A.^B` / `"a.b".C` at the dots outside double quotes, without the quotes. */
function nameParts(text: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') { if (quoted && text[i + 1] === '"') { cur += '"'; i++; } else quoted = !quoted; continue; }
    if (c === '.' && !quoted) { parts.push(cur); cur = ''; continue; }
    cur += c;
  }
  parts.push(cur);
  return parts;
}

const matches = (t: Token, name: string) => (t.kind === 'word' && t.text.toUpperCase() === name) || (t.kind === 'quoted' && t.text === name);

function find(tokens: Token[], names: string[]): Token | undefined {
  outer: for (let i = 0; i < tokens.length; i++) {
    for (let k = 0; k < names.length; k++) {
      const t = tokens[i + 2 * k];
      if (!t || !matches(t, names[k]) || (k > 0 && tokens[i + 2 * k - 1]?.text !== '.')) continue outer;
    }
    // A qualified name starts at its qualifier, not inside a longer dotted name.
    if (tokens[i - 1]?.text === '.') continue;
    return tokens[i];
  }
  return undefined;
}

/** Where a statement starts in its request (its first token's line and column) and its tokens. */
type Placed = Pick<SplitStatement, 'tokens' | 'line' | 'col'>;

/** A token's line and position relative to its statement, as Snowflake counts them. */
export function tokenPosition(tok: Token, stmt: Pick<SplitStatement, 'line' | 'col'>): { line: number; pos: number } {
  return { line: tok.line - stmt.line + 1, pos: tok.line === stmt.line ? tok.col - stmt.col : tok.col };
}

/** Syntax error at a token of the statement, or at its end (`<EOF>`) when there is none. */
export function syntaxErrorAt(stmt: Placed, tok: Token | undefined): SqlError {
  const at = tok ?? stmt.tokens[stmt.tokens.length - 1];
  const { line, pos } = tokenPosition(at, stmt);
  return tok ? sqlErrors.syntax(tok.text, line, pos) : sqlErrors.syntax('<EOF>', line, pos + (at.end - at.start));
}

export function placeIdentifierError<E extends ErrorParts>(e: E, stmt: SplitStatement): E {
  if (e.code !== '000904') return e;
  const m = IDENT_ERROR.exec(e.message);
  if (!m) return e;
  const names = nameParts(m[2]).map(fromStorageName);
  const tok = find(stmt.tokens, names) ?? find(stmt.tokens, names.slice(-1));
  const { line, pos } = tok ? tokenPosition(tok, stmt) : { line: 1, pos: 0 };
  return { ...e, message: `SQL compilation error: error line ${line} at position ${pos}\n${m[1]} '${names.map(displayName).join('.')}'` };
}

/** The n of a `:n` placeholder starting at token i (the colon right before the number), else null. */
function colonPlaceholder(t: Token[], i: number): number | null {
  return t[i].text === ':' && t[i + 1]?.kind === 'number' && t[i + 1].start === t[i].end ? Number(t[i + 1].text) : null;
}

/**
 * A placeholder without a binding, where the statement writes it (Snowflake points at it):
 * `:n` as written, else the n-th `?`.
 */
export function bindMissingAt(stmt: SplitStatement, position: number): SqlError {
  const t = stmt.tokens;
  const colon = t.findIndex((_tok, i) => colonPlaceholder(t, i) === position);
  const marks = t.filter((tok) => tok.kind === 'punct' && tok.text === '?');
  const tok = colon >= 0 ? t[colon] : marks[position - 1];
  if (!tok) return sqlErrors.bindMissing('?');
  const { line, pos } = tokenPosition(tok, stmt);
  return sqlErrors.bindMissing(colon >= 0 ? `:${position}` : '?', line, pos);
}

/**
 * 001003 before compiling, when the statement has more placeholders than the engine binds
 * (`max`, the dialect's maxParameters): compiling 70,000 bound rows took longer than a
 * synchronous request waits, only for the engine to refuse them. `?` marks, or the highest `:n`.
 */
export function refuseTooManyPlaceholders(stmt: SplitStatement, max: number): void {
  const t = stmt.tokens;
  let marks = 0;
  let highest = 0;
  for (let i = 0; i < t.length; i++) {
    if (t[i].kind !== 'punct') continue;
    if (t[i].text === '?') marks++;
    else highest = Math.max(highest, colonPlaceholder(t, i) ?? 0);
  }
  const used = Math.max(marks, highest);
  if (used > max) {
    const e = tooManyBindings(used, max);
    throw new SqlError(e.code, e.sqlState, e.message);
  }
}
