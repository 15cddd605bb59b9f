/**
 * Rewrites a Snowflake AST into one SQLite can run: resolves table names to their storage
 * tables, applies identifier case rules, numbers bind placeholders, replaces casts and functions
 * SQLite lacks with Floe's engine functions, and substitutes session functions.
 */
import type { Catalog, TableInfo } from '@/lib/catalog/catalog';
import { tableStorageName } from '@/lib/catalog/system-tables';
import { SqlError, sqlErrors } from '../errors';
import { asKind, isNode, kindOf, makeNode, payloadOf, rebuildNode, type Node, type NodeKind, type NodeOf } from '../parse';
import type { Session } from '../session';
import { typeOfBind, types, type SfType } from '../types';
import { callArgs, findFunction, functionKinds, unknownCall, variantArgumentType, type Call, type FunctionDef, type Typed } from '../functions';
import { checkMissingArguments, engineArity, watchedArguments } from '../functions/arity';
import { isEngineFunction } from '@/lib/engine/functions/manifest';
import { castNode, columnNode, engineFn, firstSelect, fn, isEngineCall, lit, paren, type DataType } from '../tree/ast';
import { infer } from './infer';
import { derivedTable, queryColumns, registerDerived, type DerivedColumn } from './derived';
import { castTarget, castTo, convertTo } from '../tree/convert';
import { isSemiStructured } from '../tree/variant-tags';
import { castExpression } from '../functions/conversion';
import { inputFormatOf } from '../functions/value-kinds';
import { arithmeticSql, arithmeticType, comparisonSql, negateSql, orderKeys, wideLiteral, type ArithmeticKind } from '../tree/exact-numeric';
import { jsonRows, type BindType } from '@/lib/values';
import type { StepParam } from '@/lib/engine/types';
import { fromStorageName, isIdent, normalize, quotedIdent, resolveTable, storageName, storedIdent, type Ident } from './names';
import { valuesSource } from './values-source';
import { MODULE_KINDS, PASS_THROUGH_KINDS, UNREAD_FIELDS, unsupportedFeatureName } from './node-policy';
import { betweenSql, inListSql, simpleCaseSql } from './exact-predicates';
import { variantOperands } from './variant-compare';
import { numericOperand, OPERATOR_SYMBOL, operandType, requireNumbers, temporalArithmetic } from '../functions/operand-types';
import { rewriteQuerySyntax } from './query-syntax';
import { expandStar } from './star';
import { rewriteNextval } from './sequences';
import { rewriteGetDdl } from './get-ddl';
import { positionalColumn, positionalSource, type PositionalSource } from './positional';
import { expandView, viewSubquery } from './views';
import { expandGroupingSets } from './grouping-sets';
import { nestedQualify } from './query-clauses';
import { renamedColumns } from './derived-columns';
import { expandClauseAliases, expandLateralAliases } from './lateral-aliases';
import { displayNameOf } from './written-names';
import { convertBranches, markChained, type SetKind } from './set-operations';
import { asTableInfo, findTableFunction, findVirtualTable, virtualSubquery, type CompileServices, type VirtualTable } from './virtual-tables';

/** Parser literal kinds that are typed constants, as the parser's data type their text is cast to. */
const TYPED_LITERALS: Record<string, DataType> = {
  date: { data_type: 'date' },
  time: { data_type: 'time', precision: null, timezone: false },
  timestamp: { data_type: 'timestamp', precision: null, timezone: false },
  datetime: { data_type: 'timestamp', precision: null, timezone: false },
};

export type { RewriteContext, TableRef, TypeStamp } from './context';
import type { RewriteContext, TableRef, TypeStamp } from './context';

/**
 * The bind position of a statement's k-th virtual table (0-based): after every value the request
 * binds, so the lifecycle appends the virtual rows to the request's bindings.
 */
export const virtualParamIndex = (ctx: Pick<RewriteContext, 'paramTypes'>, k: number) => ctx.paramTypes.length + 1 + k;


/** A statement's WITH clause (the `with` field of a select, insert …), or undefined. */
const isWith = (v: unknown): v is NodeOf<'with'> => !!v && typeof v === 'object' && 'ctes' in v && Array.isArray(v.ctes);

/** A table reference held as a field (an UPDATE's or DELETE's target) rather than as a `table` node. */
const isTablePayload = (v: unknown): v is NodeOf<'table'> => !!v && typeof v === 'object' && 'catalog' in v && 'name' in v;

