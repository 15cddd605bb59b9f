/**
 * SET name = <expression> [, …] / SET (a, b) = (x, y) | (SELECT x, y …) and $name references
 * (session variables; UNSET is commands/unset.ts).
 * A constant is kept as written; any other expression (`1 + 2`, `(SELECT MAX(x) FROM t)`) is
 * evaluated once, when SET runs, by a pre-query (prequery.ts), and kept as a literal of its type.
 */
import { SqlError } from '../errors';
import { syntaxErrorAt } from '../error-position';
import type { SplitStatement } from '../lexer';
import { asKind, kindOf, makeNode, parseExpression, parseOne, toSnowflake, type Node, type NodeOf } from '../parse';
import { quoteString } from '../sql-text';
import { types, type SfType } from '../types';
import { selectOf } from '../tree/ast';
import type { Compiled } from './types';
import { isIdent, normalize } from './names';
import { queryContext, scopeOf, type RewriteContext } from './context';
import { requireTablePrivileges } from './access';

export interface SessionVariable {
  /** A Snowflake literal (or a cast of one) substituted, and compiled, wherever $name appears. */
  node: unknown;
}

/** Values kept as written: they mean the same wherever $name is read. */
const CONSTANT_KINDS = new Set(['literal', 'boolean', 'null', 'neg']);

/** A Snowflake expression from its text. */
const expressionOf = parseExpression;

/** Full-precision text of a value whose text form depends on session formats (read back by a cast). */
const TEXT_FORMATS: Record<string, string> = {
  date: 'YYYY-MM-DD', time: 'HH24:MI:SS.FF9', timestamp_ntz: 'YYYY-MM-DD HH24:MI:SS.FF9',
  timestamp_ltz: 'YYYY-MM-DD HH24:MI:SS.FF9 TZH:TZM', timestamp_tz: 'YYYY-MM-DD HH24:MI:SS.FF9 TZH:TZM', binary: 'HEX',
};

/** The Snowflake text that reads a value back as its type, from the text the pre-query gave. */
function literalText(text: string | null, t: SfType): string {
  if (text === null) return `CAST(NULL AS ${t.text})`;
  switch (t.wire) {
    case 'fixed': return `CAST(${text} AS ${t.text})`;
    case 'real': return `CAST(${quoteString(text)} AS FLOAT)`;
    case 'boolean': return text === '0' || text.toLowerCase() === 'false' ? 'FALSE' : 'TRUE';
    case 'text': return quoteString(text);
    case 'variant': return `PARSE_JSON(${quoteString(text)})`;
    case 'array': case 'object': return `PARSE_JSON(${quoteString(text)})::${t.wire.toUpperCase()}`;
    default: return `CAST(${quoteString(text)} AS ${t.text})`;
  }
}

