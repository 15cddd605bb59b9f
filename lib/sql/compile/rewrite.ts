/**
 * Rewrites a Snowflake AST into one SQLite can run: resolves table names to their storage
 * tables, applies identifier case rules, numbers bind placeholders, replaces casts and functions
 * SQLite lacks with Floe's engine functions, and substitutes session functions.
 */
import type { Catalog, TableInfo } from '@/lib/catalog/catalog';
import { tableStorageName } from '@/lib/catalog/system-tables';
import { generateDataType, Dialect } from '@polyglot-sql/sdk';
import { SqlError, sqlErrors } from '../errors';
import type { Node } from '../parse';
import type { Session } from '../session';
import { parseTypeName, type SfType, storeFunction, types } from '../types';
import type { WireType } from '@/lib/values';
import { isIdent, normalize, quotedIdent, resolveTable, type Ident } from './names';
import { asTableInfo, findTableFunction, findVirtualTable, virtualSubquery, type CompileServices } from './virtual-tables';

export interface TableRef {
  alias: string;
  table: TableInfo;
  database: string;
  schema: string;
}

export interface RewriteContext {
  catalog: Catalog;
  session: Session;
  statementId: string;
  /** Next placeholder number for `?` (1-based). */
  nextParam: number;
  /** Highest placeholder number used. */
  maxParam: number;
  /** Names of CTEs in the statement: they are not catalog tables. */
  ctes: Set<string>;
  /** Every catalog table the statement reads or writes, by alias. */
  tables: TableRef[];
  /** Wire types of the bound values, by position - 1 (typing `SELECT ?`). */
  paramTypes: WireType[];
  services: CompileServices;
  /** JSON rows of the virtual tables the statement reads, bound after the user's values. */
  virtualParams: string[];
}

/** Virtual-table placeholders are numbered from here until the user's count is known. */
export const VIRTUAL_PARAM_BASE = 1_000_000;

export const fn = (name: string, args: unknown[]): Node => ({
  function: { name, args, distinct: false, trailing_comments: [], use_bracket_syntax: false, no_parens: false, quoted: false },
});
export const lit = (v: string | number | null): Node =>
  v === null ? { null: {} } : { literal: { literal_type: typeof v === 'number' ? 'number' : 'string', value: String(v) } };

/** The type a cast node converts to, or null when the name is unknown. */
export function castTarget(to: unknown): SfType | null {
  const g = generateDataType(to as never, Dialect.Snowflake);
  return g.success && g.sql ? parseTypeName(g.sql) : null;
}

/** Wraps an expression so that its value is stored as type t. */
export function convertTo(expr: unknown, t: SfType): Node {
  if (t.wire === 'real') return { cast: { this: expr, to: { data_type: 'double', precision: null, scale: null }, trailing_comments: [], double_colon_syntax: false } };
  if (t.wire === 'fixed' && t.scale === 0) {
    // Integers pass through untouched: a function argument would arrive as a double and lose
    // digits beyond 2^53 (engine-notes §4).
    const isInt = { eq: { left: fn('TYPEOF', [expr]), right: lit('integer'), left_comments: [], operator_comments: [], trailing_comments: [] } };
    return fn('IIF', [isInt, expr, fn('FLOE_TO_NUMBER', [expr, lit(t.precision ?? 38), lit(0)])]);
  }
  const f = storeFunction(t);
  return f ? fn(f.name, [expr, ...f.extraArgs.map(lit)]) : (expr as Node);
}

function sessionFunction(name: string, s: Session, ctx: RewriteContext): Node | undefined {
  switch (name) {
    case 'CURRENT_DATABASE': return lit(s.database);
    case 'CURRENT_SCHEMA': return lit(s.schema);
    case 'CURRENT_ROLE': return lit(s.role);
    case 'CURRENT_WAREHOUSE': return lit(s.warehouse);
    case 'CURRENT_USER': return lit(s.user);
    case 'CURRENT_ACCOUNT': return lit(process.env.FLOE_ACCOUNT?.toUpperCase() || 'FLOE');
    case 'CURRENT_SESSION': return lit(s.id);
    case 'CURRENT_STATEMENT': return lit(ctx.statementId);
    case 'LAST_QUERY_ID': return lit(s.lastQueryId);
    default: return undefined;
  }
}

/** Collects CTE names first: a table reference to one of them is not resolved in the catalog. */
export function collectCtes(node: unknown, out: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) { for (const n of node) collectCtes(n, out); return; }
  const o = node as Record<string, unknown>;
  const w = o.with as { ctes?: { alias?: unknown }[] } | undefined;
  for (const cte of w?.ctes ?? []) if (isIdent(cte.alias)) out.add(normalize(cte.alias));
  for (const v of Object.values(o)) collectCtes(v, out);
}

function rewriteTableRef(t: Record<string, unknown>, ctx: RewriteContext): Record<string, unknown> {
  const nameId = t.name as Ident;
  const parts = [t.catalog, t.schema, t.name].map((x) => (isIdent(x) ? normalize(x) : null));
  if (parts[0] === null && parts[1] === null && ctx.ctes.has(parts[2]!)) {
    return { ...t, name: quotedIdent(parts[2]!), alias: t.alias ? quotedIdent(normalize(t.alias as Ident)) : null };
  }
  const { db, schema, table } = resolveTable(ctx.catalog, ctx.session, parts);
  const alias = isIdent(t.alias) ? normalize(t.alias) : normalize(nameId);
  ctx.tables.push({ alias, table, database: db.name, schema: schema.name });
  return { ...t, name: quotedIdent(tableStorageName(table.id)), schema: null, catalog: null, alias: quotedIdent(alias), alias_explicit_as: true };
}

