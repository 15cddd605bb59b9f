/**
 * Column DEFAULT expressions and IDENTITY / AUTOINCREMENT columns. A default is kept as
 * Snowflake SQL in _floe_columns.default_sql (sequence references fully qualified, so that it
 * means the same from any session); an identity column has a hidden sequence of its own. A write
 * that leaves such a column out (INSERT or MERGE with a column list, VALUES … DEFAULT) stores
 * the default instead of NULL, converted to the column's type.
 */
import type { ColumnInfo } from '@/lib/catalog/catalog';
import type { IdentitySpec } from './identity';
import { newObjectId } from '@/lib/catalog/names';
import { addSequence } from '@/lib/catalog/sequences';
import type { SqlStep } from '@/lib/engine/types';
import { asKind, makeNode, parseExpression, toSnowflake, type Node, type NodeOf } from '../parse';
import { SqlError, sqlErrors } from '../errors';
import { columnNode, EMPTY_SELECT, lit, selectOf } from '../tree/ast';
import { castExpression } from '../functions/conversion';
import { parseTypeName } from '../types';
import { infer } from './infer';
import { isIdent, normalize } from './names';
import { rewrite, type RewriteContext } from './rewrite';
import { newOutput, queryContext, scopeOf, type CompileScope } from './context';
import { compileQuery } from './query';
import { findSequence, nextvalCall, nextvalParts } from './sequences';


export interface ColumnDefault { defaultSql: string | null; identity: IdentitySpec | null }

const NONE: ColumnDefault = { defaultSql: null, identity: null };

function integerOf(node: unknown, fallback: number): number {
  if (!node) return fallback;
  const neg = asKind(node, 'neg');
  const n = neg ? -integerOf(neg.this, NaN) : Number(asKind(node, 'literal')?.value);
  if (!Number.isSafeInteger(n)) throw new SqlError('002140', '42601', 'SQL compilation error:\nIDENTITY start and increment must be integers');
  return n;
}

const ident = (name: string) => ({ name, quoted: !/^[A-Z_][A-Z0-9_$]*$/.test(name), trailing_comments: [] });

/** Every `seq.NEXTVAL` in a default written as `DB.SCHEMA.SEQ.NEXTVAL` (resolved now, in the creating session). */
function qualifySequences(node: Node, ctx: RewriteContext): Node;
function qualifySequences(node: unknown, ctx: RewriteContext): unknown;
function qualifySequences(node: unknown, ctx: RewriteContext): unknown {
  if (!node || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => qualifySequences(n, ctx));
  const parts = nextvalParts(node);
  const seq = parts && findSequence(ctx.catalog, ctx.session, parts);
  if (seq) {
    const { database, schema } = ctx.catalog.schemaPath(seq.schemaId);
    const dbSchema = columnNode(ident(schema), ident(database));
    return makeNode('dot', { this: makeNode('dot', { this: dbSchema, field: ident(seq.name!) }), field: ident('NEXTVAL') });
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, qualifySequences(v, ctx)]));
}

/** A column a default names (a default cannot read the row), or null; `seq.NEXTVAL` is no column. */
function columnNamedIn(node: unknown): string | null {
  if (!node || typeof node !== 'object') return null;
  if (Array.isArray(node)) return node.map(columnNamedIn).find((x) => x !== null) ?? null;
  if (nextvalParts(node)) return null;
  const column = asKind(node, 'column');
  if (column && isIdent(column.name)) return normalize(column.name);
  return Object.values(node).map(columnNamedIn).find((x) => x !== null) ?? null;
}

/** The DEFAULT / IDENTITY of a parsed column definition, checked to compile. */
/** The fields of a parsed column definition its default and identity are read from. */
type DefaultFields = Partial<Pick<NodeOf<'column_def'>, 'default' | 'auto_increment' | 'auto_increment_start' | 'auto_increment_increment' | 'auto_increment_order'>>;

