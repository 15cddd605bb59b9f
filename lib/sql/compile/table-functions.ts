/**
 * Table functions in FROM: FLATTEN (`LATERAL FLATTEN(…) f`, `TABLE(FLATTEN(…))`, `FLATTEN(…)`)
 * and GENERATOR (`TABLE(GENERATOR(ROWCOUNT => n))`).
 *
 * SQLite has no lateral subqueries, but a table-valued function in a join may read the columns
 * of the items before it. FLATTEN becomes `json_each(FLOE_FLATTEN(…)) AS f`: the engine function
 * returns the rows for one input as a JSON array, and every reference to f's columns (SEQ, KEY,
 * PATH, INDEX, VALUE, THIS) becomes `json_extract(f.value, '$[i]')`, typed as Snowflake types them.
 */
import { Dialect, parse } from '@polyglot-sql/sdk';
import { sqlErrors } from '../errors';
import { kindOf, type Node } from '../parse';
import { types, type SfType } from '../types';
import { variantTag } from '../functions/variant-tags';
import { fn, lit } from './ast';
import { derivedTable } from './derived';
import { infer } from './infer';
import { isIdent, normalize, quotedIdent, storageName, storedIdent, type Ident } from './names';
import type { RewriteContext, TableRef } from './rewrite';

const FLATTEN_COLUMNS: [string, SfType][] = [
  ['SEQ', types.number(38, 0)], ['KEY', types.varchar()], ['PATH', types.varchar()], ['INDEX', types.number(38, 0)],
  ['VALUE', types.variant()], ['THIS', types.variant()],
];

/** Names engine counters after the statement and the call site (FLATTEN's SEQ, SEQ4()). */
let sites = 0;
export const siteName = (ctx: Pick<RewriteContext, 'statementId'>) => `${ctx.statementId}:${++sites}`;
const callSite = (ctx: Pick<RewriteContext, 'statementId'>): Node => lit(siteName(ctx));

type Call = { name: string; args: unknown[] };

function callOf(node: unknown): Call | null {
  const f = (node as { function?: { name?: unknown; args?: unknown[] } } | null)?.function;
  return f && typeof f.name === 'string' ? { name: f.name.toUpperCase(), args: f.args ?? [] } : null;
}

/** Named (`input => x`) and positional arguments, by upper-case name. */
function namedArgs(args: unknown[], positional: string[]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  args.forEach((a, i) => {
    const named = (a as { named_argument?: { name: Ident; value: unknown } }).named_argument;
    if (named) out.set(named.name.name.toUpperCase(), named.value);
    else if (positional[i]) out.set(positional[i], a);
  });
  return out;
}

/** The FROM item's table function and alias, whichever of Snowflake's spellings it uses. */
function tableCall(k: string, v: Record<string, unknown>): { call: Call; alias: string | null } | null {
  const unwrap = (node: unknown): Call | null => {
    const c = callOf(node);
    if (c?.name === 'TABLE') return callOf(c.args[0]);
    return c;
  };
  let call: Call | null = null;
  let alias: string | null = null;
  if (k === 'lateral') {
    call = unwrap(v.this);
    if (typeof v.alias === 'string') alias = v.alias_quoted ? v.alias : v.alias.toUpperCase();
  } else if (k === 'alias') {
    call = unwrap(v.this);
    if (isIdent(v.alias)) alias = normalize(v.alias);
  } else if (k === 'function') {
    call = unwrap({ function: v });
  }
  return call && (call.name === 'FLATTEN' || call.name === 'GENERATOR') ? { call, alias } : null;
}

const aliased = (node: Node, alias: string): Node => ({
  alias: { this: node, alias: storedIdent(alias), column_aliases: [], alias_explicit_as: true, alias_keyword: 'AS', pre_alias_comments: [], trailing_comments: [] },
});

