/** SELECT (and set operations, VALUES): SQLite text plus the rowType of every result column. */
import type { Node } from '../parse';
import { kindOf, toSnowflake, toSqlite } from '../parse';
import { parseTypeName, typeOfWire, types, type SfType } from '../types';
import { isIdent, normalize, quotedIdent } from './names';
import { EMPTY_SELECT } from './ast';
import { collectCtes, rewrite, type RewriteContext, type TableRef } from './rewrite';
import type { ResultColumn } from './types';

export type { ResultColumn } from './types';

interface Inferred { type: SfType | null; nullable: boolean; origin?: TableRef }


/** Snowflake names an unaliased expression by its text, with unquoted parts upper-cased. */
function displayNameOf(expr: unknown): string {
  const o = expr as Record<string, Record<string, unknown>>;
  if (o.column && isIdent(o.column.name)) return normalize(o.column.name);
  const text = toSnowflake({ select: { ...EMPTY_SELECT, expressions: [expr] } }).replace(/^SELECT\s+/i, '');
  let out = '';
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) { out += ch; if (ch === quote) quote = null; continue; }
    if (ch === "'" || ch === '"') { quote = ch; out += ch; continue; }
    out += ch.toUpperCase();
  }
  return out;
}

function numberLiteralType(v: string): SfType {
  if (/[eE]/.test(v)) return types.float();
  const [int, frac = ''] = v.replace(/^[-+]/, '').split('.');
  const digits = int.replace(/^0+/, '').length + frac.length;
  return types.number(Math.max(1, digits), frac.length);
}

function findColumn(tables: TableRef[], name: string, qualifier: string | null): Inferred | null {
  for (const ref of tables) {
    if (qualifier !== null && ref.alias !== qualifier) continue;
    const col = ref.table.columns.find((c) => c.name === name);
    if (col) return { type: parseTypeName(col.type), nullable: col.nullable, origin: ref };
  }
  return null;
}

const FUNCTION_TYPES: Record<string, () => SfType> = {
  PARSE_JSON: types.variant, TRY_PARSE_JSON: types.variant, OBJECT_CONSTRUCT: types.object, ARRAY_CONSTRUCT: types.array,
  TO_BINARY: types.binary, FLOE_TO_BINARY: types.binary, FLOE_TO_DATE: types.date, FLOE_TO_TIME: types.time,
  FLOE_TO_TIMESTAMP_NTZ: types.timestampNtz, FLOE_TO_TIMESTAMP_LTZ: types.timestampLtz, FLOE_TO_TIMESTAMP_TZ: types.timestampTz,
  FLOE_TO_BOOLEAN: types.boolean, FLOE_TO_VARCHAR: types.varchar, FLOE_NOW_LTZ: types.timestampLtz, 'SYSTEM$WAIT': types.varchar,
  FLOE_DIV: () => types.number(38, 6), FLOE_RANDOM: () => types.number(19, 0),
};

function infer(expr: unknown, tables: TableRef[], paramTypes: RewriteContext['paramTypes'] = []): Inferred {
  const auto: Inferred = { type: null, nullable: true };
  if (!expr || typeof expr !== 'object') return auto;
  const kind = kindOf(expr as Node);
  const v = (expr as Record<string, Record<string, unknown>>)[kind];
  switch (kind) {
    case 'alias': case 'paren': return infer(v.this, tables, paramTypes);
    case 'column': {
      const name = isIdent(v.name) ? v.name.name : '';
      const qualifier = isIdent(v.table) ? v.table.name : null;
      return findColumn(tables, name, qualifier) ?? auto;
    }
    case 'literal':
      if (v.literal_type === 'number') return { type: numberLiteralType(String(v.value)), nullable: false };
      return { type: types.varchar(Math.max(1, [...String(v.value)].length)), nullable: false };
    case 'boolean': return { type: types.boolean(), nullable: false };
    case 'eq': case 'neq': case 'gt': case 'gte': case 'lt': case 'lte': case 'and': case 'or': case 'not': case 'is': case 'is_null': case 'like': case 'ilike': case 'in': case 'between':
      return { type: types.boolean(), nullable: true };
    case 'placeholder': {
      const wire = paramTypes[Number(v.index) - 1];
      return wire ? { type: typeOfWire(wire), nullable: true } : auto;
    }
    case 'null': return { type: types.varchar(), nullable: true };
    case 'neg': return infer(v.this, tables, paramTypes);
    case 'concat': case 'dpipe': return { type: types.varchar(), nullable: true };
    case 'count': return { type: types.number(18, 0), nullable: false };
    case 'add': case 'sub': case 'mul': {
      const a = infer(v.left, tables, paramTypes).type;
      const b = infer(v.right, tables, paramTypes).type;
      if (a?.wire === 'fixed' && b?.wire === 'fixed') return { type: types.number(38, Math.max(a.scale ?? 0, b.scale ?? 0) + (kind === 'mul' ? Math.min(a.scale ?? 0, b.scale ?? 0) : 0)), nullable: true };
      if (a?.wire === 'real' || b?.wire === 'real') return { type: types.float(), nullable: true };
      return auto;
    }
    case 'sum': case 'min': case 'max': {
      const t = infer(v.this, tables, paramTypes).type;
      if (kind === 'sum' && t?.wire === 'fixed') return { type: types.number(38, t.scale ?? 0), nullable: true };
      return { type: t, nullable: true };
    }
    case 'avg': return { type: types.number(38, 6), nullable: true };
    case 'cast': {
      const dt = v.to as Record<string, unknown>;
      if (dt?.data_type === 'double') return { type: types.float(), nullable: true };
      return auto;
    }
    case 'function': {
      const name = String(v.name).toUpperCase();
      if (name === 'FLOE_TO_NUMBER') {
        const args = v.args as Record<string, Record<string, unknown>>[];
        return { type: types.number(Number(args[1]?.literal?.value ?? 38), Number(args[2]?.literal?.value ?? 0)), nullable: true };
      }
      const t = FUNCTION_TYPES[name];
      return t ? { type: t(), nullable: true } : auto;
    }
    default: return auto;
  }
}

