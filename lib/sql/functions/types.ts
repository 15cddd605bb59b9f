/**
 * A Snowflake function as Floe implements it: how the parser presents a call, the engine
 * expression that computes it (often an engine UDF of lib/engine/worker/functions), and the
 * type of its result, inferred from its arguments' types as Snowflake's signatures say.
 */
import type { Catalog } from '@/lib/catalog/catalog';
import type { SqlDialect } from '../dialect';
import { expectKind, type Node, type NodeKind, type NodeOf } from '../parse';
import type { Session } from '../session';
import type { SfType } from '../types';

/** What is known about an argument (or a result) before the statement runs. */
export interface Typed {
  type: SfType | null;
  nullable: boolean;
  /** A placeholder whose value is a FIXED integer within ±(2^53 − 1) (BindType `fixed:int53`): bound as an SQLite number, it is as canonical as an integer column's value. */
  boundInt53?: boolean;
}

export interface Call {
  /** Upper-case Snowflake name, or the parser's node kind for typed nodes (`nvl`, `if_func`…). */
  name: string;
  /** Arguments in call order, already rewritten for SQLite. */
  args: Node[];
  /** Types of the arguments as far as known when the call is rewritten (FROM items come first). */
  types: Typed[];
  /** The parser node's payload with rewritten children (for fields beyond plain arguments). */
  payload: Record<string, unknown>;
  /** The call's node: its kind with that payload (read it typed with payloadAs). */
  node: Node;
  session: Session;
  /** The catalog the statement compiles against (the role's visible part; `unfiltered` is whole). */
  catalog: Catalog;
  statementId: string;
  /** Type of a (rewritten) argument, for SQLite forms that depend on it. */
  infer: (node: unknown) => Typed;
  /** The engine's dialect (the JSON forms aggregate finals read their values in). */
  dialect: SqlDialect;
  /** The call is the function of a window (`… OVER (…)`): engine aggregates cannot be used. */
  inWindow: boolean;
}

export interface FunctionDef {
  /** Names of calls the parser gives as a generic `function` node (upper-case). */
  names?: string[];
  /** Parser node kinds that are this function (polyglot has dedicated nodes for many). */
  kinds?: string[];
  /** Arguments of a dedicated node in call order; default: `this`, `expression`, `expressions`. */
  args?: (payload: Record<string, unknown>) => unknown[];
  /** The SQLite expression for the call; default: the call itself, by its upper-case name. */
  sqlite?: (call: Call) => Node;
  /** The result type from the arguments' types; null when unknown (the engine's value decides). */
  returns?: (args: Typed[], call: Call) => SfType | null;
  /** Whether the result can be NULL; default: true. */
  nullable?: (args: Typed[], call: Call) => boolean;
  /**
   * SQL names SHOW FUNCTIONS lists for a function known by node kinds only; default: the kinds
   * upper-cased. [] for operators and syntax (LIKE, ||, subscripts).
   */
  sqlNames?: string[];
  /** A window function (LAG, ROW_NUMBER, …): in the aggregate family, but not an aggregate. */
  window?: boolean;
  /** Argument and result types as SHOW FUNCTIONS shows them, when the definition can say them. */
  signature?: Signature;
  /** Its value is a secret: a statement calling it is answered once and its result never stored. */
  answerOnce?: boolean;
}

/** `args` then `optional` more (shown in brackets); `variadic`: the last one repeats. */
export interface Signature { args: string[]; optional?: string[]; variadic?: boolean; returns: string }

/**
 * The call's payload as the parser types a node of `kind`: a definition registered for that
 * kind reads its fields typed (an internal error if the call is of another kind).
 */
export const payloadAs = <K extends NodeKind>(c: Pick<Call, 'node'>, kind: K): NodeOf<K> => expectKind(c.node, kind);

/** Helpers for `returns`: the common signatures. */
export const sameAsArg = (i: number) => (args: Typed[]): SfType | null => args[i]?.type ?? null;
export const anyArgNullable = (args: Typed[]): boolean => args.some((a) => a.nullable);
