/** `*` in a select list as the columns it stands for, typed (EXCLUDE and RENAME applied). */
import { isIdent, quotedIdent, storageName } from './names';
import { columnAt } from './positional';
import type { TableRef, TypeStamp } from './rewrite';

/**
 * Unqualified `*` over the select's FROM items (catalog tables, typed derived tables) expanded so
 * every column gets its type; left as it is when some FROM item is not among `tables`.
 */
export function expandStar(sel: Record<string, unknown>, tables: TableRef[], typed: WeakMap<object, TypeStamp>): void {
  const exprs = sel.expressions as Record<string, Record<string, unknown>>[];
  const from = (sel.from as { expressions?: Record<string, unknown>[] } | null)?.expressions ?? [];
  const joins = (sel.joins as Record<string, unknown>[]) ?? [];
  // A row function (FLATTEN, SPLIT_TO_TABLE …) is an aliased json_each call (see table-functions.ts).
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
      for (const [i, c] of r.table.columns.entries()) {
        if (except.has(storageName(c.name))) continue;
        const col = r.expand?.(c.name) ?? columnAt(r, i, typed);
        // A repeated name is read under a name of its own (positional.ts), and named back.
        const own = !r.expand && (col as { column: { name: Ident2 } }).column.name.name !== storageName(c.name);
        const to = renames.get(storageName(c.name)) ?? (r.expand || own ? storageName(c.name) : undefined);
        out.push(to ? { alias: { this: col, alias: quotedIdent(to), column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] } } : col);
      }
    }
  }
  sel.expressions = out;
}
type Ident2 = { name: string };
