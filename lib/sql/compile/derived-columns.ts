/**
 * A derived table's column list, `(SELECT 1, 2) AS t(a, b)` (VALUES lists are values-source.ts's):
 * SQLite has none, so the query's own columns are renamed, by position, before rewriting.
 */
import { sqlErrors } from '../errors';
import { asKind, makeNode, type Node, type NodeOf } from '../parse';
import { aliasNode, firstSelect, identifier, selectNode } from '../tree/ast';
import { isIdent, normalize } from './names';
import { itemExpression } from './query-clauses';

/** The subquery with its column list applied (and removed), or null when it has none. */
export function renamedColumns(v: NodeOf<'subquery'>): Node | null {
  const names = (v.column_aliases ?? []).filter(isIdent);
  if (names.length === 0 || !v.this) return null;
  const query = structuredClone(v.this);
  const sel = firstSelect(query);
  if (!sel) return null;
  const items = sel.expressions;
  if (!items.some((e) => asKind(e, 'star'))) {
    if (names.length > items.length) throw sqlErrors.invalidValue(`Table '${isIdent(v.alias) ? normalize(v.alias) : ''}' has ${items.length} columns available but ${names.length} columns specified`);
    sel.expressions = items.map((e, i) => (i < names.length ? aliasNode(itemExpression(e), names[i]) : e));
    return makeNode('subquery', { ...v, this: query, column_aliases: [] });
  }
  // `*` in the query: its columns are only known once it is rewritten, so they are read by position.
  const positional = names.map((n, i) => aliasNode(makeNode('parameter', { name: null, index: i + 1, style: 'Dollar', quoted: false, string_quoted: false, expression: null }), n));
  const from = makeNode('subquery', { ...v, this: query, alias: identifier('__FLOE_D', true), column_aliases: [] });
  return makeNode('subquery', { ...v, this: selectNode({ expressions: positional, from: { expressions: [from] } }), column_aliases: [] });
}