/** Collects CTE names first: a table reference to one of them is not resolved in the catalog. */
export function collectCtes(node: unknown, out: Set<string>, defs?: Map<string, NodeOf<'with'>['ctes'][number]>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) { for (const n of node) collectCtes(n, out, defs); return; }
  const w = 'with' in node && isWith(node.with) ? node.with : undefined;
  for (const cte of w?.ctes ?? []) {
    out.add(normalize(cte.alias));
    defs?.set(normalize(cte.alias), structuredClone(cte));
  }
  for (const v of Object.values(node)) collectCtes(v, out, defs);
}

/** The operation a missing current database or schema is reported for (090105 / 090106). */
function operationOf(ctx: RewriteContext): string {
  const verb = /^\w+/.exec(ctx.sourceText ?? '')?.[0].toUpperCase();
  return verb === 'INSERT' || verb === 'UPDATE' || verb === 'DELETE' || verb === 'MERGE' ? verb : 'SELECT';
}

/**
 * A table reference: its storage table, or the expanded query of a view. `write`: the statement
 * writes it (INSERT, UPDATE, DELETE, MERGE, TRUNCATE), so a view is refused before it is expanded.
 */
function rewriteTableRef(t: NodeOf<'table'>, ctx: RewriteContext, write = false): Node {
  const parts = [t.catalog, t.schema, t.name].map((x) => (isIdent(x) ? normalize(x) : null));
  if (parts[0] === null && parts[1] === null && ctx.ctes.has(parts[2]!)) {
    const cols = ctx.cteColumns?.get(parts[2]!);
    const alias = isIdent(t.alias) ? normalize(t.alias) : parts[2]!;
    if (cols) ctx.tables.push({ alias, table: derivedTable(alias, cols), database: '', schema: '', derived: true });
    // Always aliased: `*` over it is expanded by alias (star.ts).
    return makeNode('table', { ...t, name: storedIdent(parts[2]!), alias: storedIdent(alias), alias_explicit_as: true });
  }
  const { db, schema, table } = resolveTable(ctx.catalog, ctx.session, parts, operationOf(ctx));
  const alias = t.alias ? normalize(t.alias) : normalize(t.name);
  ctx.tables.push({ alias, table, database: db.name, schema: schema.name });
  if (table.kind === 'VIEW') {
    if (write) throw sqlErrors.viewNotWritable();
    return viewSubquery(expandView(table, { database: db.name, schema: schema.name }, ctx), alias);
  }
  return makeNode('table', { ...t, name: quotedIdent(tableStorageName(table.id)), schema: null, catalog: null, alias: storedIdent(alias), alias_explicit_as: true });
}

/** The table field of an UPDATE or DELETE, rewritten (a view is refused). */
const dmlTarget = (t: NodeOf<'table'>, ctx: RewriteContext): unknown => asKind(rewriteTableRef(t, ctx, true), 'table');

/** The table an INSERT or MERGE writes, resolved and in scope (a view is refused). */
export function writeTarget(t: NodeOf<'table'>, ctx: RewriteContext): TableRef {
  rewriteTableRef(t, ctx, true);
  return ctx.tables[ctx.tables.length - 1];
}

function virtualNode(vt: VirtualTable, alias: string, database: string, ctx: RewriteContext): Node {
  const k = ctx.virtualParams.push(Array.isArray(vt.rows) ? jsonRows(vt.rows) : vt.rows) - 1;
  const node = virtualSubquery(vt, virtualParamIndex(ctx, k), alias, ctx.dialect);
  const select = firstSelect(node) ?? undefined;
  ctx.tables.push({ alias, table: asTableInfo(vt), database, schema: vt.name === 'RESULT_SCAN' ? '' : 'INFORMATION_SCHEMA', select });
  return node;
}

/** A FROM item naming an INFORMATION_SCHEMA view or QUERY_HISTORY(), as a subquery; else null. */
function rewriteVirtual(node: Node, ctx: RewriteContext): Node | null {
  const t = asKind(node, 'table');
  if (t && 'catalog' in t) {
    const parts = [t.catalog, t.schema, t.name].map((x) => (x ? normalize(x) : null));
    const vt = findVirtualTable(parts, ctx.catalog, ctx.session, ctx.services);
    if (!vt) return null;
    const alias = t.alias ? normalize(t.alias) : parts[2]!;
    return virtualNode(vt, alias, parts[0] ?? ctx.session.database ?? '', ctx);
  }
  // TABLE(fn(…)) [AS alias]
  const aliased = asKind(node, 'alias');
  const call = asKind(node, 'function') ?? asKind(aliased?.this, 'function');
  if (call && String(call.name).toUpperCase() === 'TABLE') {
    const method = asKind(call.args?.[0], 'method_call');
    const f = method ? { name: method.method.name, args: method.args } : asKind(call.args?.[0], 'function');
    const vt = f ? findTableFunction(String(f.name), f.args ?? [], ctx.session, ctx.services) : null;
    if (!vt) return null;
    return virtualNode(vt, aliased?.alias ? normalize(aliased.alias) : vt.name, '', ctx);
  }
  return null;
}