function virtualNode(vt: ReturnType<typeof findVirtualTable>, alias: string, database: string, ctx: RewriteContext): Node {
  ctx.tables.push({ alias, table: asTableInfo(vt!), database, schema: 'INFORMATION_SCHEMA' });
  const k = ctx.virtualParams.push(JSON.stringify(vt!.rows)) - 1;
  return virtualSubquery(vt!, VIRTUAL_PARAM_BASE + k, alias);
}

/** A FROM item naming an INFORMATION_SCHEMA view or QUERY_HISTORY(), as a subquery; else null. */
function rewriteVirtual(k: string, v: Record<string, unknown>, ctx: RewriteContext): Node | null {
  if (k === 'table' && v && 'catalog' in v) {
    const parts = [v.catalog, v.schema, v.name].map((x) => (isIdent(x) ? normalize(x) : null));
    const vt = findVirtualTable(parts, ctx.catalog, ctx.session, ctx.services);
    if (!vt) return null;
    const alias = isIdent(v.alias) ? normalize(v.alias) : parts[2]!;
    return virtualNode(vt, alias, parts[0] ?? ctx.session.database ?? '', ctx);
  }
  if (k === 'function' && String(v.name).toUpperCase() === 'TABLE') {
    const call = (v.args as Record<string, Record<string, unknown>>[])?.[0];
    const name = call?.method_call ? (call.method_call.method as Ident).name : call?.function ? String(call.function.name) : null;
    const vt = name ? findTableFunction(name, ctx.session, ctx.services) : null;
    return vt ? virtualNode(vt, vt.name, '', ctx) : null;
  }
  return null;
}

export function rewrite(node: unknown, ctx: RewriteContext): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => rewrite(n, ctx));
  const o = node as Record<string, unknown>;
  if (isIdent(o)) return { ...o, name: normalize(o), quoted: true };
  const keys = Object.keys(o);
  if (keys.length === 1) {
    const k = keys[0];
    const v = o[k] as Record<string, unknown>;
    const virtual = rewriteVirtual(k, v, ctx);
    if (virtual) return virtual;
    switch (k) {
      case 'table':
        if (v && typeof v === 'object' && 'catalog' in v) return { table: rewriteTableRef(v, ctx) };
        break;
      case 'placeholder': {
        const index = ctx.nextParam++;
        ctx.maxParam = Math.max(ctx.maxParam, index);
        return { placeholder: { index } };
      }
      case 'parameter': {
        if (v.style === 'Dollar' && typeof v.name === 'string') {
          const variable = ctx.session.variables[v.name.toUpperCase()];
          if (!variable) throw new SqlError('002211', '42000', `SQL compilation error: error line 1 at position 0\nSession variable '$${v.name.toUpperCase()}' does not exist`);
          return variable.node;
        }
        if (typeof v.index === 'number' && v.style === 'Colon') {
          ctx.maxParam = Math.max(ctx.maxParam, v.index);
          // A later bare ? continues after the highest number seen, as SQLite numbers them.
          ctx.nextParam = Math.max(ctx.nextParam, v.index + 1);
          return { placeholder: { index: v.index } };
        }
        break;
      }
      case 'cast': {
        const target = castTarget(v.to);
        if (!target) throw sqlErrors.unsupported(`cast to ${JSON.stringify(v.to)}`);
        return convertTo(rewrite(v.this, ctx), target);
      }
      case 'div':
        return fn('FLOE_DIV', [rewrite(v.left, ctx), rewrite(v.right, ctx)]);
      case 'function': {
        const name = String(v.name).toUpperCase();
        const replaced = sessionFunction(name, ctx.session, ctx);
        if (replaced) return replaced;
        if (name === 'CURRENT_TIMESTAMP' || name === 'SYSDATE' || name === 'GETDATE' || name === 'LOCALTIMESTAMP') return fn('FLOE_NOW_LTZ', []);
        if (name === 'RANDOM') return fn('FLOE_RANDOM', []);
        break;
      }
      case 'to_number': {
        // TO_NUMBER / TO_DECIMAL / TO_NUMERIC(expr [, precision [, scale]]); formats are not supported.
        const digits = (n: unknown, d: number) => {
          const l = (n as { literal?: { literal_type: string; value: string } } | null)?.literal;
          if (n && l?.literal_type !== 'number') throw sqlErrors.unsupported('TO_NUMBER with a non-literal precision or scale');
          return l ? Number(l.value) : d;
        };
        if (v.format || v.safe) throw sqlErrors.unsupported('TO_NUMBER with a format');
        return convertTo(rewrite(v.this, ctx), types.number(digits(v.precision, 38), digits(v.scale, 0)));
      }
      case 'parse_json':
        return fn('PARSE_JSON', [rewrite(v.this, ctx)]);
      case 'current_timestamp':
        return fn('FLOE_NOW_LTZ', []);
    }
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = o[k];
    // DML targets carry their table reference as a field rather than as a { table } node.
    out[k] = k === 'table' && v && typeof v === 'object' && 'catalog' in v
      ? rewriteTableRef(v as Record<string, unknown>, ctx)
      : rewrite(v, ctx);
  }
  return out;
}
