/**
 * Compiles one Snowflake statement against the catalog and session into what the lifecycle
 * runs: an engine plan (query, DML, DDL) or a session change (USE, transaction control).
 * This is the one place that classifies statements.
 */
import { withEngineTraits } from '../tree/engine-traits';
import { tooDeeplyNested } from '@/lib/engine/engine-errors';
import type { Catalog } from '@/lib/catalog/catalog';
import { findCommand, leadingWords } from '../commands';
import { SqlError, sqlErrors } from '../errors';
import type { SplitStatement } from '../lexer';
import { asKind, kindOf, parseOne, rejectDeepSetChains, type Node, type NodeOf } from '../parse';
import type { Session } from '../session';
import type { BindType } from '@/lib/values';
import { createDatabase, createSchema, createTable, createView, dropDatabase, dropTable } from './ddl';
import { compileDelete, compileInsert, compileUpdate } from './dml';
import { findTable, normalize } from './names';
import { compileQuery } from './query';
import { compileSetVariables } from './variables';
import { compileMerge } from './merge';
import { queryContext, type CompileInput, type CompileScope, type RewriteContext } from './context';
import type { CompileServices } from './virtual-tables';
import type { Compiled, TableUse } from './types';
import { requireTablePrivileges } from './access';
import { unsupportedObjectType, unsupportedStatement, unsupportedType } from '../unsupported';
import { compileTransaction } from './transaction';
import { syntaxErrorAt } from '../error-position';
import { trailingSeparator } from '../trailing-separators';
import { rejectEngineOnlyCalls, rejectParserAliases } from '../functions/engine-only';
import { queryWithSequences, saveSequencesStep } from './sequences';
import { waitOnly } from './wait-only';
import { parseBulkInsert } from './bulk-values';
import { takeTableOptions } from './table-options';
import { expandIdentifiers } from './identifier';

export type { CompileInput } from './context';
export type { ActionEnv, ActionOutcome, Compiled, ComputeNeed, ResultColumn, StaticRows, TableUse } from './types';
export { computeNeedOf } from './types';
export type { CompileServices, QueryHistoryEntry, ScannedResult } from './virtual-tables';
export { MAX_PREQUERIES, MAX_PREQUERY_ROWS, PrequeryAnswers, PrequeryNeeded, type Prequery, type PrequeryRows } from './prequery';

const NO_SERVICES: CompileServices = {
  queryHistory: () => [],
  resultScan: (handle) => { throw new SqlError('000709', '02000', `Statement ${handle} not found`); },
  warehouseLoad: () => ({ running: 0, queued: 0 }),
  prequery: () => { throw sqlErrors.unsupported('a dynamic PIVOT here'); },
};

/** The catalog tables and views a statement named (derived and virtual tables have no id). */
const tablesOf = (ctx: RewriteContext): TableUse[] => ctx.tables.filter((r) => r.table.id >= 0).map((r) => ({ id: r.table.id, view: r.table.kind === 'VIEW' }));

/** First words of Snowflake statements (SQL and Snowflake Scripting). */
const STATEMENT_VERBS = new Set([
  'ALTER', 'BEGIN', 'CALL', 'COMMENT', 'COMMIT', 'COPY', 'CREATE', 'DELETE', 'DESC', 'DESCRIBE', 'DROP', 'EXECUTE', 'EXPLAIN',
  'GET', 'GRANT', 'INSERT', 'LIST', 'LS', 'MERGE', 'PUT', 'REMOVE', 'RM', 'REVOKE', 'ROLLBACK', 'SELECT', 'SET', 'SHOW',
  'START', 'TRUNCATE', 'UNDROP', 'UNSET', 'UPDATE', 'USE', 'WITH', 'VALUES', 'DECLARE', 'LET', 'FOR', 'WHILE', 'REPEAT',
  'LOOP', 'CASE', 'IF', 'RETURN', 'RAISE', 'OPEN', 'CLOSE', 'FETCH', 'CANCEL', 'ABORT',
]);

/**
 * CREATE [OR REPLACE] [TRANSIENT] DATABASE|SCHEMA (the parser drops the word). Databases and
 * schemas cannot be temporary in Snowflake: that is a syntax error at the word.
 */