/**
 * A kind's rule: the SQLite form of a node of that kind (`v` its payload), or undefined to
 * rewrite its fields as they are (the generic walk of rewriteFields).
 */
type ComparisonKind = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte';

type Rule<K extends NodeKind> = (v: NodeOf<K>, ctx: RewriteContext, kind: K) => unknown;

const arithmetic: Rule<ArithmeticKind> = (v, ctx, k) => {
  const [left, right] = [rewrite(v.left, ctx), rewrite(v.right, ctx)];
  const [a, b] = [infer(left, ctx), infer(right, ctx)];
  const temporal = temporalArithmetic(k, left, right, a, b);
  if (temporal) return stamp(ctx, temporal.node, (inferArg) => ({ type: temporal.type, nullable: inferArg(left).nullable || inferArg(right).nullable }), [left, right]);
  requireNumbers(OPERATOR_SYMBOL[k], [a.type, b.type]);
  const sql = arithmeticSql(k, numericOperand(left, a.type), numericOperand(right, b.type), { ...a, type: operandType(a.type) }, { ...b, type: operandType(b.type) }, v);
  return stamp(ctx, sql, (inferArg) => {
    const [ta, tb] = [inferArg(left), inferArg(right)];
    return { type: arithmeticType(k, operandType(ta.type), operandType(tb.type)), nullable: ta.nullable || tb.nullable || k === 'div' || k === 'mod' };
  }, [left, right]);
};

/**
 * Text compared with a DATE, TIME, TIMESTAMP_* or BINARY value while the session gives that
 * type an input format (DATE_INPUT_FORMAT …): the text is read by it, as Snowflake converts it to
 * the other side's type. Under AUTO and HEX both sides stay as they are.
 */
function textByInputFormat(x: Node, other: Node, ctx: RewriteContext): Node {
  const o = infer(other, ctx).type;
  if (!o || infer(x, ctx).type?.wire !== 'text' || inputFormatOf(o, ctx.session.inputFormats) === null) return x;
  return castRewritten(x, o, ctx);
}

const comparison: Rule<ComparisonKind> = (v, ctx, k) => {
  const [l1, r1] = [rewrite(v.left, ctx), rewrite(v.right, ctx)];
  const [l0, r0] = [textByInputFormat(l1, r1, ctx), textByInputFormat(r1, l1, ctx)];
  const [left, right, a, b] = variantOperands(l0, r0, infer(l0, ctx), infer(r0, ctx));
  return stamp(ctx, comparisonSql(k, left, right, a, b, v), (inferArg) =>
    ({ type: types.boolean(), nullable: inferArg(left).nullable || inferArg(right).nullable }), [left, right]);
};

/**
 * The rewrite's table of rules, by node kind. A kind is compiled by a rule here, by a module
 * consulted before the table (MODULE_KINDS), by the function library, or passes through as an
 * allowed kind (PASS_THROUGH); any other kind is refused before it can reach the engine.
 */