function flatten(call: Call, alias: string, ctx: RewriteContext, rewriteArg: (n: unknown) => unknown): Node {
  const args = namedArgs(call.args, ['INPUT', 'PATH', 'OUTER', 'RECURSIVE', 'MODE']);
  const input = args.get('INPUT');
  if (input === undefined) throw sqlErrors.invalidValue('FLATTEN: argument INPUT is required');
  const inputSql = rewriteArg(input) as Node;
  const opt = (name: string, dflt: Node) => (args.has(name) ? (rewriteArg(args.get(name)) as Node) : dflt);
  const rows = fn('FLOE_FLATTEN', [
    callSite(ctx), lit(variantTag(infer(inputSql, ctx).type)), inputSql,
    opt('PATH', lit('')), opt('OUTER', lit(0)), opt('RECURSIVE', lit(0)), opt('MODE', lit('BOTH')),
  ]);
  const ref: TableRef = {
    alias, database: '', schema: '', derived: true,
    table: derivedTable(alias, FLATTEN_COLUMNS.map(([name, type]) => ({ name, type, nullable: true }))),
    expand: (column) => {
      const i = FLATTEN_COLUMNS.findIndex(([name]) => name === column);
      const node = fn('json_extract', [{ column: { name: quotedIdent('value'), table: storedIdent(alias), join_mark: false, trailing_comments: [] } }, lit(`$[${i}]`)]);
      ctx.typed.set(node, () => ({ type: FLATTEN_COLUMNS[i][1], nullable: true }));
      return node;
    },
  };
  ctx.tables.push(ref);
  return aliased(fn('json_each', [rows]), alias);
}

/** A constant non-negative integer argument; null for NULL (which GENERATOR ignores). */
function constantInteger(node: unknown, what: string): number | null {
  const o = node as { literal?: { literal_type: string; value: string }; null?: unknown } | undefined;
  if (o && 'null' in o) return null;
  const n = o?.literal?.literal_type === 'number' ? Number(o.literal.value) : NaN;
  if (!Number.isInteger(n) || n < 0) throw sqlErrors.invalidValue(`GENERATOR: ${what} must be a constant non-negative integer`);
  return n;
}

/**
 * Rows TIMELIMIT => s stands for: Snowflake makes as many as fit in s seconds; Floe makes a fixed
 * number per second, so that a write using it replays to the same rows.
 */
export const GENERATOR_ROWS_PER_SECOND = 1_000_000;

/** Aliases of the GENERATORs of each statement: SEQ4() reads their row numbers. */
const generators = new WeakMap<RewriteContext, string[]>();

/**
 * GENERATOR(ROWCOUNT => n [, TIMELIMIT => s]) / GENERATOR([TIMELIMIT => s]): rows numbered
 * 0…n-1 in column __floe_row (fewer when the time limit comes first; none without either), as the
 * cross join of a recursive count to ⌈√n⌉ with itself (a million rows in a fraction of a second).
 */
function generator(call: Call, alias: string, ctx: RewriteContext): Node {
  const args = namedArgs(call.args, ['ROWCOUNT']);
  const count = args.has('ROWCOUNT') ? constantInteger(args.get('ROWCOUNT'), 'ROWCOUNT') : null;
  const seconds = args.has('TIMELIMIT') ? constantInteger(args.get('TIMELIMIT'), 'TIMELIMIT') : null;
  const timed = seconds === null ? null : seconds * GENERATOR_ROWS_PER_SECOND;
  const n = count === null ? timed ?? 0 : Math.min(count, timed ?? count);
  const m = Math.max(1, Math.ceil(Math.sqrt(n)));
  const rows = `WITH RECURSIVE t(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM t WHERE k < ${m - 1}) SELECT a.k * ${m} + b.k AS "${ROW}" FROM t AS a, t AS b WHERE a.k * ${m} + b.k < ${n}`;
  const r = parse(`SELECT * FROM (${rows}) AS "${storageName(alias).replace(/"/g, '""')}"`, Dialect.SQLite);
  if (!r.success || !r.ast) throw new Error(`GENERATOR: ${r.error}`);
  const from = ((r.ast[0] as { select: { from: { expressions: Node[] } } }).select.from.expressions)[0];
  ctx.tables.push({ alias, database: '', schema: '', derived: true, table: derivedTable(alias, []) });
  generators.set(ctx, [...(generators.get(ctx) ?? []), alias]);
  return from;
}
const ROW = '__floe_row';

/**
 * SEQ1/SEQ2/SEQ4/SEQ8(): over a GENERATOR its row number; elsewhere an engine counter per call
 * site (0, 1, 2 … in the order SQLite produces rows).
 */
