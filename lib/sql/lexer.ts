/**
 * A small Snowflake lexer: enough to split a request into statements and to parse the
 * command statements (USE, SHOW, DROP SCHEMA, CALL …) that the SQL parser does not cover.
 * Knows string literals ('…' with '' and backslash escapes), $$…$$ strings, quoted
 * identifiers ("…" with ""), and comments (--, //, /* … *\/), so a ';' inside any of them is
 * never a separator.
 */
import { SqlError, sqlErrors } from './errors';

export type TokenKind = 'word' | 'quoted' | 'string' | 'number' | 'punct' | 'semicolon';

export interface Token {
  kind: TokenKind;
  /** Text as written (for strings and quoted identifiers: the decoded value). */
  text: string;
  start: number;
  end: number;
  line: number;
  col: number;
}

/**
 * Input that ends inside a string, quoted identifier or comment. Snowflake reports it where the
 * input ends: `syntax error line L at position P unexpected '<EOF>'.`
 */
export class LexError extends SqlError {
  constructor(readonly line: number, readonly col: number) {
    const e = sqlErrors.syntax('<EOF>', line, col);
    super(e.code, e.sqlState, e.message);
  }
}

/** Line (1-based) and column (0-based) of an offset of `text`. */
export function positionAt(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, col: offset - lineStart };
}

const endOfInput = (sql: string) => {
  const p = positionAt(sql, sql.length);
  return new LexError(p.line, p.col);
};

// Character codes rather than regular expressions: the lexer reads every character of a request.
const isWordStartCode = (k: number) => (k >= 65 && k <= 90) || (k >= 97 && k <= 122) || k === 95 || k >= 0x80;
const isWordStart = (c: string) => isWordStartCode(c.charCodeAt(0));
const isWordPart = (c: string) => {
  const k = c.charCodeAt(0);
  return isWordStartCode(k) || (k >= 48 && k <= 57) || k === 36;
};
const TWO_CHAR_PUNCT = new Set(['::', '||', '<=', '>=', '<>', '!=', '=>', '->']);
const isDigit = (c: string) => c >= '0' && c <= '9';

export interface LexOptions {
  /** Snowflake reads \' inside strings as an escape; SQLite does not. */
  backslashEscapes?: boolean;
  /**
   * Input ending inside a string, quoted identifier or comment ends it there instead of failing
   * (the console's editor while the user types; the server then reports the syntax error).
   */
  openEnd?: boolean;
}

export function tokenize(sql: string, opts: LexOptions = {}): Token[] {
  const backslash = opts.backslashEscapes !== false;
  const openEnd = opts.openEnd === true;
  const out: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = sql.length;
  const advanceLines = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (sql[k] === '\n') { line++; lineStart = k + 1; }
  };
  while (i < n) {
    const c = sql[i];
    if (c === '\n') { line++; lineStart = i + 1; i++; continue; }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\f') { i++; continue; }
    const tokLine = line;
    const col = i - lineStart;
    const start = i;
    if ((c === '-' && sql[i + 1] === '-') || (c === '/' && sql[i + 1] === '/')) {
      while (i < n && sql[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && sql[i + 1] === '*') {
      const endIdx = sql.indexOf('*/', i + 2);
      if (endIdx < 0 && openEnd) break;
      if (endIdx < 0) throw endOfInput(sql);
      advanceLines(i, endIdx + 2);
      i = endIdx + 2;
      continue;
    }
    if (c === "'") {
      // The value is copied in runs between escapes (a character at a time is slow on long strings).
      let value = '';
      i++;
      let run = i;
      for (;;) {
        if (i >= n && openEnd) { value += sql.slice(run, i); break; }
        if (i >= n) throw endOfInput(sql);
        const ch = sql.charCodeAt(i);
        if (backslash && ch === 92 && i + 1 < n) {
          const e = sql[i + 1];
          value += sql.slice(run, i) + (e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e === '0' ? '\0' : e);
          i += 2;
          run = i;
          continue;
        }
        if (ch === 39) {
          if (sql.charCodeAt(i + 1) === 39) { value += sql.slice(run, i + 1); i += 2; run = i; continue; }
          value += sql.slice(run, i);
          i++;
          break;
        }
        i++;
      }
      advanceLines(start, i);
      out.push({ kind: 'string', text: value, start, end: i, line: tokLine, col });
      continue;
    }
    if (c === '$' && sql[i + 1] === '$') {
      const found = sql.indexOf('$$', i + 2);
      if (found < 0 && !openEnd) throw endOfInput(sql);
      const endIdx = found < 0 ? n : found;
      const value = sql.slice(i + 2, endIdx);
      advanceLines(i, endIdx);
      i = Math.min(n, endIdx + 2);
      out.push({ kind: 'string', text: value, start, end: i, line: tokLine, col });
      continue;
    }
    if (c === '"') {
      let value = '';
      i++;
      let run = i;
      for (;;) {
        if (i >= n && openEnd) { value += sql.slice(run, i); break; }
        if (i >= n) throw endOfInput(sql);
        if (sql.charCodeAt(i) === 34) {
          if (sql.charCodeAt(i + 1) === 34) { value += sql.slice(run, i + 1); i += 2; run = i; continue; }
          value += sql.slice(run, i);
          i++;
          break;
        }
        i++;
      }
      advanceLines(start, i);
      out.push({ kind: 'quoted', text: value, start, end: i, line: tokLine, col });
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(sql[i + 1] ?? ''))) {
      while (i < n && (isDigit(sql[i]) || sql[i] === '.')) i++;
      if ((sql[i] === 'e' || sql[i] === 'E') && /[0-9+-]/.test(sql[i + 1] ?? '')) {
        i += 2;
        while (i < n && isDigit(sql[i])) i++;
      }
      out.push({ kind: 'number', text: sql.slice(start, i), start, end: i, line: tokLine, col });
      continue;
    }
    if (isWordStart(c) || (c === '$' && isWordPart(sql[i + 1] ?? ''))) {
      i++;
      while (i < n && isWordPart(sql[i])) i++;
      out.push({ kind: 'word', text: sql.slice(start, i), start, end: i, line: tokLine, col });
      continue;
    }
    if (c === ';') {
      out.push({ kind: 'semicolon', text: ';', start, end: i + 1, line: tokLine, col });
      i++;
      continue;
    }
    const len = i + 1 < n && TWO_CHAR_PUNCT.has(sql.slice(i, i + 2)) ? 2 : 1;
    out.push({ kind: 'punct', text: sql.slice(i, i + len), start, end: i + len, line: tokLine, col });
    i += len;
  }
  return out;
}