const RULES: { [K in NodeKind]?: Rule<K> } = {
  table: (v, ctx) => ('catalog' in v ? rewriteTableRef(v, ctx) : undefined),
  values: (v, ctx) => ('column_aliases' in v ? valuesSource(v, v.alias, v.column_aliases, (n) => rewrite(n, ctx)) : undefined),
  subquery: (v, ctx) => {
    const inner = asKind(v.this, 'values');
    if (inner) return valuesSource(inner, v.alias, v.column_aliases, (n) => rewrite(n, ctx));
    const renamed = renamedColumns(v);
    return renamed ? rewrite(renamed, ctx) : undefined;
  },
  placeholder: (v, ctx) => {
    // Numbered ahead by numberPlaceholders when its select was rewritten out of text order.
    const index = typeof v.index === 'number' ? v.index : ctx.nextParam++;
    ctx.maxParam = Math.max(ctx.maxParam, index);
    return boundPlaceholder(index, ctx);
  },
  parameter: (v, ctx) => {
    if (v.style === 'Dollar' && typeof v.name === 'string') {
      const variable = ctx.session.variables[v.name.toUpperCase()];
      if (!variable) throw new SqlError('002211', '42000', `SQL compilation error: error line 1 at position 0\nSession variable '$${v.name.toUpperCase()}' does not exist`);
      // The variable's Snowflake literal, compiled where it is read.
      return rewrite(structuredClone(variable.node), ctx);
    }
    // $n is the n-th column of the FROM item ($name a session variable).
    if (typeof v.index === 'number' && v.style === 'Dollar') return positionalColumn(v.index, ctx);
    if (typeof v.index === 'number' && v.style === 'Colon') {
      ctx.maxParam = Math.max(ctx.maxParam, v.index);
      // A later bare ? continues after the highest number seen, as SQLite numbers them.
      ctx.nextParam = Math.max(ctx.nextParam, v.index + 1);
      return boundPlaceholder(v.index, ctx);
    }
    return undefined;
  },
  cast: (v, ctx) => {
    const target = castTarget(v.to, ctx.session);
    if (!target) throw sqlErrors.unsupported(`cast to ${JSON.stringify(v.to)}`);
    return castRewritten(rewrite(v.this, ctx) as Node, target, ctx);
  },
  literal: (v, ctx) => {
    // DATE '…', TIME '…', TIMESTAMP '…' are casts of their text; X'…' is BINARY from hex.
    const typedAs = TYPED_LITERALS[v.literal_type];
    if (typedAs) return rewrite(castNode(lit(String(v.value)), typedAs), ctx);
    if (v.literal_type === 'hex_string') return stamp(ctx, engineFn('FLOE_TO_BINARY', [lit(String(v.value)), lit('HEX')]), () => ({ type: types.binary(), nullable: false }));
    const wide = v.literal_type === 'number' ? wideLiteral(v.value) : null;
    return wide ? stamp(ctx, wide.node, () => ({ type: wide.type, nullable: false })) : undefined;
  },
  neg: (v, ctx) => {
    const arg = rewrite(v.this, ctx);
    const t = infer(arg, ctx);
    requireNumbers('-', [t.type]);
    // A string or VARIANT negated is the number it holds (a FLOAT, as the type says nothing more).
    if (t.type?.wire === 'text' || t.type?.wire === 'variant') {
      const x = numericOperand(arg, t.type);
      return stamp(ctx, makeNode('neg', { ...v, this: paren(x) }), (inferArg) => ({ type: types.float(), nullable: inferArg(arg).nullable }), [arg]);
    }
    return stamp(ctx, negateSql(arg, t, { ...v, this: arg }), (inferArg) => inferArg(arg), [arg]);
  },
  add: arithmetic, sub: arithmetic, mul: arithmetic, div: arithmetic, mod: arithmetic,
  eq: comparison, neq: comparison, gt: comparison, gte: comparison, lt: comparison, lte: comparison,
  union: (v, ctx, k) => setOperation(v, ctx, k), intersect: (v, ctx, k) => setOperation(v, ctx, k), except: (v, ctx, k) => setOperation(v, ctx, k),
  window_function: (v, ctx, k) => {
    const before = ctx.inWindow;
    ctx.inWindow = true;
    const fnNode = rewrite(v.this, ctx);
    ctx.inWindow = before;
    return rebuildNode(k, { ...rewriteFields({ ...v, this: null }, ctx), this: fnNode });
  },
};

/**
 * `arg` (rewritten) as type `target`: `::`, and the branches of a set operation. `keepStored`:
 * the caller knows the stored value is already right (a wider NUMBER), only the type changes.
 */
export function castRewritten(arg: Node, target: SfType, ctx: RewriteContext, keepStored = false): Node {
  const cast = keepStored ? arg : castExpression(arg, infer(arg, ctx).type, target, ctx.session);
  // A cast that leaves the stored value as it is returns its argument: a node of its own
  // carries the target type (typing the argument by itself would never end).
  const node = cast === arg ? paren(arg) : cast;
  return stamp(ctx, node, (inferArg) => ({ type: target, nullable: inferArg(arg).nullable }));
}

/**
 * UNION, INTERSECT, EXCEPT: the branches (the WITH first, as a select's), then, at the outermost
 * set operator of a chain, each branch converted to the columns' common types. The statement's
 * own query is converted by compileQuery, once its first select's `*` is expanded.
 */
