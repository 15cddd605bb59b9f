/**
 * Bulk `INSERT … VALUES` of plain literals (the usual bulk-load shape). Polyglot parses and
 * generates such a statement at ~1 µs per character, far more than the rest of its trip: a
 * 30,000-row INSERT spent seconds in the wasm parser and generator. For one of at least
 * BULK_MIN_ROWS rows whose items are all plain literals, the parser sees only the head (the
 * statement up to its first row) and the rows' literal nodes are built from the lexer's tokens;
 * the SQLite VALUES text is printed here too. Both sides are checked against polyglot on one
 * example of every literal form the statement uses, and anything else takes the full path: the
 * compiled SQL is the same either way (tests/unit/sql/bulk-values.test.ts compares them).
 */
import { isDeepStrictEqual } from 'node:util';
import { Dialect, parse } from '@polyglot-sql/sdk';
import type { SplitStatement, Token } from '../lexer';
import { asKind, makeNode, parseOne, type Node } from '../parse';
import type { SqlDialect } from '../dialect';

/** Rows from which the fast paths pay off (a few rows cost polyglot nothing worth saving). */
export const BULK_MIN_ROWS = 100;

const JSON_NUMBER = /^(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const WORD_LITERALS = new Set(['NULL', 'TRUE', 'FALSE']);

/** A literal's node as polyglot builds it, and the form class it stands for; null if not plain. */
function literalOf(stmt: SplitStatement, i: number): { node: Node; form: string; width: number } | null {
  const t = stmt.tokens[i];
  if (!t) return null;
  if (t.kind === 'punct' && t.text === '-') {
    const inner = literalOf(stmt, i + 1);
    if (!inner || !inner.form.startsWith('num')) return null;
    return { node: { neg: { this: inner.node } }, form: `neg ${inner.form}`, width: inner.width + 1 };
  }
  if (t.kind === 'number') {
    const m = JSON_NUMBER.exec(t.text);
    if (!m) return null;
    return { node: { literal: { literal_type: 'number', value: t.text } }, form: `num${m[2] ? '.' : ''}${m[3] ? 'e' : ''}${m[1] === '0' ? '0' : ''}`, width: 1 };
  }
  if (t.kind === 'string') {
    // Quotes only: backslash escapes and $$ strings take the full path.
    const raw = rawOf(stmt, t, t);
    if (raw[0] !== "'" || raw.includes('\\')) return null;
    // Strings differ by what a printer might escape: quotes, line breaks and other controls, non-ASCII.
    const form = `str${t.text.includes("'") ? 'q' : ''}${/[\u0000-\u001f\u007f]/.test(t.text) ? 'c' : ''}${/[^\u0000-\u007f]/.test(t.text) ? 'u' : ''}${t.text === '' ? '0' : ''}`;
    return { node: { literal: { literal_type: 'string', value: t.text } }, form, width: 1 };
  }
  if (t.kind === 'word' && WORD_LITERALS.has(t.text.toUpperCase())) {
    const w = t.text.toUpperCase();
    return { node: w === 'NULL' ? { null: null } : { boolean: { value: w === 'TRUE' } }, form: w, width: 1 };
  }
  return null;
}

export interface BulkValues {
  /** The statement up to and including its first row (what the parser reads). */
  head: string;
  rows: Node[][];
}

/**
 * The rows of `INSERT … VALUES (…), (…)` when the statement ends with at least BULK_MIN_ROWS rows
 * of plain literals (numbers, '…' strings, NULL, TRUE, FALSE, negated numbers); else null.
 */
export function bulkValues(stmt: SplitStatement): BulkValues | null {
  const tokens = stmt.tokens;
  if (tokens.length < BULK_MIN_ROWS * 3 || tokens[0].kind !== 'word' || tokens[0].text.toUpperCase() !== 'INSERT') return null;
  // The first VALUES outside parentheses (a column list comes before it).
  let depth = 0;
  let at = -1;
  for (let i = 1; i < tokens.length && at < 0; i++) {
    const t = tokens[i];
    if (t.kind === 'punct' && t.text === '(') depth++;
    else if (t.kind === 'punct' && t.text === ')') depth--;
    else if (depth === 0 && t.kind === 'word' && t.text.toUpperCase() === 'VALUES') at = i;
    else if (depth === 0 && t.kind === 'word' && ['SELECT', 'WITH', 'INTO'].includes(t.text.toUpperCase()) && i > 2) return null;
  }
  if (at < 0) return null;
  const rows: Node[][] = [];
  const examples = new Map<string, { node: Node; raw: string }>();
  let headEnd = -1;
  let i = at + 1;
  for (;;) {
    if (tokens[i]?.text !== '(' || tokens[i].kind !== 'punct') return null;
    i++;
    const row: Node[] = [];
    for (;;) {
      const lit = literalOf(stmt, i);
      if (!lit) return null;
      if (!examples.has(lit.form)) examples.set(lit.form, { node: lit.node, raw: rawOf(stmt, tokens[i], tokens[i + lit.width - 1]) });
      row.push(lit.node);
      i += lit.width;
      const sep = tokens[i];
      if (sep?.kind !== 'punct') return null;
      i++;
      if (sep.text === ')') break;
      if (sep.text !== ',') return null;
    }
    if (rows.length > 0 && row.length !== rows[0].length) return null; // the full path reports it
    rows.push(row);
    if (headEnd < 0) headEnd = tokens[i - 1].end;
    if (i === tokens.length) break;
    if (tokens[i].kind !== 'punct' || tokens[i].text !== ',') return null;
    i++;
  }
  if (rows.length < BULK_MIN_ROWS || !parsesAlike(examples)) return null;
  return { head: stmt.text.slice(0, headEnd - stmt.start), rows };
}

/** The tree of a bulk INSERT (its head parsed, the rows built from tokens), or null. */
export function parseBulkInsert(stmt: SplitStatement): Node | null {
  const bulk = bulkValues(stmt);
  if (!bulk) return null;
  const root = parseOne(bulk.head);
  const insert = asKind(root, 'insert');
  if (!insert || insert.values?.length !== 1 || !isDeepStrictEqual(insert.values[0], bulk.rows[0])) return null;
  insert.values = bulk.rows as Node[][];
  return root;
}

/** A token range as written (token offsets count from the request's start, the statement's text from its first token). */
const rawOf = (stmt: SplitStatement, from: Token, to: Token) => stmt.text.slice(from.start - stmt.start, to.end - stmt.start);

/** Whether polyglot reads one example of every literal form as the nodes built here. */
function parsesAlike(examples: Map<string, { node: Node; raw: string }>): boolean {
  const list = [...examples.values()];
  const r = parse(`SELECT ${list.map((e) => e.raw).join(', ')}`, Dialect.Snowflake);
  const exprs = (r.success && asKind(r.ast?.[0], 'select')?.expressions) || null;
  return !!exprs && exprs.length === list.length && list.every((e, k) => isDeepStrictEqual(exprs[k], e.node));
}

/** The SQLite text of one rewritten VALUES item, or null when it is not a plain literal. */
function itemSql(node: unknown): { sql: string; form: string } | null {
  if (!node || typeof node !== 'object') return null;
  const o = node as Record<string, Record<string, unknown> | null>;
  const keys = Object.keys(o);
  if (keys.length !== 1) return null;
  const [k] = keys;
  const v = o[k];
  if (k === 'null' && v === null) return { sql: 'NULL', form: 'NULL' };
  if (k === 'boolean' && v && Object.keys(v).length === 1 && typeof v.value === 'boolean') return { sql: v.value ? 'TRUE' : 'FALSE', form: String(v.value) };
  if (k === 'neg' && v && Object.keys(v).length === 1) {
    const inner = itemSql(v.this);
    return inner && inner.form.startsWith('num') && !inner.form.startsWith('num-') ? { sql: `-${inner.sql}`, form: `neg ${inner.form}` } : null;
  }
  if (k !== 'literal' || !v || Object.keys(v).length !== 2 || typeof v.value !== 'string') return null;
  if (v.literal_type === 'number') {
    // (A negative one comes from folding a wide literal's sign in.)
    const m = JSON_NUMBER.exec(v.value.startsWith('-') ? v.value.slice(1) : v.value);
    return m ? { sql: v.value, form: `num${v.value.startsWith('-') ? '-' : ''}${m[2] ? '.' : ''}${m[3] ? 'e' : ''}` } : null;
  }
  if (v.literal_type !== 'string') return null;
  const s = v.value;
  const form = `str${s.includes("'") ? 'q' : ''}${/[\u0000-\u001f\u007f\\]/.test(s) ? 'c' : ''}${/[^\u0000-\u007f]/.test(s) ? 'u' : ''}`;
  return { sql: `'${s.replace(/'/g, "''")}'`, form };
}

/** The engine's text of a VALUES list. */
export function valuesSql(rows: Node[][], dialect: SqlDialect): string {
  return plainValuesSql(rows, dialect) ?? dialect.sql(makeNode('values', { expressions: rows.map((expressions) => ({ expressions })), alias: null, column_aliases: [] }));
}

/**
 * The text of BULK_MIN_ROWS or more rows of plain literals printed here (one example of each
 * literal form checked against polyglot's printing); null otherwise.
 */
export function plainValuesSql(rows: Node[][], dialect: SqlDialect): string | null {
  if (rows.length < BULK_MIN_ROWS) return null;
  const printed: string[] = [];
  const examples = new Map<string, { node: Node; sql: string }>();
  for (const row of rows) {
    const items: string[] = [];
    for (const item of row) {
      const p = itemSql(item);
      if (!p) return null;
      if (!examples.has(p.form)) examples.set(p.form, { node: item, sql: p.sql });
      items.push(p.sql);
    }
    printed.push(`(${items.join(', ')})`);
  }
  const list = [...examples.values()];
  const check = dialect.sql(makeNode('values', { expressions: [{ expressions: list.map((e) => e.node) }], alias: null, column_aliases: [] }));
  return check === `VALUES (${list.map((e) => e.sql).join(', ')})` ? `VALUES ${printed.join(', ')}` : null;
}