/** Evaluates an expression once, through a pre-query, and answers it as a literal node of its type. */
function evaluate(value: Node, ctx: RewriteContext): Node {
  const sub = (): RewriteContext => queryContext(scopeOf(ctx));
  // A scalar subquery is its own query (typed by its one column; no row is NULL).
  const inner = asKind(value, 'subquery')?.this;
  const scalar = inner !== undefined && ['select', 'union', 'intersect', 'except'].includes(Object.keys(inner)[0]);
  const text = scalar ? toSnowflake(inner) : toSnowflake(makeNode('select', selectOf(value))).replace(/^SELECT\s+/i, '');
  const query = (expr: string) => (scalar ? (expr === text ? text : `SELECT ${expr.replace(text, 'v')} FROM (${text}) AS __floe_set_value(v)`) : `SELECT ${expr}`);
  const typing = sub();
  const typed = ctx.compileQuery(parseOne(query(text)), typing);
  requireTablePrivileges(typing);
  if (typing.maxParam > 0) throw new SqlError('002140', '42601', 'SQL compilation error:\nSET does not take bind variables');
  if (typed.columns.length !== 1) throw new SqlError('002140', '42601', 'SQL compilation error:\nSET needs a single value for each variable');
  // An expression Floe cannot type is read back by the engine's own type of its value.
  const t = typed.columns[0].type ?? null;
  if (!t) {
    const rows = ctx.services.prequery({ sql: `WITH __floe_set(v) AS (${typed.sql}) SELECT ${ctx.dialect.classAndTextOf('v')} FROM __floe_set`, extraParams: typing.virtualParams });
    if (rows.length > 1) throw new SqlError('090150', '22000', 'Single-row subquery returns more than one row.');
    const [, kind, raw] = /^(\w+):([\s\S]*)$/.exec(rows[0]?.[0] ?? '') ?? [];
    return expressionOf(kind === 'integer' ? raw : kind === 'real' ? literalText(raw, types.float()) : kind === 'text' ? quoteString(raw) : 'NULL');
  }
  // The value as text: semi-structured as JSON, dates and times in a format that keeps every digit.
  const fmt = TEXT_FORMATS[t.wire];
  const asText = ['variant', 'array', 'object'].includes(t.wire) ? `TO_JSON(${text})` : fmt ? `TO_VARCHAR(${text}, ${quoteString(fmt)})` : text;
  const reading = sub();
  const q = asText === text ? typed : ctx.compileQuery(parseOne(query(asText)), reading);
  const rows = ctx.services.prequery({ sql: `WITH __floe_set(v) AS (${q.sql}) SELECT ${ctx.dialect.textOf('v')} FROM __floe_set`, extraParams: (asText === text ? typing : reading).virtualParams });
  if (rows.length > 1) throw new SqlError('090150', '22000', 'Single-row subquery returns more than one row.');
  return expressionOf(literalText(rows[0]?.[0] ?? null, t));
}

/** SET (a, b) = (SELECT x, y …): one scalar subquery per column of the select. */
function columnsOf(value: Node): Node[] | undefined {
  const subquery = asKind(value, 'subquery');
  const sel = asKind(subquery?.this, 'select');
  if (!subquery || !sel) return undefined;
  return sel.expressions.map((e) => makeNode('subquery', { ...subquery, this: makeNode('select', { ...structuredClone(sel), expressions: [e] }) }));
}

export function compileSetVariables(v: NodeOf<'set_statement'>, stmt: SplitStatement, ctx: RewriteContext): Compiled {
  const items = v.items ?? [];
  // The parser also takes `SET = 1` (a variable named "=") and `SET x 1`: Snowflake does not.
  const first = asKind(items[0]?.name, 'identifier');
  if (isIdent(first) && !first.quoted && !/^[A-Za-z_]/.test(first.name)) throw syntaxErrorAt(stmt, stmt.tokens[1]);
  if (items[0]?.no_equals) throw syntaxErrorAt(stmt, stmt.tokens[2]);
  // SET (a, b) = (x, y) sets each name to the value at its position.
  const pairs = items.flatMap((it): { name: unknown; value: Node }[] => {
    const names = asKind(it.name, 'tuple')?.expressions;
    const vals = asKind(it.value, 'tuple')?.expressions ?? (names ? columnsOf(it.value) : undefined);
    if (!names || !vals) return [{ name: asKind(it.name, 'identifier'), value: it.value }];
    if (names.length !== vals.length) throw new SqlError('002140', '42601', 'SQL compilation error:\nSET needs as many values as variable names');
    return names.map((n, i) => ({ name: asKind(n, 'column')?.name, value: vals[i] }));
  });
  const values = pairs.map((it) => {
    const id = it.name;
    if (!isIdent(id)) throw new SqlError('002140', '42601', 'SQL compilation error:\nSET needs a variable name');
    const kind = kindOf(it.value);
    return [normalize(id), CONSTANT_KINDS.has(kind) ? it.value : evaluate(it.value, ctx)] as const;
  });
  return {
    kind: 'session',
    apply(session) {
      for (const [name, node] of values) session.variables[name] = { node };
      return 'Statement executed successfully.';
    },
  };
}