function setOperation(v: NodeOf<SetKind>, ctx: RewriteContext, k: SetKind): Node {
  const outermost = !ctx.chainedSets?.has(v) && firstSelect(makeNode(k, v)) !== ctx.topSelect;
  markChained(v, ctx);
  const out = rebuildNode(k, rewriteFields(v, ctx));
  if (outermost) convertBranches(out, ctx, castRewritten);
  return out;
}

const ruleFor = <K extends NodeKind>(k: K): Rule<K> | undefined => RULES[k] as Rule<K> | undefined;

/** Kinds with a rule in the table. */
export const RULE_KINDS: ReadonlySet<NodeKind> = new Set(Object.keys(RULES) as NodeKind[]);

/** Whether the compiler has an entry for a node kind: a rule, a module, a function, or the pass-through list. */
export const compilesKind = (k: NodeKind): boolean => RULE_KINDS.has(k) || MODULE_KINDS.has(k) || functionKinds.has(k) || PASS_THROUGH_KINDS.has(k);

/** A node rewritten is a node (of its own kind or another); a payload's field keeps its shape. */
export function rewrite(node: Node, ctx: RewriteContext): Node;
export function rewrite(node: unknown, ctx: RewriteContext): unknown;
export function rewrite(node: unknown, ctx: RewriteContext): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => rewrite(n, ctx));
  const o = node as Record<string, unknown>;
  // Every identifier left names a column, an alias or a CTE: all in storage form. (A function
  // call's payload also has a name and a `quoted` flag: its arguments need rewriting.)
  if (isIdent(o) && !('args' in o)) return { ...o, name: storageName(normalize(o)), quoted: true };
  const keys = Object.keys(o);
  if (isNode(node)) {
    const k = kindOf(node);
    // Fail closed: a kind the compiler has no entry for never reaches the engine.
    if (!compilesKind(k)) throw sqlErrors.unsupported(unsupportedFeatureName(k));
    const v = payloadOf(node);
    for (const [field, feature] of Object.entries(UNREAD_FIELDS[k] ?? {})) if (v[field] != null) throw sqlErrors.unsupported(String(feature));
    const virtual = rewriteVirtual(node, ctx);
    if (virtual) return virtual;
    const known = rewriteNextval(node, ctx) ?? rewriteGetDdl(node, ctx);
    if (known) return known;
    const syntax = rewriteQuerySyntax(node, ctx, (n) => rewrite(n, ctx));
    if (syntax) return syntax;
    // Some calls have no payload at all (`random`, `pi`).
    const def = v === null || typeof v === 'object' ? findFunction(k, v ?? {}) : undefined;
    if (def) return rewriteCall(def, k, v ?? {}, ctx);
    // Fail closed on names too: a call the library does not define never reaches the engine
    // (SQLite would run its own PRINTF, UNICODE, INSTR … or answer with an engine error).
    // (Its arguments first: a construct refused in them is the better answer, TRANSFORM's lambda.)
    const call = asKind(node, 'function');
    if (call && !isEngineCall(call)) {
      rewriteFields(v ?? {}, ctx);
      // A name the engine answers whose dedicated node takes another count (ARRAY_SIZE(a, b)): the manifest's count.
      const name = String(call.name).toUpperCase();
      if (isEngineFunction(name)) engineArity({ name, args: call.args ?? [] }, name);
      throw unknownCall(String(call.name));
    }
    const out = ruleFor(k)?.(v as never, ctx, k);
    if (out !== undefined) return out;
  }
  // A nested select with ROLLUP / CUBE / GROUPING SETS or QUALIFY (compileQuery handles the statement's own).
  const select = asKind(node, 'select');
  if (select && select !== ctx.topSelect) {
    const qualified = nestedQualify(select);
    if (qualified) return rewrite(qualified, ctx);
    const names = () => select.expressions.map((e) => {
      const aliased = asKind(e, 'alias');
      return aliased ? normalize(aliased.alias) : displayNameOf(e);
    });
    const grouped = expandGroupingSets(select, names);
    if (grouped) return rewrite(grouped, ctx);
  }
  const mark = ctx.tables.length;
  const out = rewriteFields(o, ctx);
  const rewrittenSelect = asKind(out, 'select');
  if (select && rewrittenSelect) expandNestedStars(select, rewrittenSelect, mark, ctx);
  typeScope(out, ctx);
  return exactPredicate(out, ctx) ?? out;
}

