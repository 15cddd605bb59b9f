/**
 * ALTER TABLE [IF EXISTS] t RENAME TO n | ADD [COLUMN] [IF NOT EXISTS] c type [DEFAULT e] [NOT NULL] [, …]
 * | DROP [COLUMN] [IF EXISTS] c [, …] | RENAME COLUMN a TO b | ALTER [COLUMN] c {DROP DEFAULT | SET DEFAULT e}
 * | CLUSTER BY (e, …) | DROP CLUSTERING KEY | {SUSPEND | RESUME} RECLUSTER,
 * and COMMENT ON … IS '…'.
 */
import { tableStorageName } from '@/lib/catalog/system-tables';
import type { TableInfo } from '@/lib/catalog/catalog';
import { setDatabaseComment, setSchemaComment } from '@/lib/catalog/databases';
import { dropSequence } from '@/lib/catalog/sequences';
import { addColumn, renameColumn, renameTable, setClusterBy, setColumnComment, setColumnDefault, setColumns, setTableComment, setTableConstraints } from '@/lib/catalog/tables';
import type { SqlStep } from '@/lib/engine/types';
import { quoteIdent as q } from '../sql-text';
import { SqlError, sqlErrors } from '../errors';
import { displayName, resolveDatabase, resolveSchema, resolveTable, storageName } from '../compile/names';
import type { Compiled } from '../compile/types';
import { parseTypeName, type SfType, type TimestampAlias } from '../types';
import { TokenReader } from './reader';
import type { Command, CommandContext } from './types';
import type { SplitStatement } from '../lexer';
import { defaultFill, defaultOfText } from '../compile/column-defaults';
import { Access } from '@/lib/access/check';
import { securables, type Securable } from '@/lib/access/objects';

/** Altering or commenting an object takes its ownership. */
const requireOwner = (ctx: CommandContext, o: Securable) => Access.of(ctx.catalog, ctx.session.role).require('OWNERSHIP', o);

const ok: Compiled = { kind: 'ddl', steps: [], status: 'Statement executed successfully.', params: 0 };

/** A data type written as words and an optional (p[, s]): NUMBER(10,2), DOUBLE PRECISION, … */
function readType(r: TokenReader, timestamp: TimestampAlias | undefined): SfType {
  const words: string[] = [r.ident()];
  while (!r.done && !['NOT', 'NULL', 'DEFAULT', 'COMMENT', 'AUTOINCREMENT', 'IDENTITY'].some((w) => r.at(w)) && r.peek()?.kind === 'word') words.push(r.ident());
  let args = '';
  if (r.acceptPunct('(')) {
    const a = [r.integer()];
    while (r.acceptPunct(',')) a.push(r.integer());
    if (!r.acceptPunct(')')) r.fail();
    args = `(${a.join(',')})`;
  }
  const t = parseTypeName(words.join(' ') + args, timestamp);
  if (!t) throw new SqlError('002040', '42601', `SQL compilation error:\nUnsupported data type '${words.join(' ')}'.`);
  return t;
}

/** `DEFAULT <expr>` as text, the reader standing after DEFAULT. */
function defaultText(r: TokenReader, stmt: SplitStatement): string {
  const tokens = r.expression(['NOT', 'NULL', 'COMMENT']);
  return stmt.text.slice(tokens[0].start - stmt.start, tokens[tokens.length - 1].end - stmt.start);
}

function columnSteps(table: TableInfo, r: TokenReader, ctx: CommandContext, stmt: SplitStatement): SqlStep[] {
  const steps: SqlStep[] = [];
  let position = table.columns.length;
  do {
    r.accept('COLUMN');
    const ifNotExists = r.accept('IF', 'NOT', 'EXISTS');
    const name = r.ident();
    const type = readType(r, ctx.session.timestampTypeMapping);
    if (r.at('AUTOINCREMENT') || r.at('IDENTITY')) throw sqlErrors.unsupported('ADD COLUMN … AUTOINCREMENT');
    const defaultSql = r.accept('DEFAULT') ? defaultOfText(defaultText(r, stmt), ctx).defaultSql : null;
    const notNull = r.accept('NOT', 'NULL');
    if (!notNull) r.accept('NULL');
    if (table.columns.some((c) => c.name === name)) {
      if (ifNotExists) continue;
      throw new SqlError('002002', '42710', `SQL compilation error:\ncolumn '${displayName(name)}' already exists`);
    }
    position++;
    // SQLite cannot add a NOT NULL column without a default to a table; Snowflake refuses it too
    // when rows exist. Floe checks nullability on write through the catalog instead.
    steps.push(
      { sql: `ALTER TABLE ${q(tableStorageName(table.id))} ADD COLUMN ${q(storageName(name))} ${ctx.dialect.columnType(type)}` },
      ...addColumn(table.id, position, { name, type: type.text, nullable: !notNull, defaultSql, comment: null }),
    );
    // The rows already there take the default.
    if (defaultSql !== null) {
      const fill = defaultFill({ name, type: type.text, nullable: !notNull, defaultSql, comment: null }, ctx);
      if (fill === null) throw sqlErrors.unsupported('ADD COLUMN … DEFAULT <sequence>.NEXTVAL');
      steps.push({ sql: `UPDATE ${q(tableStorageName(table.id))} SET ${q(storageName(name))} = ${fill}` });
    }
  } while (r.acceptPunct(','));
  return steps;
}