export function columnDefaultOf(def: DefaultFields, ctx: RewriteContext): ColumnDefault {
  if (def.auto_increment === true) {
    if (def.default) throw new SqlError('002140', '42601', 'SQL compilation error:\nA column cannot have both a DEFAULT and an IDENTITY');
    return { defaultSql: null, identity: { start: integerOf(def.auto_increment_start, 1), increment: integerOf(def.auto_increment_increment, 1), ordered: def.auto_increment_order === true } };
  }
  if (!def.default) return NONE;
  const column = columnNamedIn(def.default);
  if (column) throw sqlErrors.invalidIdentifier(column);
  const expr = qualifySequences(def.default, ctx);
  // Compiled once now so that a default naming what does not exist fails CREATE TABLE.
  rewrite(structuredClone(expr), queryContext(scopeOf(ctx), { ...newOutput(), sequences: new Set() }));
  return { defaultSql: toSnowflake({ select: selectOf(expr) }).replace(/^SELECT\s+/i, ''), identity: null };
}

/** What compiling a default needs besides the catalog and session (a command's context has it). */
export type DefaultContext = Pick<CompileScope, 'catalog' | 'session' | 'statementId' | 'services' | 'dialect'>;

const rewriteContext = (c: DefaultContext): RewriteContext => queryContext({ ...c, paramTypes: [], compileQuery });

/** A DEFAULT expression written as text (ALTER TABLE … ADD COLUMN c t DEFAULT <expr>, … SET DEFAULT <expr>). */
export function defaultOfText(text: string, c: DefaultContext): ColumnDefault {
  const expr = parseExpression(text);
  return columnDefaultOf({ default: expr }, rewriteContext(c));
}

/**
 * The SQL that fills an existing column with its default (ALTER TABLE … ADD COLUMN … DEFAULT
 * gives the rows already there that value), or null when the default takes sequence values
 * (Floe fills no existing rows from a sequence).
 */
export function defaultFill(col: ColumnInfo, c: DefaultContext): string | null {
  const ctx = rewriteContext(c);
  const raw = defaultValue(col, ctx);
  const value = castExpression(raw, infer(raw, ctx).type, parseTypeName(col.type)!, ctx.session, { write: true });
  return ctx.sequences?.size ? null : ctx.dialect.expressionSql(value);
}

/** Steps creating the hidden sequence of an identity column of table `tableId`; returns its id. */
export function identitySequenceSteps(spec: IdentitySpec, schemaId: number, tableId: number, role: string | null): { id: number; steps: SqlStep[] } {
  const id = newObjectId();
  return {
    id,
    steps: addSequence({ id, schemaId, name: null, tableId, start: spec.start, increment: spec.increment, ordered: spec.ordered, owner: role, comment: null, createdOn: Date.now() }),
  };
}

/** Whether writing a row without this column stores something other than NULL. */
export const hasDefault = (c: ColumnInfo) => c.defaultSql !== null || !!c.identity;

/**
 * A column's default, rewritten (NULL when it has none), still to be converted to the column's
 * type. A value that takes from a sequence must be computed once per row before it is converted
 * (the conversion may read it twice): see storedColumnValue.
 */
export function defaultValue(c: ColumnInfo, ctx: RewriteContext): Node {
  const seq = c.identity ? ctx.catalog.sequences.get(c.identity) : undefined;
  if (seq) return nextvalCall(seq, ctx);
  if (c.defaultSql === null) return lit(null);
  return rewrite(parseExpression(c.defaultSql), ctx);
}

/**
 * `WITH name AS [MATERIALIZED] (…)`: rows that take sequence values are computed once, into a
 * table, before anything reads them (SQLite would otherwise inline the subquery, and a value the
 * conversion reads twice would take two values).
 */
export const rowsCte = (ctx: RewriteContext, name: string, sql: string) => `"${name}" AS ${ctx.sequences?.size ? 'MATERIALIZED ' : ''}(${sql})`;

