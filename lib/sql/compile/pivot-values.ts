/**
 * The values of a dynamic PIVOT — `IN (ANY [ORDER BY …])` or `IN (<subquery>)` — read from the
 * data by a pre-query (prequery.ts): the distinct values of the pivot column (NULL included,
 * ordered by the ORDER BY, else ascending), or the distinct values of the subquery's one column
 * in its order. Each comes back as a literal of the column's type and the name Snowflake gives
 * its column ('2023_Q1' keeps its quotes; numbers are named as written).
 */
import { sqlErrors } from '../errors';
import { asKind, kindOf, makeNode, parseExpression, payloadOf, type Node, type NodeOf } from '../parse';
import { nullNode, selectNode } from '../tree/ast';
import { requireTablePrivileges } from './access';
import { isIdent, normalize } from './names';
import { newOutput, queryContext, scopeOf, type RewriteContext } from './context';

export interface PivotValue {
  /** The value as a Snowflake literal (compared with the pivot column). */
  node: Node;
  /** Its column's name without an aggregate alias; `quoted`: the alias goes inside the quotes. */
  name: string;
  quoted: boolean;
}


const QUERY_KINDS = new Set(['select', 'union', 'intersect', 'except', 'subquery', 'paren']);

/** Whether an IN list is dynamic: ANY, or a subquery. */
export function isDynamicIn(expressions: Node[]): boolean {
  return expressions.length === 1 && (kindOf(expressions[0]) === 'pivot_any' || QUERY_KINDS.has(kindOf(expressions[0])));
}

/** Names of the statement's CTEs a tree reads, and those they read in turn. */
function ctesRead(node: unknown, defs: Map<string, { this: Node }>, out = new Set<string>()): Set<string> {
  if (!node || typeof node !== 'object') return out;
  const t = asKind(node, 'table');
  if (t && isIdent(t.name) && t.schema == null && t.catalog == null) {
    const name = normalize(t.name);
    if (defs.has(name) && !out.has(name)) {
      out.add(name);
      ctesRead(defs.get(name)?.this, defs, out);
    }
  }
  for (const v of Object.values(node)) ctesRead(v, defs, out);
  return out;
}

/** The Snowflake query whose rows are the values, with the CTEs it reads. */
function valuesQuery(field: NodeOf<'in'>, source: Node, ctx: RewriteContext): Node {
  const inner = field.expressions[0];
  const any = asKind(inner, 'pivot_any');
  let query: Node;
  if (any) {
    const ordered = asKind(any.this, 'order_by');
    const byValue = { expressions: [{ this: makeNode('literal', { literal_type: 'number', value: '1' }), desc: false, nulls_first: null, explicit_asc: false }] };
    query = selectNode({ distinct: true, expressions: [structuredClone(field.this)], from: { expressions: [structuredClone(source)] }, order_by: ordered ?? byValue });
  } else {
    query = structuredClone(inner);
  }
  const defs = ctx.cteDefs ?? new Map();
  const body = payloadOf(query);
  const names = ctesRead(query, defs);
  if (names.size > 0 && !body.with) {
    // In the order they were written: a CTE may read the ones before it.
    body.with = { ctes: [...defs.keys()].filter((n) => names.has(n)).map((n) => structuredClone(defs.get(n))), recursive: false, leading_comments: [] };
  }
  return query;
}

/** A Snowflake expression from its text. */
const expressionOf = parseExpression;

/** A literal of the pivot column's type for a value read back as text, and its column's name. */
function pivotValue(text: string | null, wire: string): PivotValue {
  if (text === null) return { node: nullNode(), name: 'NULL', quoted: false };
  const quoted = `'${text.replace(/'/g, "''")}'`;
  switch (wire) {
    case 'fixed': case 'real': return { node: makeNode('literal', { literal_type: 'number', value: text }), name: text, quoted: false };
    case 'boolean': return { node: makeNode('boolean', { value: text !== '0' }), name: text !== '0' ? 'TRUE' : 'FALSE', quoted: false };
    case 'text': return { node: makeNode('literal', { literal_type: 'string', value: text }), name: text, quoted: true };
    case 'date': return { node: expressionOf(`${quoted}::DATE`), name: text, quoted: true };
    default: throw sqlErrors.unsupported(`a dynamic PIVOT over a ${wire.toUpperCase()} column`);
  }
}

/** The values of a dynamic IN list, asked of the data (through ctx.services.prequery). */
export function dynamicPivotValues(field: NodeOf<'in'>, source: Node, ctx: RewriteContext): PivotValue[] {
  const sub = queryContext(scopeOf(ctx), newOutput(), { cteDefs: ctx.cteDefs });
  const q = ctx.compileQuery(valuesQuery(field, source, ctx), sub);
  requireTablePrivileges(sub);
  if (sub.maxParam > 0) throw sqlErrors.unsupported('bind variables in the values of a dynamic PIVOT');
  if (q.columns.length > 1) throw sqlErrors.unsupported('a PIVOT subquery of more than one column');
  // The column list names the one column whatever it is called (and refuses a query of more).
  const rows = ctx.services.prequery({ sql: `WITH __floe_pivot_values(v) AS (${q.sql}) SELECT ${ctx.dialect.textOf('v')} FROM __floe_pivot_values`, extraParams: sub.virtualParams });
  const seen = new Set<string | null>();
  const wire = q.columns[0]?.type?.wire ?? 'text';
  return rows.map((r) => r[0]).filter((v) => !seen.has(v) && !!seen.add(v)).map((v) => pivotValue(v, wire));
}
