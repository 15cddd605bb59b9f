/**
 * Table functions in FROM: the row functions FLATTEN, SPLIT_TO_TABLE and STRTOK_SPLIT_TO_TABLE
 * (`TABLE(f(…))`, `LATERAL f(…)`, `f(…)`, each with or without an alias) and GENERATOR
 * (`TABLE(GENERATOR(ROWCOUNT => n))`).
 *
 * A row function F becomes a FROM item over the elements of `FLOE_F(site, …)` (the dialect's
 * jsonElements: `json_each(…) AS f` in SQLite, whose table-valued functions in a join may read the
 * columns of the items before it): the engine function returns the rows for one input as a JSON
 * array of rows, and every reference to one of f's columns becomes the dialect's cell i of the
 * element (`json_extract(f.value, '$[i]')`), typed as Snowflake types it. Adding one is
 * an entry in ROW_FUNCTIONS and its engine function (lib/engine/worker/functions/table-functions.ts).
 */
import type { EngineFunctionOfKind } from '@/lib/engine/functions/manifest';
import { sqlErrors } from '../errors';
import { arity } from '../functions/arity';
import { asText } from '../functions/string';
import { asKind, kindOf, payloadOf, type Node, type NodeOf } from '../parse';
import { types, type SfType } from '../types';
import { variantTag } from '../tree/variant-tags';
import { aliasNode, columnNode, engineFn, fn, lit } from '../tree/ast';
import { derivedTable } from './derived';
import { infer } from './infer';
import { isIdent, normalize, quotedIdent, storedIdent, type Ident } from './names';
import type { RewriteContext, TableRef } from './rewrite';

/** Names engine counters after the statement and the call site (a row function's SEQ, SEQ4()). */
let sites = 0;
export const siteName = (ctx: Pick<RewriteContext, 'statementId'>) => `${ctx.statementId}:${++sites}`;
const callSite = (ctx: Pick<RewriteContext, 'statementId'>): Node => lit(siteName(ctx));

type Call = { name: string; args: Node[] };
type RewriteArg = (n: Node) => Node;

function callOf(node: unknown): Call | null {
  const f = asKind(node, 'function');
  return f && typeof f.name === 'string' ? { name: f.name.toUpperCase(), args: f.args ?? [] } : null;
}

/** A call inside TABLE(…): `f(…)`, or `db.schema.f(…)` named as written (for the error naming it). */
function tableArgCall(node: unknown): Call | null {
  const m = asKind(node, 'method_call');
  if (!m) return callOf(node);
  const column = asKind(m.this, 'column');
  const qualifier = [column?.table, column?.name].flatMap((id) => (id ? [normalize(id)] : []));
  return { name: [...qualifier, normalize(m.method)].join('.'), args: m.args ?? [] };
}

/** Named (`input => x`) and positional arguments, by upper-case name. */
function namedArgs(args: Node[], positional: string[]): Map<string, Node> {
  const out = new Map<string, Node>();
  args.forEach((a, i) => {
    const named = asKind(a, 'named_argument');
    if (named) out.set(named.name.name.toUpperCase(), named.value);
    else if (positional[i]) out.set(positional[i], a);
  });
  return out;
}

/** A table function whose rows the engine computes for each input row. */
interface RowFunction {
  /** The engine function that computes one input's rows. */
  engine: EngineFunctionOfKind<'table'>;
  /** Output columns, in the order of each engine row's cells. */
  columns: [string, SfType][];
  /** The engine function's arguments after the call site: checked, rewritten, defaults supplied. */
  args: (call: Call, ctx: RewriteContext, rewriteArg: RewriteArg) => Node[];
}

const FLATTEN_COLUMNS: [string, SfType][] = [
  ['SEQ', types.number(38, 0)], ['KEY', types.varchar()], ['PATH', types.varchar()], ['INDEX', types.number(38, 0)],
  ['VALUE', types.variant()], ['THIS', types.variant()],
];
const SPLIT_COLUMNS: [string, SfType][] = [['SEQ', types.number(38, 0)], ['INDEX', types.number(38, 0)], ['VALUE', types.varchar()]];

