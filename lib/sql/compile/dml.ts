/**
 * INSERT / UPDATE / DELETE. Every value written goes through the conversion of its column's
 * declared type, so stored data always has the canonical form the encoders expect (and bad
 * values fail the way Snowflake fails them).
 */
import { tableStorageName } from '@/lib/catalog/system-tables';
import { SqlError } from '../errors';
import { asKind, expectKind, makeNode, rebuildNode, type NodeOf } from '../parse';
import { parseTypeName } from '../types';
import { fromStorageName, normalize, quotedIdent, storageName } from './names';
import { columnNode, lit, selectNode } from '../tree/ast';
import { compileQuery } from './query';
import { quoteIdent as q } from '../sql-text';
import { castExpression } from '../functions/conversion';
import type { SfType } from '../types';
import { infer } from './infer';
import { rewrite, writeTarget, type RewriteContext, type TableRef } from './rewrite';
import { defaultValue, hasDefault, rowsCte } from './column-defaults';
import { valuesSql } from './bulk-values';

/** `DEFAULT` written as a VALUES item. */
const isDefaultKeyword = (v: unknown) => asKind(v, 'var')?.this?.toUpperCase() === 'DEFAULT';

function columnOf(ref: TableRef, name: string) {
  const col = ref.table.columns.find((c) => c.name === name);
  if (!col) throw new SqlError('000904', '42000', `SQL compilation error: error line 1 at position 0\ninvalid identifier '${name}'`);
  return col;
}

export function compileInsert(v: NodeOf<'insert'>, ctx: RewriteContext): string {
  const ref = writeTarget(v.table, ctx);
  const names = v.columns.length ? v.columns.map(normalize) : ref.table.columns.map((c) => c.name);
  const cols = names.map((n) => columnOf(ref, n));
  let source: string;
  let width: number;
  // The source's types, where known, so that a typed value converts from what it is (an LTZ
  // instant stays that instant, a NUMBER(3,2) into VARCHAR keeps its scale).
  let sourceTypes: (SfType | null)[] = [];
  if (v.query) {
    const query = compileQuery(v.query, ctx);
    source = query.sql;
    width = query.columns.length || cols.length;
    sourceTypes = query.columns.map((c) => c.type);
  } else {
    // A DEFAULT item stands for its column's default (typed and converted already).
    const rows = v.values.map((r) => r.map((x, i) => (isDefaultKeyword(x) && cols[i] ? defaultValue(cols[i], ctx) : rewrite(x, ctx))));
    width = rows[0]?.length ?? 0;
    sourceTypes = (rows[0] ?? []).map((_, i) => {
      const t = rows.map((r) => infer(r[i], ctx).type);
      return t.every((x) => x && x.text === t[0]?.text) ? t[0] : null;
    });
    if (rows.some((r) => r.length !== width)) throw new SqlError('002020', '21S01', 'SQL compilation error:\nInsert value list does not match column list');
    source = valuesSql(rows, ctx.dialect);
  }
  if (width !== cols.length) {
    throw new SqlError('002020', '21S01', `SQL compilation error:\nInsert value list does not match column list expecting ${cols.length} but got ${width}`);
  }
  const srcCols = cols.map((_, i) => `c${i + 1}`);
  // The columns left out get their defaults, computed with the source rows.
  const defaulted = ref.table.columns.filter((c) => !names.includes(c.name) && hasDefault(c));
  const defaults = defaulted.map((c) => defaultValue(c, ctx));
  const defCols = defaulted.map((_, j) => `d${j + 1}`);
  const rows = `SELECT *${defaults.map((d, j) => `, ${ctx.dialect.expressionSql(d)} AS ${q(defCols[j])}`).join('')} FROM "_floe_src"`;
  const colRef = (name: string) => columnNode(quotedIdent(name));
  const converted = [...cols, ...defaulted].map((c, i) => {
    const from = i < cols.length ? sourceTypes[i] ?? null : infer(defaults[i - cols.length], ctx).type;
    return ctx.dialect.expressionSql(castExpression(colRef(i < cols.length ? srcCols[i] : defCols[i - cols.length]), from, parseTypeName(c.type)!, ctx.session, { write: true }));
  });
  const targets = [...names, ...defaulted.map((c) => c.name)].map((n) => q(storageName(n)));
  return `WITH "_floe_src"(${srcCols.map(q).join(', ')}) AS (${source}), ${rowsCte(ctx, '_floe_rows', rows)} INSERT INTO ${q(tableStorageName(ref.table.id))} (${targets.join(', ')}) SELECT ${converted.join(', ')} FROM "_floe_rows"`;
}


export function compileUpdate(v: NodeOf<'update'>, ctx: RewriteContext): string {
  const u = expectKind(rewrite(makeNode('update', v), ctx), 'update');
  const ref = ctx.tables[0];
  // (The parser gives every target as an identifier, `t.c` too.)
  u.set = u.set.map(([col, expr]) => [col, castExpression(expr, infer(expr, ctx).type, parseTypeName(columnOf(ref, fromStorageName(col.name)).type)!, ctx.session, { write: true })]);
  return ctx.dialect.sql(makeNode('update', u));
}

/** A DELETE's fields: the parser's, or those of one Floe writes. */
type DeleteFields = Pick<NodeOf<'delete'>, 'table' | 'using' | 'where_clause'> & Partial<NodeOf<'delete'>>;

/** SQLite has no DELETE … USING: the USING tables and the condition move into EXISTS (…). */
export function compileDelete(v: DeleteFields, ctx: RewriteContext): string {
  // (A DELETE Floe writes itself, for INSERT OVERWRITE and TRUNCATE, gives the fields it needs.)
  const using = v.using ?? [];
  if (using.length === 0) return ctx.dialect.sql(rewrite(rebuildNode('delete', v), ctx));
  const where = v.where_clause?.this ?? makeNode('boolean', { value: true });
  const inner = selectNode({ expressions: [lit(1)], from: { expressions: using.map((t) => makeNode('table', t)) }, where_clause: { this: where } });
  const exists = makeNode('exists', { this: inner, not: false });
  return ctx.dialect.sql(rewrite(rebuildNode('delete', { ...v, using: [], where_clause: { this: exists } }), ctx));
}
