/** SELECT (and set operations, VALUES): SQLite text plus the rowType of every result column. */
import type { Node } from '../parse';
import { asKind, kindOf } from '../parse';
import { fromStorageName, normalize, storageName, storedIdent } from './names';
import { aliasNode, columnNode, firstSelect, identifier, selectNode, subqueryNode } from '../tree/ast';
import { collectCtes, rewrite, type RewriteContext } from './rewrite';
import { infer } from './infer';
import { applyQualify, expandGroupByAll } from './query-clauses';
import { expandStar } from './star';
import { displayNameOf, selectItemTexts, writtenName } from './written-names';
import { expandGroupingSets } from './grouping-sets';
import type { ResultColumn } from './types';

export type { ResultColumn } from './types';

export function compileQuery(root: Node, ctx: RewriteContext, finish: (ast: Node) => void = () => {}): { sql: string; columns: ResultColumn[] } {
  collectCtes(root, ctx.ctes, ctx.cteDefs ??= new Map());
  let ast = root;
  // A bare VALUES list names its columns COLUMN1…n.
  const values = asKind(root, 'values');
  if (values) {
    const rows = values.expressions;
    const n = rows[0]?.expressions.length ?? 0;
    ast = selectNode({ expressions: Array.from({ length: n }, (_, i) => columnNode(identifier(`COLUMN${i + 1}`, false))), from: { expressions: [subqueryNode(root, null)] } });
  }
  const originalSelect = firstSelect(ast);
  if (originalSelect) expandGroupByAll(originalSelect);
  ctx.topSelect = originalSelect;
  const items = ctx.sourceText ? selectItemTexts(ctx.sourceText) : null;
  const names = originalSelect?.expressions.map((e, i, all) => {
    const aliased = asKind(e, 'alias');
    return aliased ? normalize(aliased.alias) : writtenName(e, i, items, all.length) ?? displayNameOf(e);
  });
  const grouped = originalSelect && names && kindOf(ast) === 'select' ? expandGroupingSets(originalSelect, () => names) : null;
  if (grouped) {
    ast = grouped;
    ctx.topSelect = asKind(grouped, 'select');
  }
  const rewritten = rewrite(ast, ctx);
  const sel = firstSelect(rewritten);
  let columns: ResultColumn[] = [];
  if (sel && names) {
    const before = sel.expressions.length;
    expandStar(sel, ctx.tables, ctx.typed);
    const exprs = sel.expressions;
    const expanded = exprs.length !== before || exprs.some((e) => asKind(e, 'star'));
    columns = exprs.map((e, i) => {
      const inf = infer(e, ctx);
      const written = asKind(e, 'alias')?.alias ?? asKind(e, 'column')?.name;
      const name = written ? fromStorageName(written.name) : expanded ? displayNameOf(e) : names[i];
      return {
        name,
        type: inf.type,
        nullable: inf.nullable,
        database: inf.origin?.database ?? '',
        schema: inf.origin?.schema ?? '',
        table: inf.origin?.table.name ?? '',
      };
    });
    if (exprs.some((e) => asKind(e, 'star'))) columns = []; // names and types come from the engine
    else {
      // Name every column explicitly so SQLite reports exactly Snowflake's names.
      sel.expressions = exprs.map((e, i) => aliasNode(asKind(e, 'alias')?.this ?? e, storedIdent(columns[i].name)));
      applyQualify(sel, columns.map((c) => storageName(c.name)));
    }
  }
  finish(rewritten);
  return { sql: ctx.dialect.sql(rewritten), columns };
}