function flattenArgs(call: Call, ctx: RewriteContext, rewriteArg: RewriteArg): Node[] {
  const args = namedArgs(call.args, ['INPUT', 'PATH', 'OUTER', 'RECURSIVE', 'MODE']);
  const input = args.get('INPUT');
  if (input === undefined) throw sqlErrors.invalidValue('FLATTEN: argument INPUT is required');
  const inputSql = rewriteArg(input);
  const opt = (name: string, dflt: Node) => { const given = args.get(name); return given === undefined ? dflt : rewriteArg(given); };
  return [lit(variantTag(infer(inputSql, ctx).type)), inputSql, opt('PATH', lit('')), opt('OUTER', lit(0)), opt('RECURSIVE', lit(0)), opt('MODE', lit('BOTH'))];
}

/** `required` string arguments then optional ones (`defaults` when left out), as Snowflake's text of them. */
const textArgs = (required: number, defaults: string[] = []) => (call: Call, ctx: RewriteContext, rewriteArg: RewriteArg): Node[] => {
  arity(call, required, required + defaults.length);
  const given = call.args.map((a) => {
    const node = rewriteArg(a);
    return asText(node, infer(node, ctx));
  });
  return [...given, ...defaults.slice(given.length - required).map((d) => lit(d))];
};

const ROW_FUNCTIONS = new Map<string, RowFunction>([
  ['FLATTEN', { engine: 'FLOE_FLATTEN', columns: FLATTEN_COLUMNS, args: flattenArgs }],
  ['SPLIT_TO_TABLE', { engine: 'FLOE_SPLIT_TO_TABLE', columns: SPLIT_COLUMNS, args: textArgs(2) }],
  ['STRTOK_SPLIT_TO_TABLE', { engine: 'FLOE_STRTOK_SPLIT_TO_TABLE', columns: SPLIT_COLUMNS, args: textArgs(1, [' ']) }],
]);

interface TableCall {
  call: Call;
  alias: string | null;
  /** `AS f(a, b, …)`: names for the first output columns. */
  columnAliases: string[];
  /** Spelled `TABLE(f(…))` or `LATERAL f(…)`: f can only be a table function. */
  wrapped: boolean;
}

/** The FROM item's function call and alias, whichever of Snowflake's spellings it uses. */
function tableCall(k: string, v: Record<string, unknown>): TableCall | null {
  const unwrap = (node: unknown): TableCall | null => {
    const c = callOf(node);
    if (c?.name !== 'TABLE') return c && { call: c, alias: null, columnAliases: [], wrapped: k === 'lateral' };
    const inner = tableArgCall(c.args[0]);
    // TABLE('name') / TABLE($var) / TABLE(?): a table named by a string, which Floe does not resolve.
    if (!inner) throw sqlErrors.unsupported('TABLE(<object name>)');
    return { call: inner, alias: null, columnAliases: [], wrapped: true };
  };
  if (k === 'lateral') {
    const found = unwrap(v.this);
    if (found && typeof v.alias === 'string') found.alias = v.alias_quoted ? v.alias : v.alias.toUpperCase();
    return found;
  }
  if (k === 'alias') {
    const found = unwrap(v.this);
    if (found && isIdent(v.alias)) found.alias = normalize(v.alias);
    if (found && Array.isArray(v.column_aliases)) found.columnAliases = v.column_aliases.filter(isIdent).map(normalize);
    return found;
  }
  return k === 'function' ? unwrap({ function: v }) : null;
}

/** A row function's columns as the FROM item names them. */
const outputColumns = (f: RowFunction, found: TableCall): [string, SfType][] =>
  f.columns.map(([name, type], i) => [found.columnAliases[i] ?? name, type]);

/** The elements of `<engine function>(site, …)` AS alias, its columns in scope as expressions over the element. */
function rowTable(f: RowFunction, found: TableCall, alias: string, ctx: RewriteContext, rewriteArg: RewriteArg): Node {
  const rows = engineFn(f.engine, [callSite(ctx), ...f.args(found.call, ctx, rewriteArg)]);
  const columns = outputColumns(f, found);
  ctx.tables.push({
    alias, database: '', schema: '', derived: true,
    table: derivedTable(alias, columns.map(([column, type]) => ({ name: column, type, nullable: true }))),
    expand: (column) => {
      const i = columns.findIndex(([c]) => c === column);
      const node = ctx.dialect.jsonElementCell(alias, i);
      ctx.typed.set(node, () => ({ type: columns[i][1], nullable: true }));
      return node;
    },
  });
  return ctx.dialect.jsonElements(rows, alias);
}

