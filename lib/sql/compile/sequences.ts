/**
 * Sequence references on the compile side: `[db.][schema.]seq.NEXTVAL` and the hidden sequence of
 * an IDENTITY column become FLOE_NEXTVAL calls (functions/sequences.ts in the engine); a
 * statement that uses any gets a last step writing the sequences' next values back. Such a
 * statement changes the database, so it runs on the writer and is journaled, even a SELECT.
 */
import { Dialect, parse } from '@polyglot-sql/sdk';
import type { Catalog, SequenceInfo } from '@/lib/catalog/catalog';
import { engineName } from '@/lib/engine/functions/manifest';
import type { SqlStep } from '@/lib/engine/types';
import { asKind, expectKind, type Node } from '../parse';
import type { Session } from '../session';
import { types } from '../types';
import { engineFn, fn, lit } from '../tree/ast';
import { isIdent, normalize } from './names';
import type { SqlDialect } from '../dialect';
import type { RewriteContext } from './rewrite';

/** The sequence a one- to three-part name names (through the session's database and schema), or undefined. */
export function findSequence(catalog: Catalog, session: Session, parts: (string | null)[]): SequenceInfo | undefined {
  const [dbName, schemaName, name] = parts;
  const db = catalog.database(dbName ?? session.database ?? '');
  const sName = schemaName ?? (dbName ? 'PUBLIC' : session.schema);
  const schema = db && sName !== null ? catalog.schema(db.id, sName) : undefined;
  return schema && name !== null ? catalog.sequence(schema.id, name) : undefined;
}

/** The name parts before `.NEXTVAL` in a column or dot node (`s.nextval`, `sch.s.nextval`, `db.sch.s.nextval`), or null. */
export function nextvalParts(node: unknown): (string | null)[] | null {
  const column = asKind(node, 'column');
  if (column && isIdent(column.name) && isIdent(column.table) && normalize(column.name) === 'NEXTVAL') return [null, null, normalize(column.table)];
  const dot = asKind(node, 'dot');
  if (!dot || !isIdent(dot.field) || normalize(dot.field) !== 'NEXTVAL') return null;
  const inner = asKind(dot.this, 'column');
  if (inner && isIdent(inner.name) && isIdent(inner.table)) return [null, normalize(inner.table), normalize(inner.name)];
  const innerDot = asKind(dot.this, 'dot');
  const col = asKind(innerDot?.this, 'column');
  if (innerDot && isIdent(innerDot.field) && col && isIdent(col.name) && isIdent(col.table)) return [normalize(col.table), normalize(col.name), normalize(innerDot.field)];
  return null;
}

/** `(SELECT next_value FROM _floe_sequences WHERE id = n)` as an AST node. */
function storedNext(id: number): Node {
  const r = parse(`SELECT (SELECT next_value FROM _floe_sequences WHERE id = ${id})`, Dialect.SQLite);
  return expectKind(r.ast?.[0], 'select').expressions[0];
}

/** The next value of a sequence, as a typed NUMBER(38,0) call; the statement now writes the sequence. */
export function nextvalCall(seq: SequenceInfo, ctx: RewriteContext): Node {
  (ctx.sequences ??= new Set()).add(seq.id);
  const node = engineFn('FLOE_NEXTVAL', [lit(seq.id), storedNext(seq.id), lit(seq.increment)]);
  ctx.typed.set(node, () => ({ type: types.number(38, 0), nullable: false }));
  return node;
}

/** A `seq.NEXTVAL` reference rewritten, or null when the node is none (or names no sequence: then it is a column). */
export function rewriteNextval(node: Node, ctx: RewriteContext): Node | null {
  const parts = nextvalParts(node);
  if (!parts) return null;
  // A table alias of that name with a NEXTVAL column wins (as a column reference always does).
  if (parts[0] === null && parts[1] === null && ctx.tables.some((t) => t.alias === parts[2] && t.table.columns.some((c) => c.name === 'NEXTVAL'))) return null;
  const seq = findSequence(ctx.catalog, ctx.session, parts);
  return seq ? nextvalCall(seq, ctx) : null;
}

/** The step that stores the next values of the sequences a statement used (its last step), the call in the engine's form. */
export function saveSequencesStep(ids: Iterable<number>, dialect: SqlDialect): SqlStep {
  const r = parse(`SELECT ${engineName('FLOE_SEQ_SAVE')}(id, next_value)`, Dialect.SQLite);
  const save = dialect.expressionSql(expectKind(r.ast?.[0], 'select').expressions[0]);
  return { sql: `UPDATE _floe_sequences SET next_value = ${save} WHERE id IN (${[...ids].join(', ')})` };
}

/**
 * A query that takes sequence values, as a write: its rows are kept in a temporary table, the
 * sequences stored, then the rows read back (so a journal replay, which runs every step, advances
 * the sequences exactly as the query did).
 */
export function queryWithSequences(sql: string, columns: number, ids: Iterable<number>, dialect: SqlDialect): { steps: SqlStep[]; boundStep: number } {
  const rows = dialect.tempTable('_floe_nextval_rows');
  return {
    steps: [
      { sql: `DROP TABLE IF EXISTS ${rows}` },
      { sql: dialect.createTempTableAs('_floe_nextval_rows', sql, columns) },
      saveSequencesStep(ids, dialect),
      { sql: dialect.tempTableRows('_floe_nextval_rows') },
    ],
    boundStep: 1,
  };
}