/** IN, BETWEEN and simple CASE spelled out as Floe's comparisons where SQLite's are not exact. */
function exactPredicate(node: unknown, ctx: RewriteContext): Node | null {
  const inferNode = (n: unknown) => infer(n, ctx);
  // Spelled out, a predicate of one comparison is an engine call: typed BOOLEAN all the same.
  const predicate = (n: Node | null) => n && stamp(ctx, n, () => ({ type: types.boolean(), nullable: true }));
  const inList0 = asKind(node, 'in');
  if (inList0) {
    // (Text items read by the session's input format for the tested value's type, as a comparison's.)
    const items = inList0.expressions?.map((e) => textByInputFormat(e, inList0.this, ctx));
    const inList = items?.some((e, i) => e !== inList0.expressions[i]) ? { ...inList0, expressions: items! } : inList0;
    return predicate(inListSql(inList, inferNode)) ?? (inList === inList0 ? null : makeNode('in', inList));
  }
  const between0 = asKind(node, 'between');
  if (between0) {
    const [low, high] = [textByInputFormat(between0.low, between0.this, ctx), textByInputFormat(between0.high, between0.this, ctx)];
    const between = low !== between0.low || high !== between0.high ? { ...between0, low, high } : between0;
    return predicate(betweenSql(between, inferNode)) ?? (between === between0 ? null : makeNode('between', between));
  }
  const case0 = asKind(node, 'case');
  if (!case0) return null;
  const x = case0.operand;
  const whens = x ? case0.whens.map(([w, r]): [Node, Node] => [textByInputFormat(w, x, ctx), r]) : case0.whens;
  const caseNode = whens.some(([w], i) => w !== case0.whens[i][0]) ? { ...case0, whens } : case0;
  return simpleCaseSql(caseNode, inferNode) ?? (caseNode === case0 ? null : makeNode('case', caseNode));
}

/**
 * `*` of a subquery or CTE as its columns, over the FROM items of that select (the refs pushed
 * while it was rewritten, less those of selects nested in it): SQLite has no EXCLUDE / RENAME,
 * and named columns make the subquery a typed scope. Those FROM items are recorded as the
 * select's own scope (a set operation types each branch in it).
 */
function expandNestedStars(original: NodeOf<'select'>, sel: NodeOf<'select'>, mark: number, ctx: RewriteContext): void {
  const inner = (ctx.innerRefs ??= new WeakSet());
  const scope = ctx.tables.slice(mark);
  const own = scope.filter((r) => !inner.has(r));
  (ctx.selectScopes ??= new WeakMap()).set(sel, own);
  const stars = (sel.expressions ?? []).some((e) => asKind(e, 'star'));
  if (stars && original !== ctx.topSelect) expandStar(sel, own, ctx.typed);
  for (const r of scope) inner.add(r);
}

/** A rewritten FROM subquery or CTE becomes a typed scope for the expressions that read it. */
function typeScope(node: unknown, ctx: RewriteContext): void {
  const subquery = asKind(node, 'subquery');
  if (subquery) registerDerived(subquery.alias?.name ?? '', subquery.this, ctx);
}

/** A CTE rewritten becomes a typed scope for what reads it, the CTEs after it included. */
function registerCte(cte: { alias?: unknown; this?: unknown }, ctx: RewriteContext): void {
  if (!isIdent(cte.alias)) return;
  const cols = queryColumns(cte.this, ctx);
  if (cols) (ctx.cteColumns ??= new Map()).set(fromStorageName(cte.alias.name), cols);
}

/** WITH: each CTE rewritten and registered in turn. */
function rewriteWith(w: NodeOf<'with'>, ctx: RewriteContext): Record<string, unknown> {
  const ctes = w.ctes.map((cte) => {
    const out = rewriteFields(cte, ctx);
    registerCte(out, ctx);
    return out;
  });
  return { ...rewriteFields({ ...w, ctes: [] }, ctx), ctes };
}

/**
 * A numbered placeholder carrying its bound value's type (`floe_type`, which the SQL generator
 * ignores): an engine that types its parameters from context (PostgreSQL would read a REAL bound
 * into `? * 2` as an integer) renders it as a cast to that type's storage (the dialect does).
 */
function boundPlaceholder(index: number, ctx: RewriteContext): Node {
  const bound = ctx.paramTypes[index - 1];
  return makeNode('placeholder', { index, ...(bound ? { floe_type: typeOfBind(bound) } : {}) } as { index: number });
}

