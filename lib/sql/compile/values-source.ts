/**
 * VALUES as a row source (`FROM VALUES (…), (…)`, `FROM (VALUES …) [AS v(a, b)]`): Snowflake
 * names its columns COLUMN1…n (or the given aliases), SQLite column1…n. The VALUES list becomes
 * a subquery that renames them.
 */
import { makeNode, type Node, type NodeOf } from '../parse';
import { aliasNode, columnNode, selectNode, subqueryNode } from '../tree/ast';
import { isIdent, normalize, quotedIdent, storedIdent } from './names';

/** The subquery replacing a VALUES source; `rewriteItem` rewrites each row's expressions. */
export function valuesSource(values: NodeOf<'values'>, alias: unknown, columnAliases: unknown[] | undefined, rewriteItem: (n: Node) => Node): Node {
  const width = values.expressions[0]?.expressions.length ?? 0;
  const given = (columnAliases ?? []).filter(isIdent);
  const names = Array.from({ length: width }, (_, i) => (given[i] ? normalize(given[i]) : `COLUMN${i + 1}`));
  const rows = values.expressions.map((row) => ({ ...row, expressions: row.expressions.map(rewriteItem) }));
  const inner = makeNode('values', { ...values, expressions: rows, alias: null, column_aliases: [] });
  const select = selectNode({
    expressions: names.map((name, i) => aliasNode(columnNode(quotedIdent(`column${i + 1}`)), storedIdent(name))),
    from: { expressions: [makeNode('subquery', { this: inner, alias: null, column_aliases: [], alias_explicit_as: false, order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] })] },
  });
  return subqueryNode(select, isIdent(alias) ? storedIdent(normalize(alias)) : null);
}
