/** SELECT (and set operations, VALUES): SQLite text plus the rowType of every result column. */
import type { Node } from '../parse';
import { kindOf, toSnowflake, toSqlite } from '../parse';
import { fromStorageName, isIdent, normalize, quotedIdent, storageName, storedIdent } from './names';
import { EMPTY_SELECT } from './ast';
import { collectCtes, rewrite, type RewriteContext, type TableRef } from './rewrite';
import { infer } from './infer';
import { applyQualify, expandGroupByAll } from './query-clauses';
import { selectItemTexts, upperUnquoted, writtenName } from './written-names';
import type { ResultColumn } from './types';

export type { ResultColumn } from './types';

/** Snowflake names an unaliased expression by its text, with unquoted parts upper-cased. */
function displayNameOf(expr: unknown): string {
  const o = expr as Record<string, Record<string, unknown>>;
  if (o.column && isIdent(o.column.name)) return normalize(o.column.name);
  return upperUnquoted(toSnowflake({ select: { ...EMPTY_SELECT, expressions: [expr] } }).replace(/^SELECT\s+/i, ''));
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
  // A FLATTEN is an aliased json_each call (see table-functions.ts).
  const item = (f: Record<string, unknown>) => (f.table ?? f.subquery ?? f.alias) as Record<string, Ident2> | undefined;
  const own = [...from.map(item), ...joins.map((j) => item(j.this as Record<string, unknown>))];
  if (own.some((o) => !o)) return;
  const refs = own.map((t) => tables.find((r) => storageName(r.alias) === t!.alias?.name)).filter((r): r is TableRef => !!r);
  if (refs.length !== own.length) return;
  const out: unknown[] = [];
  for (const e of exprs) {
    const star = e.star;
    if (!star || star.table) { out.push(e); continue; }
    // * EXCLUDE (…) RENAME (… AS …)
    const except = new Set(((star.except as unknown[]) ?? []).filter(isIdent).map((i) => i.name));
    const renames = new Map(((star.rename as unknown[][]) ?? []).filter(([a, b]) => isIdent(a) && isIdent(b)).map(([a, b]) => [(a as Ident2).name, (b as Ident2).name]));
    for (const r of refs) {
      for (const c of r.table.columns) {
        if (except.has(storageName(c.name))) continue;
        const col = r.expand?.(c.name) ?? { column: { name: storedIdent(c.name), table: storedIdent(r.alias), join_mark: false, trailing_comments: [] } };
        const to = renames.get(storageName(c.name)) ?? (r.expand ? storageName(c.name) : undefined);
        out.push(to ? { alias: { this: col, alias: quotedIdent(to), column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] } } : col);
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
  if (originalSelect) expandGroupByAll(originalSelect);
  const items = ctx.sourceText ? selectItemTexts(ctx.sourceText) : null;
  const names = (originalSelect?.expressions as unknown[] | undefined)?.map((e, i, all) => {
    const o = e as Record<string, Record<string, unknown>>;
    return o.alias && isIdent(o.alias.alias) ? normalize(o.alias.alias) : writtenName(e, i, items, all.length) ?? displayNameOf(e);
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
      const inf = infer(e, ctx);
      const name = e.alias && isIdent(e.alias.alias) ? fromStorageName(e.alias.alias.name)
        : e.column && isIdent(e.column.name) ? fromStorageName(e.column.name.name)
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
        alias: { this: e.alias ? e.alias.this : e, alias: storedIdent(columns[i].name), column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] },
      }));
      applyQualify(sel, columns.map((c) => storageName(c.name)));
    }
  }
  finish(rewritten);
  return { sql: toSqlite(rewritten), columns };
}
