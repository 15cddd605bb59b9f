/**
 * Table options of CREATE TABLE that the SQL parser drops or refuses in some orders:
 * `COMMENT [=] '…'` and `CLUSTER BY (expr, …)` after the column list. They are read from the
 * tokens and blanked out of the text the parser sees (spaces keep every other position).
 */
import type { SplitStatement, Token } from '../lexer';
import { syntaxErrorAt } from '../error-position';

export interface TableOptions {
  comment: string | null;
  /** CLUSTER BY's expressions as written (`a, b`), or null. */
  clusterBy: string | null;
  /** The statement text with the options blanked out. */
  text: string;
}

const isWord = (t: Token | undefined, w: string) => t?.kind === 'word' && t.text.toUpperCase() === w;
const isPunct = (t: Token | undefined, p: string) => t?.kind === 'punct' && t.text === p;

/** The index of the `)` closing the `(` at `open`, or -1. */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    if (isPunct(tokens[i], '(')) depth++;
    else if (isPunct(tokens[i], ')') && --depth === 0) return i;
  }
  return -1;
}

export function takeTableOptions(stmt: SplitStatement): TableOptions {
  const out: TableOptions = { comment: null, clusterBy: null, text: stmt.text };
  const tokens = stmt.tokens;
  const blanks: [number, number][] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (isPunct(t, '(')) depth++;
    else if (isPunct(t, ')')) depth--;
    if (depth !== 0) continue;
    // The query of CREATE TABLE … AS SELECT is not the table's.
    if (isWord(t, 'AS')) break;
    if (isWord(t, 'COMMENT') && (isPunct(tokens[i + 1], '=') || tokens[i + 1]?.kind === 'string')) {
      const value = isPunct(tokens[i + 1], '=') ? i + 2 : i + 1;
      if (tokens[value]?.kind !== 'string') throw syntaxErrorAt(stmt, tokens[value]);
      out.comment = tokens[value].text;
      blanks.push([t.start, tokens[value].end]);
      i = value;
    } else if (isWord(t, 'CLUSTER') && isWord(tokens[i + 1], 'BY')) {
      const open = isWord(tokens[i + 2], 'LINEAR') ? i + 3 : i + 2;
      const end = isPunct(tokens[open], '(') ? closing(tokens, open) : -1;
      if (end < 0 || end === open + 1) throw syntaxErrorAt(stmt, tokens[end < 0 ? open : end]);
      out.clusterBy = stmt.text.slice(tokens[open + 1].start - stmt.start, tokens[end - 1].end - stmt.start);
      blanks.push([t.start, tokens[end].end]);
      i = end;
    }
  }
  for (const [from, to] of blanks) {
    const [a, b] = [from - stmt.start, to - stmt.start];
    out.text = out.text.slice(0, a) + ' '.repeat(b - a) + out.text.slice(b);
  }
  return out;
}

/** SHOW TABLES' cluster_by and INFORMATION_SCHEMA.TABLES' CLUSTERING_KEY: `LINEAR(a, b)`, or '' / null without one. */
export const clusteringKey = (clusterBy: string | null | undefined): string | null => (clusterBy ? `LINEAR(${clusterBy})` : null);