function dropColumnSteps(table: TableInfo, r: TokenReader): SqlStep[] {
  const steps: SqlStep[] = [];
  const gone = new Set<string>();
  do {
    r.accept('COLUMN');
    const ifExists = r.accept('IF', 'EXISTS');
    const name = r.ident();
    const col = table.columns.find((c) => c.name === name);
    if (!col) {
      if (ifExists) continue;
      throw sqlErrors.invalidIdentifier(displayName(name));
    }
    gone.add(name);
    steps.push({ sql: `ALTER TABLE ${q(tableStorageName(table.id))} DROP COLUMN ${q(storageName(name))}` });
    if (col.identity) steps.push(...dropSequence(col.identity));
  } while (r.acceptPunct(','));
  if (gone.size >= table.columns.length) throw new SqlError('002033', '42601', 'SQL compilation error:\nCannot drop the last column of a table.');
  // Renumber the remaining columns in their order.
  const rest = table.columns.filter((c) => !gone.has(c.name));
  // A key over a dropped column goes with it.
  steps.push(...setTableConstraints(table.id, (table.constraints ?? []).filter((k) => !k.columns.some((c) => gone.has(c)))));
  steps.push(...setColumns(table.id, rest));
  return steps;
}

/** ALTER | MODIFY [COLUMN] c DROP DEFAULT | SET DEFAULT <expr>. */
function alterColumnSteps(table: TableInfo, r: TokenReader, ctx: CommandContext, stmt: SplitStatement): SqlStep[] {
  r.accept('COLUMN');
  const name = r.ident();
  const col = table.columns.find((c) => c.name === name);
  if (!col) throw sqlErrors.invalidIdentifier(displayName(name));
  let defaultSql: string | null;
  if (r.accept('DROP', 'DEFAULT')) defaultSql = null;
  else if (r.accept('SET', 'DEFAULT')) defaultSql = defaultOfText(defaultText(r, stmt), ctx).defaultSql;
  else return r.fail();
  if (col.identity) throw sqlErrors.unsupported('changing the default of an identity column');
  return setColumnDefault(table.id, name, defaultSql);
}

/** CLUSTER BY [LINEAR] (expr, …): the expressions as written (stored; Floe does not cluster). */
function clusterByText(r: TokenReader, stmt: SplitStatement): string {
  r.accept('LINEAR');
  if (!r.acceptPunct('(')) r.fail();
  const exprs = [r.expression([])];
  while (r.acceptPunct(',')) exprs.push(r.expression([]));
  if (!r.acceptPunct(')')) r.fail();
  const first = exprs[0][0];
  const last = exprs[exprs.length - 1].at(-1)!;
  return stmt.text.slice(first.start - stmt.start, last.end - stmt.start);
}