/** `?` placeholders numbered in text order (WITH first), before clauses are rewritten out of order. */
function numberPlaceholders(node: unknown, ctx: RewriteContext): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) { for (const n of node) numberPlaceholders(n, ctx); return; }
  const p = asKind(node, 'placeholder');
  if (p) {
    if (typeof p.index !== 'number') p.index = ctx.nextParam++;
    return;
  }
  // :n: a later bare ? continues after it (as the parameter case of rewrite does).
  const param = asKind(node, 'parameter');
  if (param && param.style === 'Colon' && typeof param.index === 'number') ctx.nextParam = Math.max(ctx.nextParam, param.index + 1);
  if ('with' in node) numberPlaceholders(node.with, ctx);
  for (const [k, v] of Object.entries(node)) if (k !== 'with') numberPlaceholders(v, ctx);
}

/** Clauses that bring names into scope: rewritten first so that expressions can be typed. */
const SCOPE_FIRST = ['with', 'from', 'joins', 'lateral_views'];

/**
 * The select-list expression an unqualified ORDER BY name refers to (alias first, then a
 * qualified column's name, then a column that `t.*` brings), or null.
 */
function resultColumnExpression(key: unknown, expressions: unknown, ctx: RewriteContext): Node | null {
  const col = asKind(key, 'column');
  if (!col || col.table || !isIdent(col.name) || !Array.isArray(expressions)) return null;
  const name = col.name.name;
  for (const e of expressions) {
    const aliased = asKind(e, 'alias');
    if (aliased && aliased.alias.name === name) return aliased.this;
  }
  for (const e of expressions) {
    const c = asKind(e, 'column');
    if (c?.table && c.name.name === name) return e;
  }
  for (const e of expressions) {
    const t = asKind(e, 'star')?.table ?? null;
    const ref = t && ctx.tables.find((r) => storageName(r.alias) === t.name);
    if (t && ref?.table.columns.some((c) => storageName(c.name) === name)) return columnNode(col.name, t);
  }
  return null;
}

/**
 * A select item that is a parenthesised list of values (`SELECT (1, 2)`): Snowflake has no row
 * values; refused here for every engine (PostgreSQL would answer a record).
 */
function refuseRowValues(items: unknown): unknown {
  if (Array.isArray(items) && items.some((e) => asKind(asKind(e, 'alias')?.this ?? e, 'tuple'))) throw sqlErrors.rowValue();
  return items;
}

/** Every field of a node's payload rewritten. */
function rewriteFields(o: Record<string, unknown>, ctx: RewriteContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = Object.keys(o);
  const isSelect = 'expressions' in o && 'from' in o;
  // A set operation's WITH, too (only when present: the walk of a long chain at every level would be quadratic).
  const reorder = 'from' in o || ('left' in o && 'right' in o && o.with != null);
  if (reorder) numberPlaceholders(o, ctx);
  const order = reorder ? [...SCOPE_FIRST.filter((k) => k in o), ...keys.filter((k) => !SCOPE_FIRST.includes(k))] : keys;
  const outerPositional = ctx.positional;
  if (isSelect) ctx.positional = null;
  let mark = ctx.tables.length;
  // The select list, once its FROM items are in scope (they come first): earlier aliases named by
  // later items; then the clauses that may name its aliases.
  let items: unknown;
  const selectItems = () => (items ??= expandLateralAliases(refuseRowValues(o.expressions), ctx.tables.slice(mark)));
  for (const k of order) {
    const v = !isSelect ? o[k] : k === 'expressions' ? selectItems() : expandClauseAliases(k, o[k], selectItems, ctx.tables.slice(mark));
    if (k === 'from') mark = ctx.tables.length;
    // DML targets carry their table reference as a field rather than as a { table } node.
    out[k] = k === 'table' && isTablePayload(v) ? dmlTarget(v, ctx) : k === 'with' && isWith(v) ? rewriteWith(v, ctx) : rewrite(v, ctx);
    if (isSelect && k === 'from') ctx.positional = positionalSource(out.from, o.joins, ctx, mark);
  }
  if (isSelect) ctx.positional = outerPositional;
  // An ORDER BY item: Snowflake sorts NULLs as the highest values (last ascending, first descending).
  if ('nulls_first' in o && 'desc' in o && o.nulls_first == null) out.nulls_first = o.desc === true;
  const orderBy = out.order_by as NodeOf<'select'>['order_by'] | undefined;
  // Select ORDER BY keys that may hold exact decimal text sort by their exact value.
  if (isSelect && orderBy?.expressions) {
    out.order_by = { ...orderBy, expressions: orderBy.expressions.flatMap((item) => {
      const keys = orderKeys(item, infer(item.this, ctx));
      // A wrapped key is no longer a bare name, which SQLite would have taken for a result
      // column: a name of the select list is replaced by what it names (else `ORDER BY id` over
      // a join of two tables with an ID is ambiguous).
      const named = keys.length > 1 ? resultColumnExpression(item.this, out.expressions, ctx) : null;
      return named ? orderKeys({ ...item, this: named }, infer(named, ctx)) : keys;
    }) };
  }
  // Keep the parser's field order (only a reordered walk filled `out` in another order).
  return reorder ? Object.fromEntries(keys.map((k) => [k, out[k]])) : out;
}

