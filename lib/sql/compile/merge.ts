/**
 * MERGE on SQLite (which has none). The matches are taken once, before anything changes, into
 * temporary tables that record which WHEN clause (the first whose condition holds) applies to
 * each target row and each unmatched source row; then one UPDATE / DELETE / INSERT per clause
 * reads them. All of it is one journaled write, so it commits (and replays) as a whole.
 */
import { tableStorageName } from '@/lib/catalog/system-tables';
import type { SqlStep } from '@/lib/engine/types';
import { SqlError, sqlErrors } from '../errors';
import { positionAt } from '../lexer';
import { asKind, expectKind, makeNode, type Node, type NodeOf } from '../parse';
import { columnNode, lit, selectNode } from '../tree/ast';
import { parseTypeName } from '../types';
import { isIdent, normalize, quotedIdent, storageName } from './names';
import { castExpression } from '../functions/conversion';
import { infer } from './infer';
import { rewrite, writeTarget, type RewriteContext } from './rewrite';
import { defaultValue, hasDefault, rowsCte } from './column-defaults';

type Clause =
  | { matched: true; condition: Node | null; action: 'update'; set: [string, Node][] }
  | { matched: true; condition: Node | null; action: 'delete' }
  | { matched: false; condition: Node | null; action: 'insert'; columns: string[]; values: Node[] };

export interface MergePlan {
  steps: SqlStep[];
  /** Index in `steps` of each step whose changes count as inserted / updated / deleted rows. */
  counted: { kind: 'inserted' | 'updated' | 'deleted'; step: number }[];
  kinds: ('inserted' | 'updated' | 'deleted')[];
  /**
   * How many of the statement's bound values each step takes (its highest placeholder): SQLite
   * refuses a value beyond a statement's own placeholders, and most steps have none.
   */
  paramCounts: number[];
}

/** The highest placeholder number in a rewritten tree (0: none). */
function highestParam(node: unknown): number {
  if (!node || typeof node !== 'object') return 0;
  const p = asKind(node, 'placeholder');
  if (p && typeof p.index === 'number') return p.index;
  let max = 0;
  for (const v of Object.values(node)) max = Math.max(max, highestParam(v));
  return max;
}


function clausesOf(m: NodeOf<'merge'>, text: string): Clause[] {
  const whens = (asKind(m.whens, 'whens')?.expressions ?? []).map((e) => expectKind(e, 'when'));
  // The grammar needs a WHEN clause: without one the statement ended too early.
  if (whens.length === 0) {
    const end = positionAt(text, text.trimEnd().length);
    throw sqlErrors.syntax('<EOF>', end.line, end.col);
  }
  return whens.map((w): Clause => {
    const matched = asKind(w.matched, 'boolean')?.value === true;
    // THEN DELETE is a bare verb; THEN UPDATE SET … and THEN INSERT … a tuple that starts with it.
    const parts = asKind(w.then, 'tuple')?.expressions ?? [];
    const verb = asKind(w.then, 'var')?.this ?? asKind(parts[0], 'var')?.this;
    if (verb === 'DELETE') return { matched: true, condition: w.condition, action: 'delete' };
    const list = (n: Node | undefined) => asKind(n, 'tuple')?.expressions ?? [];
    if (verb === 'UPDATE' && parts.length > 1) {
      const set = list(parts[1]).map((e): [string, Node] => {
        const eq = asKind(e, 'eq');
        const id = asKind(eq?.left, 'identifier') ?? asKind(eq?.left, 'column')?.name;
        if (!eq || !isIdent(id)) throw new SqlError('002140', '42601', 'SQL compilation error:\nMERGE … UPDATE SET needs column names');
        return [normalize(id), eq.right];
      });
      return { matched: true, condition: w.condition, action: 'update', set };
    }
    if (verb === 'INSERT' && parts.length > 1) {
      const cols = parts.length === 3 ? list(parts[1]).map((e) => normalize(expectKind(e, 'identifier'))) : [];
      return { matched: false, condition: w.condition, action: 'insert', columns: cols, values: list(parts[parts.length - 1]) };
    }
    throw new SqlError('002140', '42601', `SQL compilation error:\nUnsupported MERGE clause ${String(verb)}`);
  });
}

