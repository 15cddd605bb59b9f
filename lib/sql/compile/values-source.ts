/**
 * VALUES as a row source (`FROM VALUES (…), (…)`, `FROM (VALUES …) [AS v(a, b)]`): Snowflake
 * names its columns COLUMN1…n (or the given aliases), SQLite column1…n. The VALUES list becomes
 * a subquery that renames them.
 */
import { EMPTY_SELECT } from '../tree/ast';
import { isIdent, normalize, quotedIdent, storedIdent, type Ident } from './names';

type Values = { expressions: { expressions: unknown[] }[]; alias?: unknown; column_aliases?: unknown[] };

/** The subquery replacing a VALUES source; `rewriteRows` rewrites the row expressions. */
export function valuesSource(values: Values, alias: unknown, columnAliases: unknown[], rewriteRows: (v: unknown) => unknown): Record<string, unknown> {
  const width = values.expressions[0]?.expressions.length ?? 0;
  const given = (columnAliases ?? []).filter(isIdent) as Ident[];
  const names = Array.from({ length: width }, (_, i) => (given[i] ? normalize(given[i]) : `COLUMN${i + 1}`));
  const inner = { values: { ...values, expressions: rewriteRows(values.expressions), alias: null, column_aliases: [] } };
  const select = {
    ...EMPTY_SELECT,
    expressions: names.map((name, i) => ({
      alias: { this: { column: { name: quotedIdent(`column${i + 1}`), table: null, join_mark: false, trailing_comments: [] } }, alias: storedIdent(name), column_aliases: [], alias_explicit_as: true, pre_alias_comments: [], trailing_comments: [] },
    })),
    from: { expressions: [{ subquery: { this: inner, alias: null, column_aliases: [], alias_explicit_as: false, order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [] } }] },
  };
  return {
    subquery: {
      this: { select }, alias: isIdent(alias) ? storedIdent(normalize(alias)) : null, column_aliases: [], alias_explicit_as: true,
      order_by: null, limit: null, offset: null, lateral: false, modifiers_inside: false, trailing_comments: [],
    },
  };
}
