/** `*` in a select list as the columns it stands for, typed (EXCLUDE and RENAME applied). */
import { asKind, type Node, type NodeOf } from '../parse';
import { aliasNode } from '../tree/ast';
import { isIdent, quotedIdent, storageName } from './names';
import { columnAt } from './positional';
import type { TableRef, TypeStamp } from './rewrite';

/** A FROM item that names its columns' scope (a row function is an aliased json_each call, see table-functions.ts). */
const scopeItem = (f: Node) => asKind(f, 'table') ?? asKind(f, 'subquery') ?? asKind(f, 'alias');

/**
 * Unqualified `*` over the select's FROM items (catalog tables, typed derived tables) expanded so
 * every column gets its type; left as it is when some FROM item is not among `tables`.
 */
export function expandStar(sel: NodeOf<'select'>, tables: TableRef[], typed: WeakMap<object, TypeStamp>): void {
  const own = [...(sel.from?.expressions ?? []).map(scopeItem), ...(sel.joins ?? []).map((j) => scopeItem(j.this))];
  if (own.some((o) => !o)) return;
  const refs = own.map((t) => tables.find((r) => storageName(r.alias) === t?.alias?.name)).filter((r): r is TableRef => !!r);
  if (refs.length !== own.length) return;
  const out: Node[] = [];
  for (const e of sel.expressions) {
    const star = asKind(e, 'star');
    if (!star || star.table) { out.push(e); continue; }
    // * EXCLUDE (…) RENAME (… AS …)
    const except = new Set((star.except ?? []).filter(isIdent).map((i) => i.name));
    const renames = new Map((star.rename ?? []).filter(([a, b]) => isIdent(a) && isIdent(b)).map(([a, b]) => [a.name, b.name]));
    for (const r of refs) {
      for (const [i, c] of r.table.columns.entries()) {
        if (except.has(storageName(c.name))) continue;
        const col = r.expand?.(c.name) ?? columnAt(r, i, typed);
        // A repeated name is read under a name of its own (positional.ts), and named back.
        const own = !r.expand && asKind(col, 'column')?.name.name !== storageName(c.name);
        const to = renames.get(storageName(c.name)) ?? (r.expand || own ? storageName(c.name) : undefined);
        out.push(to ? aliasNode(col, quotedIdent(to)) : col);
      }
    }
  }
  sel.expressions = out;
}
