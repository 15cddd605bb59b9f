/**
 * Result column names taken from the statement text: Snowflake names an unaliased expression by
 * its text as written, upper-cased except for quoted identifiers (`v:a::string` → V:A::STRING;
 * string literals too: REGEXP_REPLACE(w2, '(.old)', 'very \\1') → REGEXP_REPLACE(W2, '(.OLD)',
 * 'VERY \\1'), as the REGEXP_REPLACE documentation shows). The parser keeps neither the `:`
 * path form, the type as spelled nor a literal's quoting, so items with those are named from the
 * text of their select item.
 */
import { EMPTY_SELECT } from '../empty-select';
import { tokenize, type Token } from '../lexer';
import { asKind, makeNode, toSnowflake, type Node } from '../parse';
import { selectOf } from '../tree/ast';
import { isIdent, normalize } from './names';

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

/**
 * Whether an expression holds what the parser does not keep as written: a `:` path, a `::` cast,
 * or a string literal (its quotes: 'Today''s' is named 'TODAY''S', $$x$$ keeps its dollars).
 */
function needsWrittenName(expr: unknown): boolean {
  if (!expr || typeof expr !== 'object') return false;
  if (asKind(expr, 'j_s_o_n_extract')?.variant_extract || asKind(expr, 'cast')?.double_colon_syntax || String(asKind(expr, 'literal')?.literal_type ?? '').endsWith('string')) return true;
  return Object.values(expr).some(needsWrittenName);
}

/**
 * Upper-cases all but double-quoted identifiers; single-quoted literals are skipped over whole
 * (a `"` inside one opens nothing, and `\'` / `''` do not end one) but upper-cased too.
 */
export function upperExceptQuotedIdents(text: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quote === '"') { out += ch; if (ch === '"') quote = null; continue; }
    if (quote === "'") {
      out += ch.toUpperCase();
      if (ch === '\\' && i + 1 < text.length) out += text[++i].toUpperCase();
      else if (ch === "'") quote = null;
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    out += ch.toUpperCase();
  }
  return out;
}

/** The written name of select item i, or null when its generated text names it as Snowflake does. */
export function writtenName(expr: unknown, i: number, items: string[] | null, count: number): string | null {
  if (!items || items.length !== count || !needsWrittenName(expr)) return null;
  return upperExceptQuotedIdents(items[i]);
}

/** Snowflake names an unaliased expression by its text, with unquoted parts upper-cased. */
export function displayNameOf(expr: Node): string {
  const column = asKind(expr, 'column');
  if (column && isIdent(column.name)) return normalize(column.name);
  return upperExceptQuotedIdents(toSnowflake(makeNode('select', selectOf(expr))).replace(/^SELECT\s+/i, ''));
}
