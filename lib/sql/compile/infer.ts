/**
 * rowType inference: the Snowflake type and nullability of each result expression, from the
 * catalog's column types, literals, operators and the signatures of the functions called.
 */
import { asKind, kindOf, type Node } from '../parse';
import { parseTypeName, typeOfBind, types, type SfType } from '../types';
import { isIdent, storageName } from './names';
import { firstSelect } from '../tree/ast';
import { arithmeticType, numberLiteralType, supertype } from '../tree/exact-numeric';
import type { RewriteContext, TableRef } from './rewrite';

export interface Inferred { type: SfType | null; nullable: boolean; origin?: TableRef; boundInt53?: boolean }

type InferContext = Pick<RewriteContext, 'tables' | 'paramTypes' | 'typed'>;


/** The catalog column a rewritten reference (storage-form names) names. */
function findColumn(tables: TableRef[], name: string, qualifier: string | null): Inferred | null {
  for (const ref of tables) {
    if (qualifier !== null && storageName(ref.alias) !== qualifier) continue;
    const col = ref.table.columns.find((c) => storageName(c.name) === name);
    if (col) return { type: parseTypeName(col.type), nullable: col.nullable, origin: ref.derived ? undefined : ref };
  }
  return null;
}

/** Type and nullability of an expression of the rewritten statement (null type: unknown). */
export function infer(expr: unknown, ctx: InferContext): Inferred {
  const auto: Inferred = { type: null, nullable: true };
  if (!expr || typeof expr !== 'object') return auto;
  const stamped = ctx.typed.get(expr);
  if (stamped) return stamped((arg) => infer(arg, ctx));
  const { tables, paramTypes } = ctx;
  const kind = kindOf(expr as Node);
  const v = (expr as Record<string, Record<string, unknown>>)[kind];
  switch (kind) {
    case 'alias': case 'paren': return infer(v.this, ctx);
    case 'subquery': {
      // A scalar subquery has its one column's type; no row makes it NULL.
      const first = firstSelect(v.this);
      const items = first?.expressions;
      return items?.length === 1 ? { type: infer(items[0], ctx).type, nullable: true } : auto;
    }
    case 'column': {
      const name = isIdent(v.name) ? v.name.name : '';
      const qualifier = isIdent(v.table) ? v.table.name : null;
      return findColumn(tables, name, qualifier) ?? auto;
    }
    case 'literal':
      if (v.literal_type === 'number') return { type: numberLiteralType(String(v.value)), nullable: false };
      return { type: types.varchar(Math.max(1, [...String(v.value)].length)), nullable: false };
    case 'boolean': return { type: types.boolean(), nullable: false };
    case 'eq': case 'neq': case 'gt': case 'gte': case 'lt': case 'lte': case 'and': case 'or': case 'not': case 'is': case 'is_null': case 'like': case 'in': case 'between':
      return { type: types.boolean(), nullable: true };
    case 'placeholder': {
      const bound = paramTypes[Number(v.index) - 1];
      if (!bound) return auto;
      return { type: typeOfBind(bound), nullable: true, ...(bound === 'fixed:int53' && { boundInt53: true }) };
    }
    case 'null': return { type: types.varchar(), nullable: true };
    case 'neg': return infer(v.this, ctx);
    case 'concat': return { type: types.varchar(), nullable: true };
    case 'count': return { type: types.number(18, 0), nullable: false };
    case 'add': case 'sub': case 'mul': case 'mod': {
      const a = infer(v.left, ctx);
      const b = infer(v.right, ctx);
      return { type: arithmeticType(kind, a.type, b.type), nullable: a.nullable || b.nullable || kind === 'mod' };
    }
    case 'sum': case 'min': case 'max': {
      const t = infer(v.this, ctx).type;
      if (kind === 'sum' && t?.wire === 'fixed') return { type: types.number(38, t.scale ?? 0), nullable: true };
      return { type: t, nullable: true };
    }
    case 'case': {
      // NULL branches (and a missing ELSE) do not take part in the supertype.
      const c = asKind(expr, 'case');
      const results = [...(c?.whens ?? []).map((w) => w[1]), c?.else_ ?? null];
      const typed = results.filter((r) => r && kindOf(r) !== 'null').map((r) => infer(r, ctx));
      const nullable = !c?.else_ || results.some((r) => r && kindOf(r) === 'null') || typed.some((t) => t.nullable);
      return { type: supertype(typed.map((t) => t.type)), nullable };
    }
    case 'avg': return { type: types.number(38, 6), nullable: true };
    case 'cast': {
      if (asKind(expr, 'cast')?.to?.data_type === 'double') return { type: types.float(), nullable: true };
      return auto;
    }
    default: return auto;
  }
}