/** A constant non-negative integer argument; null for NULL (which GENERATOR ignores). */
function constantInteger(node: unknown, what: string): number | null {
  if (node && typeof node === 'object' && 'null' in node) return null;
  const literal = asKind(node, 'literal');
  const n = literal?.literal_type === 'number' ? Number(literal.value) : NaN;
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
  const from = ctx.dialect.generatorRows(n, ROW, alias);
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
    ? columnNode(quotedIdent(ROW), storedIdent(gens[0]))
    : engineFn('FLOE_SEQ', [callSite(ctx)]);
  ctx.typed.set(node, () => ({ type: types.number(38, 0), nullable: false }));
  return node;
}

let unnamed = 0;

/**
 * A FROM item that is a table function (or a SEQn() call), rewritten for SQLite; null for any
 * other node. A wrapped call of a function Floe does not have fails as Snowflake's unknown table
 * function (SQLite would only see `TABLE(…)` and call it a syntax error).
 */
export function rewriteTableFunction(k: string, v: Record<string, unknown>, ctx: RewriteContext, rewriteArg: RewriteArg): Node | null {
  if (!v || typeof v !== 'object') return null;
  const found = tableCall(k, v);
  const name = found?.call.name ?? '';
  const row = ROW_FUNCTIONS.get(name);
  if (!found || (!row && name !== 'GENERATOR')) {
    if (found?.wrapped) throw sqlErrors.unknownTableFunction(name);
    return seq(k, v, ctx);
  }
  const alias = found.alias ?? `${name}_${++unnamed}`;
  return row ? rowTable(row, found, alias, ctx, rewriteArg) : generator(found.call, alias, ctx);
}

/**
 * A column reference to a row function's output (qualified by its alias, or unqualified and no other
 * table in scope has that column), as its SQLite expression; null otherwise. The FROM items of
 * selects already rewritten (a CTE, a subquery, the other side of a UNION) are out of scope.
 */
export function tableFunctionColumn(v: Record<string, unknown>, ctx: RewriteContext): Node | null {
  if (!isIdent(v.name)) return null;
  const name = normalize(v.name);
  const qualifier = isIdent(v.table) ? normalize(v.table) : null;
  const scope = ctx.tables.filter((r) => !ctx.innerRefs?.has(r));
  const has = (r: TableRef) => r.table.columns.some((c) => c.name === name);
  const ref = scope.find((r) => r.expand && (qualifier === null ? has(r) : r.alias === qualifier));
  if (ref?.expand && has(ref)) {
    if (qualifier === null && scope.some((r) => r !== ref && has(r))) return null;
    return ref.expand(name);
  }
  // json_each's own columns (id, key, value …) would make a table's column of that name ambiguous.
  if (qualifier !== null || !JSON_EACH_COLUMNS.has(name.toLowerCase()) || !scope.some((r) => r.expand)) return null;
  const owners = scope.filter((r) => !r.expand && has(r));
  return owners.length === 1 ? columnNode(storedIdent(name), storedIdent(owners[0].alias)) : null;
}

const JSON_EACH_COLUMNS = new Set(['key', 'value', 'type', 'atom', 'id', 'parent', 'fullkey', 'path', 'json', 'root']);

/**
 * `f.*` over a row function, and `*` over one alone, as its named columns, before the select is
 * rewritten (json_each's own columns are not the function's).
 */
export function expandRowFunctionStars(sel: NodeOf<'select'>): void {
  if (!Array.isArray(sel.expressions) || !sel.expressions.some((e) => asKind(e, 'star'))) return;
  const from = sel.from?.expressions ?? [];
  const joins = (sel.joins ?? []).map((j) => j.this);
  const items = [...from, ...joins].map((item) => tableCall(kindOf(item), payloadOf(item)));
  const rowItems = items.filter((f): f is TableCall => !!f && ROW_FUNCTIONS.has(f.call.name));
  if (!rowItems.length) return;
  const columns = (f: TableCall, alias: string | null) => outputColumns(ROW_FUNCTIONS.get(f.call.name)!, f).map(([name]) =>
    aliasNode(columnNode(quotedIdent(name), alias === null ? null : quotedIdent(alias)), quotedIdent(name)));
  sel.expressions = sel.expressions.flatMap((e) => {
    const star = asKind(e, 'star');
    if (!star) return [e];
    const qualifier = star.table;
    if (qualifier) {
      const f = rowItems.find((r) => r.alias === normalize(qualifier));
      return f ? columns(f, f.alias) : [e];
    }
    const plain = !star.except && !star.rename && !star.replace;
    return plain && rowItems.length === 1 && items.length === 1 ? columns(rowItems[0], null) : [e];
  });
}
