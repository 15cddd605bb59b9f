/** The Snowflake SQL parser (polyglot, a Rust port of sqlglot compiled to wasm). */
import { Dialect, generate, parse } from '@polyglot-sql/sdk';
import { sqlErrors } from './errors';
import { backquoteIdentifiers } from './lexer';

/** An AST node: an object with one key naming its kind. */
export type Node = Record<string, unknown>;

export function parseOne(text: string): Node {
  const r = parse(text, Dialect.Snowflake);
  if (!r.success || !r.ast || r.ast.length === 0) {
    const m = /line (\d+), column (\d+)/.exec(r.error ?? '');
    const line = m ? Number(m[1]) : 1;
    const col = m ? Math.max(0, Number(m[2]) - 1) : 0;
    const near = text.split('\n')[line - 1]?.slice(0, col).trim().split(/\s+/).pop() || text.trim().split(/\s+/)[0] || '';
    throw sqlErrors.syntax(near, line, col);
  }
  return r.ast[0] as Node;
}

export function kindOf(node: Node): string {
  return Object.keys(node)[0];
}

export function toSqlite(node: Node): string {
  const g = generate([node] as never, Dialect.SQLite);
  if (!g.success || !g.sql?.[0]) throw new Error(`cannot generate SQLite: ${g.error}`);
  return backquoteIdentifiers(g.sql[0]);
}

export function toSnowflake(node: Node): string {
  const g = generate([node] as never, Dialect.Snowflake);
  if (!g.success || !g.sql?.[0]) return '?';
  return g.sql[0];
}
