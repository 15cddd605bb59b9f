/**
 * Result column names taken from the statement text: Snowflake names an unaliased expression by
 * its text as written, unquoted parts upper-cased (`v:a::string` → V:A::STRING). The parser keeps
 * neither the `:` path form nor the type as spelled, so path expressions and `::` casts are named
 * from the text of their select item.
 */
import { tokenize, type Token } from '../lexer';

const CLAUSE_END = new Set(['FROM', 'WHERE', 'GROUP', 'HAVING', 'QUALIFY', 'ORDER', 'LIMIT', 'UNION', 'EXCEPT', 'INTERSECT', 'MINUS', 'WINDOW', 'FETCH', 'OFFSET', 'INTO']);

/** The texts of the items of the statement's first top-level select list; null when not found. */
export function selectItemTexts(text: string): string[] | null {
  let tokens: Token[];
  try { tokens = tokenize(text); } catch { return null; }
  let depth = 0;
  let i = 0;
  for (; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'punct' && t.text === '(') depth++;
    else if (t.kind === 'punct' && t.text === ')') depth--;
    else if (depth === 0 && t.kind === 'word' && t.text.toUpperCase() === 'SELECT') break;
  }
  i++;
  while (i < tokens.length && tokens[i].kind === 'word' && ['DISTINCT', 'ALL'].includes(tokens[i].text.toUpperCase())) i++;
  if (i < tokens.length && tokens[i].kind === 'word' && tokens[i].text.toUpperCase() === 'TOP') i += 2;
  const items: string[] = [];
  let first: Token | null = null;
  let last: Token | null = null;
  const flush = () => { if (first && last) items.push(text.slice(first.start, last.end)); first = last = null; };
  for (depth = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'semicolon') break;
    if (depth === 0 && t.kind === 'word' && CLAUSE_END.has(t.text.toUpperCase())) break;
    if (t.kind === 'punct' && t.text === '(') depth++;
    if (t.kind === 'punct' && t.text === ')') depth--;
    if (depth === 0 && t.kind === 'punct' && t.text === ',') { flush(); continue; }
    first ??= t;
    last = t;
  }
  flush();
  return items.length ? items : null;
}

/** Whether an expression holds a `:` path or a `::` cast (the forms the parser does not keep). */
function needsWrittenName(expr: unknown): boolean {
  if (!expr || typeof expr !== 'object') return false;
  const o = expr as Record<string, Record<string, unknown>>;
  if (o.j_s_o_n_extract?.variant_extract || o.cast?.double_colon_syntax) return true;
  return Object.values(o).some(needsWrittenName);
}

/** Upper-cases what is outside quotes. */
export function upperUnquoted(text: string): string {
  let out = '';
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) { out += ch; if (ch === quote) quote = null; continue; }
    if (ch === "'" || ch === '"') { quote = ch; out += ch; continue; }
    out += ch.toUpperCase();
  }
  return out;
}

/** The written name of select item i, or null when its generated text names it as Snowflake does. */
export function writtenName(expr: unknown, i: number, items: string[] | null, count: number): string | null {
  if (!items || items.length !== count || !needsWrittenName(expr)) return null;
  return upperUnquoted(items[i]);
}
