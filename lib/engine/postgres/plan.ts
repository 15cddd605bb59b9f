/**
 * PostgreSQL's EXPLAIN (FORMAT JSON) as the engine-neutral plan nodes EXPLAIN reads
 * (lib/sql/commands/explain.ts), whose details speak SQLite's EXPLAIN QUERY PLAN words: a scan
 * of a table is `SCAN <alias>`, a sort `USE TEMP B-TREE FOR ORDER BY`, a grouping `… GROUP BY`,
 * a constant row `SCAN CONSTANT ROW`. Nodes that only pass rows on (Hash, Materialize, Limit, a
 * Result over a child) are left out: their children hang under their parent. What SQLite's words
 * do not carry has forms of its own: `JOIN <type> [(condition)]` and `SORT <keys>`, and a scan's
 * filter as `SCAN <alias> (condition)`, expressions in Snowflake's spelling (names unquoted, no
 * PostgreSQL casts).
 */
import type { PlanNode } from '../types';

type PgPlan = Record<string, unknown> & { Plans?: PgPlan[] };

const SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan', 'Tid Scan', 'Tid Range Scan', 'Sample Scan', 'Function Scan', 'Values Scan', 'Subquery Scan']);
const PASS_ON = new Set(['Hash', 'Materialize', 'Limit', 'Gather', 'Gather Merge', 'Memoize', 'Bitmap Index Scan', 'BitmapAnd', 'BitmapOr', 'LockRows', 'ProjectSet']);

/** A name PostgreSQL parenthesises before a cast (`("ID")::bigint`: a column of a domain read as its base type). */
const CAST_NAME = /\(((?:"(?:[^"]|"")*"|\w+)(?:\.(?:"(?:[^"]|"")*"|\w+))*)\)(?=::)/g;

/** PostgreSQL's text of an expression as Snowflake shows one: `"Z1"."ID"` as Z1.ID, casts (`::bigint`) left out. */
const expressionText = (text: string): string =>
  text.replace(CAST_NAME, '$1').replace(/::(?:"[^"]*"|double precision|character varying|timestamp (?:with|without) time zone|[a-z_]+)(?:\[\])?/g, '')
    .replace(/"((?:[^"]|"")*)"/g, (_, name: string) => name.replace(/""/g, '"'));

/** A condition of the node (` (…)`), or nothing. */
const condition = (text: unknown): string => (typeof text === 'string' && text ? ` ${expressionText(text)}` : '');

/** The SQLite-worded detail of one node, or null when it only passes rows on. */
function detail(n: PgPlan): string | null {
  const type = String(n['Node Type']);
  const children = n.Plans ?? [];
  if (typeof n['Subplan Name'] === 'string' && n['Subplan Name'].startsWith('CTE ')) return `MATERIALIZE ${n['Subplan Name'].slice(4)}`;
  if (type === 'CTE Scan') return `SCAN ${String(n['CTE Name'])}`;
  if (SCANS.has(type)) return type === 'Subquery Scan' ? 'SUBQUERY' : `SCAN ${String(n.Alias ?? n['Relation Name'] ?? type)}${condition(n.Filter ?? n['Index Cond'])}`;
  if (type === 'Result') return children.length === 0 ? 'SCAN CONSTANT ROW' : null;
  if (type === 'Sort' || type === 'Incremental Sort') {
    const keys = Array.isArray(n['Sort Key']) ? n['Sort Key'].map((k) => expressionText(String(k))) : [];
    return keys.length ? `SORT ${keys.join(', ')}` : 'USE TEMP B-TREE FOR ORDER BY';
  }
  if (type === 'Aggregate' || type === 'GroupAggregate' || type === 'HashAggregate') return 'USE TEMP B-TREE FOR GROUP BY';
  if (type === 'Unique') return 'USE TEMP B-TREE FOR DISTINCT';
  if (type === 'Append' || type === 'Merge Append' || type === 'SetOp' || type === 'Recursive Union') return 'COMPOUND QUERY';
  if (type === 'Hash Join' || type === 'Merge Join' || type === 'Nested Loop') {
    return `JOIN ${String(n['Join Type'] ?? 'Inner')}${condition(n['Hash Cond'] ?? n['Merge Cond'] ?? n['Join Filter'])}`;
  }
  if (type === 'WindowAgg') return 'WINDOW';
  return PASS_ON.has(type) ? null : type;
}

/** The plan's nodes, parents before children (parent 0: the top). */
export function planNodes(top: PgPlan): PlanNode[] {
  const nodes: PlanNode[] = [];
  const walk = (n: PgPlan, parent: number) => {
    const d = detail(n);
    const id = d === null ? parent : nodes.length + 1;
    if (d !== null) nodes.push({ id, parent, detail: d });
    for (const child of n.Plans ?? []) walk(child, id);
  };
  walk(top, 0);
  return nodes;
}