export interface SplitStatement {
  /** The statement text without the separating semicolon. */
  text: string;
  tokens: Token[];
  /** Offset, line and column of the statement's first token in the request text. */
  start: number;
  line: number;
  col: number;
  /** Set on a statement split off the request thread (lazyStatement): what the request thread reads of its tokens. */
  summary?: StatementSummary;
}

export interface StatementSummary {
  /** The first tokens. */
  head: Token[];
  /** Its words name nothing that varies between runs (result reuse). */
  deterministic: boolean;
}

/** Where a statement is in the request text, and its summary: what a split off the request thread returns. */
export interface StatementPlace {
  start: number;
  end: number;
  line: number;
  col: number;
  summary: StatementSummary;
}

/** Tokens kept in a summary's head (leading words, statement kind). */
export const SUMMARY_HEAD_TOKENS = 16;

/** The first `n` (≤ SUMMARY_HEAD_TOKENS) tokens, without tokenizing a summarised statement. */
export function headTokens(stmt: SplitStatement, n: number): Token[] {
  return (stmt.summary?.head ?? stmt.tokens).slice(0, n);
}

/**
 * A statement of `request` split elsewhere: its tokens are made when first read (only a rare
 * path reads them of a large statement; see lib/sql/compile-worker), placed as splitStatements
 * places them.
 */
export function lazyStatement(request: string, p: StatementPlace): SplitStatement {
  let tokens: Token[] | null = null;
  const stmt = { text: request.slice(p.start, p.end), start: p.start, line: p.line, col: p.col, summary: p.summary } as SplitStatement;
  Object.defineProperty(stmt, 'tokens', {
    enumerable: true,
    get: () => (tokens ??= tokenize(stmt.text).map((t) => ({
      ...t, start: t.start + p.start, end: t.end + p.start, line: t.line + p.line - 1, col: t.line === 1 ? t.col + p.col : t.col,
    }))),
  });
  return stmt;
}

/** Where each statement split from a request is (without its tokens), with `summarise`'s summary. */
export function placeStatements(statements: SplitStatement[], summarise: (stmt: SplitStatement) => StatementSummary): StatementPlace[] {
  return statements.map((s) => {
    const last = s.tokens[s.tokens.length - 1];
    return { start: s.start, end: last.end, line: s.line, col: s.col, summary: summarise(s) };
  });
}

/** Splits a request into statements at top-level semicolons; empty statements are dropped. */
export function splitStatements(sql: string, opts: LexOptions = {}): SplitStatement[] {
  const tokens = tokenize(sql, opts);
  const out: SplitStatement[] = [];
  let current: Token[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const first = current[0];
    const last = current[current.length - 1];
    out.push({ text: sql.slice(first.start, last.end), tokens: current, start: first.start, line: first.line, col: first.col });
    current = [];
  };
  for (const t of tokens) {
    if (t.kind === 'semicolon') flush();
    else current.push(t);
  }
  flush();
  return out;
}

/**
 * Rewrites "quoted" identifiers of generated SQLite text as `quoted` ones: SQLite reads a
 * double-quoted name that matches no column as a string literal, which would turn an invalid
 * identifier into a silent constant. Backquotes are always identifiers.
 */
export function backquoteIdentifiers(sqliteSql: string): string {
  let out = '';
  let last = 0;
  for (const t of tokenize(sqliteSql, { backslashEscapes: false })) {
    if (t.kind !== 'quoted') continue;
    out += sqliteSql.slice(last, t.start) + '`' + t.text.replace(/`/g, '``') + '`';
    last = t.end;
  }
  return out + sqliteSql.slice(last);
}