function isTransientContainer(stmt: SplitStatement): boolean {
  const words = stmt.tokens.slice(1, 5).filter((t) => t.kind === 'word');
  for (const t of words) {
    const w = t.text.toUpperCase();
    if (w === 'DATABASE' || w === 'SCHEMA') return false;
    if (w === 'TRANSIENT') return true;
    if (['TEMPORARY', 'TEMP', 'VOLATILE', 'LOCAL', 'GLOBAL'].includes(w)) throw sqlErrors.syntax(t.text, t.line, t.col);
  }
  return false;
}

const QUERY_KINDS = new Set(['select', 'union', 'intersect', 'except', 'values', 'subquery', 'paren']);

export function compileStatement(written: SplitStatement, input: CompileInput): Compiled {
  try {
    return withEngineTraits(input.dialect, () => compileFor(written, input));
  } catch (e) {
    // A tree too deep for a walk of the compiler (its recursion): the statement's fault, said so.
    if (e instanceof RangeError && /call stack/i.test(e.message)) throw new SqlError(tooDeeplyNested.code, tooDeeplyNested.sqlState, tooDeeplyNested.message);
    throw e;
  }
}

function compileFor(written: SplitStatement, input: CompileInput): Compiled {
  const scope: CompileScope = { paramTypes: [], services: NO_SERVICES, ...input, compileQuery };
  const { session, catalog, statementId } = scope;
  const stmt = expandIdentifiers(written, session);
  const words = leadingWords(stmt, 8);
  const [w0, w1] = words;
  const unsupported = unsupportedType(words);
  if (unsupported) throw unsupportedStatement(unsupported);
  const transaction = compileTransaction(stmt);
  if (transaction) return transaction;
  const command = findCommand(stmt);
  if (command) return command.compile(stmt, { catalog, session, statementId, services: scope.services, dialect: scope.dialect, compileInner: (inner) => compileStatement(inner, input) });
  const objectType = unsupportedObjectType(words);
  if (objectType) throw unsupportedStatement(objectType);
  // A statement starts with a Snowflake statement word (or a parenthesised query): anything
  // else is a syntax error at its first word, wherever the parser would have given up.
  if (!STATEMENT_VERBS.has(w0) && w0 !== '(') throw syntaxErrorAt(stmt, stmt.tokens[0]);
  // Backquoted names are SQLite's (and MySQL's), not Snowflake's: the parser would accept them.
  const backquote = stmt.tokens.find((t) => t.kind === 'punct' && t.text === '`');
  if (backquote) throw syntaxErrorAt(stmt, backquote);
  const trailing = trailingSeparator(stmt);
  if (trailing) throw trailing;
  const ctx: RewriteContext = queryContext(scope);
  // CALL of a function-like procedure (SYSTEM$WAIT) runs as a query of that call.
  // CREATE TABLE's COMMENT and CLUSTER BY are read here: the parser drops or refuses them.
  const options = w0 === 'CREATE' && words.slice(1, 5).includes('TABLE') ? takeTableOptions(stmt) : null;
  const text = w0 === 'CALL' ? `SELECT ${stmt.text.slice(stmt.tokens[1]?.start - stmt.start)}` : options?.text ?? stmt.text;
  ctx.sourceText = text;
  rejectDeepSetChains(stmt.tokens);
  const root = (w0 === 'INSERT' && parseBulkInsert(stmt)) || parseOne(text);
  rejectEngineOnlyCalls(root);
  rejectParserAliases(stmt.tokens);
  const kind = kindOf(root);
  if (QUERY_KINDS.has(kind)) {
    // (Before compiling, which may rewrite the tree.)
    const wait = waitOnly(root);
    const q = compileQuery(root, ctx);
    requireTablePrivileges(ctx);
    const write = ctx.sequences?.size ? queryWithSequences(q.sql, q.columns.length, ctx.sequences, ctx.dialect) : undefined;
    return { kind: 'query', sql: q.sql, columns: q.columns, params: ctx.maxParam, extraParams: ctx.virtualParams, tables: tablesOf(ctx), rowSources: ctx.tables.length, write, ...(wait ? { wait } : {}), ...(ctx.answerOnce ? { answerOnce: true } : {}) };
  }
  // Sequence values taken (NEXTVAL, IDENTITY columns) are stored by a last step.
  const saved = () => (ctx.sequences?.size ? [saveSequencesStep(ctx.sequences, ctx.dialect)] : []);
  const insert = asKind(root, 'insert');
  if (insert) {
    const sql = compileInsert(insert, ctx);
    // INSERT OVERWRITE empties the table in the same statement (one journaled write).
    const before = insert.overwrite ? [compileDelete({ table: insert.table, using: [], where_clause: null, alias: null, alias_explicit_as: false, hint: null, returning: [] }, { ...ctx, tables: [] })] : [];
    requireTablePrivileges(ctx, insert.overwrite ? ['INSERT', 'DELETE'] : ['INSERT']);
    return { kind: 'dml', op: 'insert', sql, before, after: saved(), params: ctx.maxParam, extraParams: ctx.virtualParams, tables: tablesOf(ctx) };
  }
  // Each statement kind its own branch; `kind in root` narrows the tree to that kind's payload.
  if ('update' in root) {
    const sql = compileUpdate(root.update, ctx);
    requireTablePrivileges(ctx, ['UPDATE']);
    return { kind: 'dml', op: 'update', sql, before: [], after: saved(), params: ctx.maxParam, extraParams: ctx.virtualParams, tables: tablesOf(ctx) };
  }
  if ('delete' in root) {
    const sql = compileDelete(root.delete, ctx);
    requireTablePrivileges(ctx, ['DELETE']);
    return { kind: 'dml', op: 'delete', sql, before: [], params: ctx.maxParam, extraParams: ctx.virtualParams, tables: tablesOf(ctx) };
  }
  if ('set_statement' in root) return compileSetVariables(root.set_statement, stmt, ctx);
  if ('merge' in root) {
    const plan = compileMerge(root.merge, ctx);
    requireTablePrivileges(ctx, plan.kinds.map((k) => (k === 'inserted' ? 'INSERT' : k === 'updated' ? 'UPDATE' : 'DELETE')));
    return { kind: 'merge', ...plan, steps: [...plan.steps, ...saved()], params: ctx.maxParam, extraParams: ctx.virtualParams, tables: tablesOf(ctx) };
  }
  if ('create_database' in root) return { kind: 'ddl', ...createDatabase(catalog, ctx, root.create_database, { orReplace: w1 === 'OR', transient: isTransientContainer(stmt) }), params: 0 };
  if ('drop_database' in root) return { kind: 'ddl', ...dropDatabase(catalog, session, normalize(root.drop_database.name), root.drop_database.if_exists === true), params: 0 };
  if ('create_schema' in root) {
    const v = root.create_schema;
    return { kind: 'ddl', ...createSchema(catalog, ctx, v.name.map(normalize), { ifNotExists: v.if_not_exists === true, orReplace: w1 === 'OR', transient: isTransientContainer(stmt) }), params: 0 };
  }
  if ('create_table' in root) {
    const plan = createTable(catalog, ctx, root.create_table, options ?? {});
    return { kind: 'ddl', ...plan, steps: [...plan.steps, ...saved()], params: ctx.maxParam };
  }
  if ('drop_table' in root) {
    const v = root.drop_table;
    const results = v.names.map((n) => dropTable(catalog, ctx, tableParts(n), v.if_exists === true));
    return { kind: 'ddl', steps: results.flatMap((r) => r.steps), status: results[0].status, params: 0 };
  }
  if ('create_view' in root) return { kind: 'ddl', ...createView(catalog, ctx, root.create_view, stmt.text), params: 0 };
  if ('drop_view' in root) return { kind: 'ddl', ...dropTable(catalog, ctx, tableParts(root.drop_view.name), root.drop_view.if_exists === true, 'VIEW'), params: 0 };
  if ('truncate' in root) {
    const v = root.truncate;
    if (v.if_exists && !findTable(catalog, session, tableParts(v.table))) return { kind: 'ddl', steps: [], status: 'Statement executed successfully.', params: 0 };
    const sql = compileDelete({ table: v.table, using: [], where_clause: null, alias: null, alias_explicit_as: false, hint: null, returning: [] }, ctx);
    requireTablePrivileges(ctx, ['TRUNCATE']);
    return { kind: 'ddl', steps: [{ sql }], status: 'Statement executed successfully.', params: 0, deletes: 0 };
  }
  if ('command' in root) throw sqlErrors.unsupported(String(root.command.this ?? w0).split(/\s+/).slice(0, 2).join(' '));
  throw sqlErrors.unsupported(`${w0 ?? ''} ${w1 ?? ''}`.trim());
}

/** A table reference's name parts (database, schema, name; null where not written), as Snowflake resolves them. */
const tableParts = (t: NodeOf<'table'>): (string | null)[] => [t.catalog, t.schema, t.name].map((x) => (x ? normalize(x) : null));

export type { Node };
