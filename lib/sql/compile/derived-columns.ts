/**
 * A derived table's column list, `(SELECT 1, 2) AS t(a, b)` (VALUES lists are values-source.ts's):
 * SQLite has none, so the query's own columns are renamed, by position, before rewriting.
 */
import { sqlErrors } from '../errors';
import { asKind, makeNode, type Node } from '../parse';
import { EMPTY_SELECT, firstSelect } from '../tree/ast';
import { isIdent, normalize, type Ident } from './names';
import { itemExpression } from './query-clauses';

type Obj = Record<string, unknown>;

const alias = (e: unknown, name: Ident): Node => makeNode('alias', { this: e, alias: name, column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] });

/** The subquery payload with its column list applied (and removed), or null when it has none. */
export function renamedColumns(v: Obj): Obj | null {
  const names = ((v.column_aliases as unknown[] | undefined) ?? []).filter(isIdent) as Ident[];
  if (names.length === 0 || !v.this) return null;
  const query = structuredClone(v.this) as Obj;
  const sel = firstSelect(query);
  if (!sel) return null;
  const items = sel.expressions;
  if (!items.some((e) => asKind(e, 'star'))) {
    if (names.length > items.length) throw sqlErrors.invalidValue(`Table '${isIdent(v.alias) ? normalize(v.alias) : ''}' has ${items.length} columns available but ${names.length} columns specified`);
    sel.expressions = items.map((e, i) => (i < names.length ? alias(itemExpression(e), names[i]) : e));
    return { subquery: { ...v, this: query, column_aliases: [] } };
  }
  // `*` in the query: its columns are only known once it is rewritten, so they are read by position.
  const positional = names.map((n, i) => alias({ parameter: { name: null, index: i + 1, style: 'Dollar', quoted: false, string_quoted: false, expression: null } }, n));
  const from = { subquery: { ...v, this: query, alias: { name: '__FLOE_D', quoted: true, trailing_comments: [] }, column_aliases: [] } };
  return { subquery: { ...v, this: { select: { ...EMPTY_SELECT, expressions: positional, from: { expressions: [from] } } }, column_aliases: [] } };
}