function firstSelect(node: Node): Record<string, unknown> | null {
  const kind = kindOf(node);
  const v = node[kind] as Record<string, unknown>;
  if (kind === 'select') return v;
  if (kind === 'union' || kind === 'intersect' || kind === 'except') return firstSelect(v.left as Node);
  if (kind === 'subquery' || kind === 'paren') return firstSelect(v.this as Node);
  return null;
}

/** Unqualified `*` over catalog tables is expanded here so every column gets its declared type. */
function expandStar(sel: Record<string, unknown>, tables: TableRef[]): void {
  const exprs = sel.expressions as Record<string, Record<string, unknown>>[];
  const from = (sel.from as { expressions?: Record<string, unknown>[] } | null)?.expressions ?? [];
  const joins = (sel.joins as Record<string, unknown>[]) ?? [];
  const item = (f: Record<string, unknown>) => (f.table ?? f.subquery) as Record<string, Ident2> | undefined;
  const own = [...from.map(item), ...joins.map((j) => item(j.this as Record<string, unknown>))];
  if (own.some((o) => !o)) return;
  const refs = own.map((t) => tables.find((r) => r.alias === t!.alias?.name)).filter((r): r is TableRef => !!r);
  if (refs.length !== own.length) return;
  const out: unknown[] = [];
  for (const e of exprs) {
    const star = e.star;
    if (!star || star.table) { out.push(e); continue; }
    for (const r of refs) {
      for (const c of r.table.columns) {
        out.push({ column: { name: quotedIdent(c.name), table: quotedIdent(r.alias), join_mark: false, trailing_comments: [] } });
      }
    }
  }
  sel.expressions = out;
}
type Ident2 = { name: string };

export function compileQuery(root: Node, ctx: RewriteContext, finish: (ast: Node) => void = () => {}): { sql: string; columns: ResultColumn[] } {
  collectCtes(root, ctx.ctes);
  let ast = root;
  // A bare VALUES list names its columns COLUMN1…n.
  if (kindOf(root) === 'values') {
    const rows = (root.values as { expressions: { expressions: unknown[] }[] }).expressions;
    const n = rows[0]?.expressions.length ?? 0;
    ast = { select: { ...EMPTY_SELECT, expressions: Array.from({ length: n }, (_, i) => ({ column: { name: { name: `COLUMN${i + 1}`, quoted: false, trailing_comments: [] }, table: null, join_mark: false, trailing_comments: [] } })), from: { expressions: [{ subquery: { this: root, alias: null } }] } } };
  }
  const originalSelect = firstSelect(ast);
  const names = (originalSelect?.expressions as unknown[] | undefined)?.map((e) => {
    const o = e as Record<string, Record<string, unknown>>;
    return o.alias && isIdent(o.alias.alias) ? normalize(o.alias.alias) : displayNameOf(e);
  });
  const rewritten = rewrite(ast, ctx) as Node;
  const sel = firstSelect(rewritten);
  let columns: ResultColumn[] = [];
  if (sel && names) {
    const before = (sel.expressions as unknown[]).length;
    expandStar(sel, ctx.tables);
    const exprs = sel.expressions as Record<string, Record<string, unknown>>[];
    const expanded = exprs.length !== before || exprs.some((e) => e.star);
    columns = exprs.map((e, i) => {
      const inf = infer(e, ctx.tables, ctx.paramTypes);
      const name = e.alias && isIdent(e.alias.alias) ? e.alias.alias.name
        : e.column && isIdent(e.column.name) ? e.column.name.name
        : expanded ? displayNameOf(e) : names[i];
      return {
        name,
        type: inf.type,
        nullable: inf.nullable,
        database: inf.origin?.database ?? '',
        schema: inf.origin?.schema ?? '',
        table: inf.origin?.table.name ?? '',
      };
    });
    if (exprs.some((e) => e.star)) columns = []; // names and types come from the engine
    else {
      // Name every column explicitly so SQLite reports exactly Snowflake's names.
      sel.expressions = exprs.map((e, i) => ({
        alias: { this: e.alias ? e.alias.this : e, alias: quotedIdent(columns[i].name), column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] },
      }));
    }
  }
  finish(rewritten);
  return { sql: toSqlite(rewritten), columns };
}