function alterTable(stmt: Parameters<Command['compile']>[0], ctx: CommandContext): Compiled {
  const r = new TokenReader(stmt.tokens);
  r.expect('ALTER');
  const kind = r.accept('TABLE') ? 'TABLE' : (r.expect('VIEW'), 'VIEW');
  const ifExists = r.accept('IF', 'EXISTS');
  const parts = r.name(3);
  const padded = [null, null, null, ...parts].slice(-3);
  let table: TableInfo;
  try {
    table = resolveTable(ctx.catalog, ctx.session, padded).table;
    // ALTER TABLE names a table and ALTER VIEW a view, as DROP does.
    if (table.kind !== kind) throw sqlErrors.objectMissing(kind === 'VIEW' ? 'View' : 'Table', padded.filter((p) => p !== null).map((p) => displayName(p!)).join('.'));
  } catch (e) {
    if (ifExists) return ok;
    throw e;
  }
  requireOwner(ctx, securables.table(ctx.catalog, table));
  // A view's columns are its query's: only its name can change.
  if (kind === 'VIEW' && !r.at('RENAME')) throw sqlErrors.unsupported(`ALTER VIEW ${r.peek()?.text ?? ''}`.trim());
  let steps: SqlStep[];
  if (r.accept('RENAME', 'TO')) {
    const to = r.name(3);
    const toPadded = [null, null, null, ...to].slice(-3);
    const { schema } = resolveSchema(ctx.catalog, ctx.session, toPadded[0], toPadded[1]);
    const name = toPadded[2]!;
    Access.of(ctx.catalog, ctx.session.role).require('CREATE TABLE', securables.schema(ctx.catalog, schema));
    if (ctx.catalog.unfiltered.table(schema.id, name)) throw sqlErrors.alreadyExists('Table', displayName(name));
    steps = renameTable(table.id, schema.id, name);
  } else if (r.accept('RENAME', 'COLUMN')) {
    const from = r.ident();
    r.expect('TO');
    const to = r.ident();
    if (!table.columns.some((c) => c.name === from)) throw sqlErrors.invalidIdentifier(displayName(from));
    if (table.columns.some((c) => c.name === to && c.name !== from)) throw new SqlError('002002', '42710', `SQL compilation error:\ncolumn '${displayName(to)}' already exists`);
    steps = [
      { sql: `ALTER TABLE ${q(tableStorageName(table.id))} RENAME COLUMN ${q(storageName(from))} TO ${q(storageName(to))}` },
      ...renameColumn(table.id, from, to),
      ...setTableConstraints(table.id, (table.constraints ?? []).map((k) => ({ ...k, columns: k.columns.map((c) => (c === from ? to : c)) }))),
    ];
  } else if (r.accept('ADD')) {
    steps = columnSteps(table, r, ctx, stmt);
  } else if (r.accept('ALTER') || r.accept('MODIFY')) {
    steps = alterColumnSteps(table, r, ctx, stmt);
  } else if (r.accept('CLUSTER', 'BY')) {
    steps = setClusterBy(table.id, clusterByText(r, stmt));
  } else if (r.accept('DROP', 'CLUSTERING', 'KEY')) {
    steps = setClusterBy(table.id, null);
  } else if (r.accept('SUSPEND', 'RECLUSTER') || r.accept('RESUME', 'RECLUSTER')) {
    // Automatic clustering has nothing to do here: accepted, as the key itself is.
    steps = [];
  } else if (r.accept('DROP')) {
    steps = dropColumnSteps(table, r);
  } else {
    return r.fail();
  }
  r.end();
  return { kind: 'ddl', steps, status: 'Statement executed successfully.', params: 0 };
}

export const alterTableCommand: Command = {
  name: 'ALTER TABLE',
  matches: (w) => w[0] === 'ALTER' && (w[1] === 'TABLE' || w[1] === 'VIEW'),
  compile: alterTable,
};

/** COMMENT ON DATABASE|SCHEMA|TABLE|VIEW|COLUMN name IS '…' */
export const commentCommand: Command = {
  name: 'COMMENT ON',
  matches: (w) => w[0] === 'COMMENT' && w[1] === 'ON',
  compile(stmt, ctx) {
    const r = new TokenReader(stmt.tokens);
    r.expect('COMMENT', 'ON');
    let steps: SqlStep[];
    if (r.accept('DATABASE')) {
      const db = resolveDatabase(ctx.catalog, r.ident());
      requireOwner(ctx, securables.database(db));
      r.expect('IS');
      steps = setDatabaseComment(db.id, r.string());
    } else if (r.accept('SCHEMA')) {
      const parts = r.name(2);
      const { schema } = resolveSchema(ctx.catalog, ctx.session, parts.length === 2 ? parts[0] : null, parts[parts.length - 1]);
      requireOwner(ctx, securables.schema(ctx.catalog, schema));
      r.expect('IS');
      steps = setSchemaComment(schema.id, r.string());
    } else if (r.accept('COLUMN')) {
      const parts = r.name(4);
      const col = parts.pop()!;
      const { table } = resolveTable(ctx.catalog, ctx.session, [null, null, null, ...parts].slice(-3));
      requireOwner(ctx, securables.table(ctx.catalog, table));
      if (!table.columns.some((c) => c.name === col)) throw sqlErrors.invalidIdentifier(displayName(col));
      r.expect('IS');
      steps = setColumnComment(table.id, col, r.string());
    } else {
      if (!r.accept('TABLE')) r.expect('VIEW');
      const { table } = resolveTable(ctx.catalog, ctx.session, [null, null, null, ...r.name(3)].slice(-3));
      requireOwner(ctx, securables.table(ctx.catalog, table));
      r.expect('IS');
      steps = setTableComment(table.id, r.string());
    }
    r.end();
    return { kind: 'ddl', steps, status: 'Statement executed successfully.', params: 0 };
  },
};