/** MERGE INTO / USING items come as a table or subquery, possibly wrapped in { alias }. */
function unwrapAlias(item: Node): { node: Node; alias: string | null } {
  const aliased = asKind(item, 'alias');
  if (aliased?.this) return { node: aliased.this, alias: isIdent(aliased.alias) ? normalize(aliased.alias) : null };
  const inner = asKind(item, 'table') ?? asKind(item, 'subquery');
  return { node: item, alias: isIdent(inner?.alias) ? normalize(inner.alias) : null };
}

export function compileMerge(m: NodeOf<'merge'>, ctx: RewriteContext): MergePlan {
  const d = ctx.dialect;
  const bq = d.quote;
  const target = unwrapAlias(m.this);
  const targetTable = asKind(target.node, 'table');
  if (!targetTable) throw new SqlError('002140', '42601', 'SQL compilation error:\nMERGE INTO needs a table');
  const t = writeTarget({ ...targetTable, alias: target.alias ? quotedIdent(target.alias) : null }, ctx);
  const tName = bq(tableStorageName(t.table.id));
  const tAlias = bq(storageName(t.alias));
  const source = unwrapAlias(m.using);
  const sourceTable = asKind(source.node, 'table');
  const sAlias = storageName(source.alias ?? (sourceTable ? normalize(sourceTable.name) : 'SRC'));
  const sourceNode = rewrite(source.node, ctx);
  const sourceSelect = ctx.dialect.sql(selectNode({ expressions: [makeNode('star', { table: null, except: null, replace: null, rename: null })], from: { expressions: [sourceNode] } }));
  const sourceSql = `(${sourceSelect}) AS ${bq(sAlias)}`;
  // (The grammar requires ON.)
  const onNode = rewrite(m.on ?? lit(null), ctx);
  const on = ctx.dialect.expressionSql(onNode);
  const clauses = clausesOf(m, ctx.sourceText ?? '');
  // Placeholders read by the step being built.
  let reads = Math.max(highestParam(sourceNode), highestParam(onNode));
  const cond = (c: Clause) => {
    if (!c.condition) return 'TRUE';
    const node = rewrite(c.condition, ctx);
    reads = Math.max(reads, highestParam(node));
    return ctx.dialect.expressionSql(node);
  };
  const pick = (list: { c: Clause; i: number }[]) =>
    list.length === 0 ? 'NULL' : `CASE ${list.map(({ c, i }) => `WHEN ${cond(c)} THEN ${i}`).join(' ')} ELSE NULL END`;
  const both = reads;
  const matchedPick = pick(clauses.map((c, i) => ({ c, i })).filter((x) => x.c.matched));
  const matchedReads = reads;
  reads = both;
  const unmatchedPick = pick(clauses.map((c, i) => ({ c, i })).filter((x) => !x.c.matched));
  const steps: SqlStep[] = [
    { sql: `DROP TABLE IF EXISTS ${d.tempTable('_floe_merge_m')}` },
    { sql: `DROP TABLE IF EXISTS ${d.tempTable('_floe_merge_n')}` },
    { sql: `CREATE TEMP TABLE ${bq('_floe_merge_m')} AS SELECT ${tAlias}.${d.rowId} AS ${bq('_floe_rid')}, ${bq(sAlias)}.*, ${matchedPick} AS ${bq('_floe_clause')} FROM ${tName} AS ${tAlias} JOIN ${sourceSql} ON ${on}` },
    { sql: `CREATE TEMP TABLE ${bq('_floe_merge_n')} AS SELECT ${bq(sAlias)}.*, ${unmatchedPick} AS ${bq('_floe_clause')} FROM ${sourceSql} WHERE NOT EXISTS (SELECT 1 FROM ${tName} AS ${tAlias} WHERE ${on})` },
  ];
  const paramCounts = [0, 0, matchedReads, reads];
  const counted: MergePlan['counted'] = [];
  const colType = (name: string) => {
    const col = t.table.columns.find((c) => c.name === name);
    if (!col) throw new SqlError('000904', '42000', `SQL compilation error: error line 1 at position 0\ninvalid identifier '${name}'`);
    return parseTypeName(col.type)!;
  };
  // A value is stored as its column's type, converted from its own type (an LTZ stays that instant).
  const stored = (e: Node, target: ReturnType<typeof colType>) => {
    const value = rewrite(e, ctx);
    reads = Math.max(reads, highestParam(value));
    return castExpression(value, infer(value, ctx).type, target, ctx.session, { write: true });
  };
  clauses.forEach((c, i) => {
    reads = 0;
    if (c.action === 'update') {
      const sets = c.set.map(([col, e]) => `${bq(storageName(col))} = ${ctx.dialect.expressionSql(stored(e, colType(col)))}`).join(', ');
      steps.push({ sql: `UPDATE ${tName} AS ${tAlias} SET ${sets} FROM ${bq('_floe_merge_m')} AS ${bq(sAlias)} WHERE ${tAlias}.${d.rowId} = ${bq(sAlias)}.${bq('_floe_rid')} AND ${bq(sAlias)}.${bq('_floe_clause')} = ${i}` });
      counted.push({ kind: 'updated', step: steps.length - 1 });
      paramCounts.push(reads);
    } else if (c.action === 'delete') {
      steps.push({ sql: `DELETE FROM ${tName} WHERE ${d.rowId} IN (SELECT ${bq('_floe_rid')} FROM ${bq('_floe_merge_m')} WHERE ${bq('_floe_clause')} = ${i})` });
      counted.push({ kind: 'deleted', step: steps.length - 1 });
      paramCounts.push(0);
    } else {
      const cols = c.columns.length ? c.columns : t.table.columns.map((x) => x.name);
      if (cols.length !== c.values.length) throw new SqlError('002020', '21S01', 'SQL compilation error:\nInsert value list does not match column list');
      // The columns left out get their defaults; the values are computed per source row, then converted.
      const defaulted = t.table.columns.filter((x) => !cols.includes(x.name) && hasDefault(x));
      const raw = [...c.values.map((e) => rewrite(e, ctx)), ...defaulted.map((x) => defaultValue(x, ctx))];
      reads = Math.max(0, ...raw.map(highestParam));
      const names = [...cols, ...defaulted.map((x) => x.name)];
      const rows = `SELECT ${raw.map((r, k) => `${ctx.dialect.expressionSql(r)} AS ${bq(`v${k}`)}`).join(', ')} FROM ${bq('_floe_merge_n')} AS ${bq(sAlias)} WHERE ${bq('_floe_clause')} = ${i}`;
      const vals = raw.map((r, k) => ctx.dialect.expressionSql(castExpression(columnNode(quotedIdent(`v${k}`)), infer(r, ctx).type, colType(names[k]), ctx.session, { write: true })));
      steps.push({ sql: `WITH ${rowsCte(ctx, '_floe_rows', rows)} INSERT INTO ${tName} (${names.map((x) => bq(storageName(x))).join(', ')}) SELECT ${vals.join(', ')} FROM "_floe_rows"` });
      counted.push({ kind: 'inserted', step: steps.length - 1 });
      paramCounts.push(reads);
    }
  });
  steps.push({ sql: `DROP TABLE ${d.tempTable('_floe_merge_m')}` }, { sql: `DROP TABLE ${d.tempTable('_floe_merge_n')}` });
  const order = ['inserted', 'updated', 'deleted'] as const;
  paramCounts.push(0, 0);
  return { steps, counted, kinds: order.filter((k) => counted.some((x) => x.kind === k)), paramCounts };
}
