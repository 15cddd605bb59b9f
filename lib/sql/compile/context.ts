/**
 * The compile context, split by who may change what: the scope a statement compiles against
 * (read-only, fixed for the compile), what the statement's compile collects for its plan (shared
 * by its nested compiles: view bodies, defaults), and the state of one query level.
 */
import type { Catalog, TableInfo } from '@/lib/catalog/catalog';
import type { StepParam } from '@/lib/engine/types';
import type { BindType } from '@/lib/values';
import type { SqlDialect } from '../dialect';
import type { Typed } from '../functions';
import type { Node, NodeOf } from '../parse';
import type { Session } from '../session';
import type { DerivedColumn } from './derived';
import type { PositionalSource } from './positional';
import type { ResultColumn } from './types';
import type { CompileServices } from './virtual-tables';

/** A query compiled: its engine SQL and result columns (`finish` sees the rewritten tree). */
export type CompileQuery = (root: Node, ctx: RewriteContext, finish?: (ast: Node) => void) => { sql: string; columns: ResultColumn[] };

/** What a statement compiles against: nothing in it changes while it compiles. */
export interface CompileScope {
  readonly catalog: Catalog;
  readonly session: Session;
  readonly statementId: string;
  /** Wire types of the bound values, by position - 1 (typing `SELECT ?`). */
  readonly paramTypes: readonly BindType[];
  readonly services: CompileServices;
  /** The engine the statement compiles for (everything engine-specific the rules emit goes through it). */
  readonly dialect: SqlDialect;
  /**
   * compileQuery, late-bound: a view's body and a dynamic PIVOT's value query compile as queries
   * of their own from inside the rewrite, which compileQuery itself calls (no import cycle).
   */
  readonly compileQuery: CompileQuery;
}

/** How to type a node Floe produced, given a way to type its (rewritten) children. */
export type TypeStamp = (inferArg: (node: unknown) => Typed) => Typed;

/** What compiling a statement collects for its plan. */
export interface StatementOutput {
  /** Rows of the virtual tables the statement reads (JSON, or a stored result), bound after the user's values. */
  virtualParams: StepParam[];
  /** Types of the function calls and casts rewritten so far (their engine form no longer says). */
  typed: WeakMap<object, TypeStamp>;
  /** Sequences the statement takes values from (NEXTVAL, IDENTITY): it writes them (sequences.ts). */
  sequences?: Set<number>;
  /** Ids of every view expanded by the statement, nested ones included (CREATE VIEW checks it does not read itself). */
  expandedViews?: Set<number>;
  /** The statement calls a function whose value is a secret (FunctionDef.answerOnce). */
  answerOnce?: boolean;
}

export interface TableRef {
  alias: string;
  table: TableInfo;
  database: string;
  schema: string;
  /** A subquery, CTE or table function: its columns are not a table's (rowType names no table). */
  derived?: boolean;
  /** A table function whose columns are expressions (FLATTEN, SPLIT_TO_TABLE …): the engine form of one, by name. */
  expand?: (column: string) => Node;
  /** A FROM subquery's (first) select: its items are the columns by position (positional.ts). */
  select?: NodeOf<'select'>;
}

/** Where one query level is while it compiles, and what it has read. */
export interface QueryState {
  /** Next placeholder number for `?` (1-based). */
  nextParam: number;
  /** Highest placeholder number used. */
  maxParam: number;
  /** Names of CTEs in the statement: they are not catalog tables. */
  ctes: Set<string>;
  /** Every catalog table the statement reads or writes, by alias. */
  tables: TableRef[];
  /** Typed columns of the CTEs rewritten so far, by name. */
  cteColumns?: Map<string, DerivedColumn[]>;
  /** The statement's CTEs as written (before rewriting), by name: a dynamic PIVOT's pre-query reads them too. */
  cteDefs?: Map<string, NodeOf<'with'>['ctes'][number]>;
  /** The payload of the query's own select (compileQuery expands its `*` and names its columns itself). */
  topSelect?: unknown;
  /** Table refs of the nested selects rewritten so far (not FROM items of an enclosing select). */
  innerRefs?: WeakSet<TableRef>;
  /** The statement's text, for result names taken as written (written-names.ts). */
  sourceText?: string;
  /** Set while the function of a window call (`f(...) OVER (...)`) is rewritten. */
  inWindow?: boolean;
  /** The one FROM item of the select being rewritten, for `$n` column positions (null: none). */
  positional?: PositionalSource | null;
  /** Ids of the views being expanded around this compile, outermost first (views.ts). */
  viewChain?: number[];
}

export type RewriteContext = CompileScope & StatementOutput & QueryState;

/** What a statement compiles with: its session and catalog, the request's bind types, the lifecycle's services, the engine's dialect. */
export type CompileInput = Omit<CompileScope, 'compileQuery' | 'services' | 'paramTypes'> & { paramTypes?: readonly BindType[]; services?: CompileServices };

/** A statement's fresh output. */
export const newOutput = (): StatementOutput => ({ virtualParams: [], typed: new WeakMap() });

/** A new query level over a scope: the statement's own, or a nested compile sharing `output`. */
export const queryContext = (scope: CompileScope, output: StatementOutput = newOutput(), state: Partial<QueryState> = {}): RewriteContext =>
  ({ ...scope, ...output, nextParam: 1, maxParam: 0, ctes: new Set(), tables: [], ...state });

/** The scope of a context (to compile something else against the same catalog and session). */
export const scopeOf = (ctx: CompileScope): CompileScope => ({
  catalog: ctx.catalog, session: ctx.session, statementId: ctx.statementId, paramTypes: ctx.paramTypes, services: ctx.services, dialect: ctx.dialect, compileQuery: ctx.compileQuery,
});