function seq(k: string, v: Record<string, unknown>, ctx: RewriteContext): Node | null {
  if (k !== 'function' || !/^SEQ[1248]$/i.test(String(v.name))) return null;
  const gens = generators.get(ctx) ?? [];
  const node = gens.length === 1
    ? { column: { name: quotedIdent(ROW), table: storedIdent(gens[0]), join_mark: false, trailing_comments: [] } }
    : fn('FLOE_SEQ', [callSite(ctx)]);
  ctx.typed.set(node, () => ({ type: types.number(38, 0), nullable: false }));
  return node;
}

let unnamed = 0;

/** A FROM item that is FLATTEN or GENERATOR (or a SEQn() call), rewritten for SQLite; null for any other node. */
export function rewriteTableFunction(k: string, v: Record<string, unknown>, ctx: RewriteContext, rewriteArg: (n: unknown) => unknown): Node | null {
  if (!v || typeof v !== 'object') return null;
  const found = tableCall(k, v);
  if (!found) return seq(k, v, ctx);
  const alias = found.alias ?? `${found.call.name}_${++unnamed}`;
  return found.call.name === 'FLATTEN' ? flatten(found.call, alias, ctx, rewriteArg) : generator(found.call, alias, ctx);
}

/**
 * A column reference to a FLATTEN's output (qualified by its alias, or unqualified and no other
 * table in scope has that column), as its SQLite expression; null otherwise.
 */
export function tableFunctionColumn(v: Record<string, unknown>, ctx: RewriteContext): Node | null {
  if (!isIdent(v.name)) return null;
  const name = normalize(v.name);
  const qualifier = isIdent(v.table) ? normalize(v.table) : null;
  const has = (r: TableRef) => r.table.columns.some((c) => c.name === name);
  const ref = ctx.tables.find((r) => r.expand && (qualifier === null ? has(r) : r.alias === qualifier));
  if (ref?.expand && has(ref)) {
    if (qualifier === null && ctx.tables.some((r) => r !== ref && has(r))) return null;
    return ref.expand(name);
  }
  // json_each's own columns (id, key, value …) would make a table's column of that name ambiguous.
  if (qualifier !== null || !JSON_EACH_COLUMNS.has(name.toLowerCase()) || !ctx.tables.some((r) => r.expand)) return null;
  const owners = ctx.tables.filter((r) => !r.expand && has(r));
  return owners.length === 1 ? { column: { name: storedIdent(name), table: storedIdent(owners[0].alias), join_mark: false, trailing_comments: [] } } : null;
}

const JSON_EACH_COLUMNS = new Set(['key', 'value', 'type', 'atom', 'id', 'parent', 'fullkey', 'path', 'json', 'root']);

/**
 * `f.*` over a FLATTEN, and `*` over FLATTENs alone, as its six named columns, before the select
 * is rewritten (json_each's own columns are not FLATTEN's).
 */
export function expandFlattenStars(sel: Record<string, unknown>): void {
  if (!Array.isArray(sel.expressions) || !sel.expressions.some((e) => (e as { star?: unknown }).star)) return;
  const from = (sel.from as { expressions?: Node[] } | null)?.expressions ?? [];
  const joins = ((sel.joins as { this: Node }[] | undefined) ?? []).map((j) => j.this);
  const items = [...from, ...joins].map((item) => tableCall(kindOf(item), item[kindOf(item)] as Record<string, unknown>));
  const flattens = items.filter((f) => f?.call.name === 'FLATTEN');
  if (!flattens.length) return;
  const columns = (alias: string | null) => FLATTEN_COLUMNS.map(([name]) => ({
    alias: {
      this: { column: { name: quotedIdent(name), table: alias === null ? null : quotedIdent(alias), join_mark: false, trailing_comments: [] } },
      alias: quotedIdent(name), column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [],
    },
  }));
  sel.expressions = (sel.expressions as Record<string, Record<string, unknown>>[]).flatMap((e) => {
    const star = e.star;
    if (!star) return [e];
    if (isIdent(star.table)) return flattens.some((f) => f!.alias === normalize(star.table as Ident)) ? columns(normalize(star.table)) : [e];
    const plain = !star.except && !star.rename && !star.replace;
    return plain && flattens.length === 1 && items.length === 1 ? columns(null) : [e];
  });
}