/**
 * Types a node Floe produced from `args`. A rewrite that hands back one of its arguments unchanged
 * (a cast of an ARRAY to VARIANT) gets a node of its own: typed by itself, it would recurse endlessly.
 */
function stamp(ctx: RewriteContext, node: Node, type: TypeStamp, args: unknown[] = []): Node {
  const own = args.includes(node) ? Object.assign({}, node) : node;
  ctx.typed.set(own, type);
  return own;
}

/**
 * An argument cast to `to` (variantArgumentType): a VARIANT (OBJECT, ARRAY), and for a string
 * function a BOOLEAN, FLOAT or NUMBER with a scale, whose engine text is not Snowflake's
 * (1 for TRUE, Inf or Infinity for inf, 1.5 for 1.50); any other as it is.
 */
function variantAs(arg: Node, to: SfType, ctx: RewriteContext): Node {
  const t = infer(arg, ctx);
  const w = t.type?.wire;
  const otherText = to.wire === 'text' && (w === 'boolean' || w === 'real' || (w === 'fixed' && (t.type?.scale ?? 0) > 0));
  if (!isSemiStructured(t.type) && !otherText) return arg;
  const cast = otherText ? castExpression(arg, t.type, to, ctx.session) : castTo(arg, t.type, to);
  return stamp(ctx, cast, (inferArg) => ({ type: to, nullable: inferArg(arg).nullable }), [arg]);
}

/** A call's payload with its arguments replaced, wherever the parser placed them (a field or a list). */
function withArguments(payload: Record<string, unknown>, from: Node[], to: Node[]): Record<string, unknown> {
  const swap = (x: unknown) => { const i = from.findIndex((n) => n === x); return i >= 0 ? to[i] : x; };
  return Object.fromEntries(Object.entries(payload).map(([k, x]) => [k, Array.isArray(x) ? x.map(swap) : swap(x)]));
}

/** A function call: arguments first, then the definition's SQLite form, typed by its signature. */
function rewriteCall(def: FunctionDef, kind: NodeKind, v: Record<string, unknown>, ctx: RewriteContext): Node {
  // The function of a window (`f(…) OVER (…)`) cannot be an engine aggregate.
  const before = ctx.inWindow;
  if (kind === 'window_function') ctx.inWindow = true;
  const rewritten = rewriteFields(v, ctx);
  ctx.inWindow = before;
  const name = kind === 'function' ? String(v.name).toUpperCase() : kind;
  const written = callArgs(def, kind, rewritten) as Node[];
  const asType = variantArgumentType(def);
  const given = asType ? written.map((a) => variantAs(a, asType, ctx)) : written;
  const payload = given.every((a, i) => a === written[i]) ? rewritten : withArguments(rewritten, written, given);
  const { args, highestRead } = watchedArguments(given);
  const call: Call = {
    name, args, types: given.map((a) => infer(a, ctx)), payload, node: rebuildNode(kind, payload), session: ctx.session, catalog: ctx.catalog, statementId: ctx.statementId,
    infer: (n) => infer(n, ctx), inWindow: ctx.inWindow === true, dialect: ctx.dialect,
  };
  // A call the engine answers under its own name: the argument count its manifest entry declares.
  if (!def.sqlite && kind === 'function' && isEngineFunction(name)) engineArity(call, name);
  const out = def.sqlite ? def.sqlite(call) : makeNode(kind, kind === 'function' ? { ...payload, name } : payload);
  if (def.answerOnce) ctx.answerOnce = true;
  checkMissingArguments(typeof v.name === 'string' ? v.name.toUpperCase() : name, given, highestRead(), out);
  return stamp(ctx, out, (inferArg) => {
    const args = call.args.map(inferArg);
    return { type: def.returns?.(args, call) ?? null, nullable: def.nullable ? def.nullable(args, call) : true };
  }, call.args);
}
