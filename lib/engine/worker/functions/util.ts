/** What every engine function family shares: registration, variadic arity, error mapping. */
import type { Database } from 'sql.js';
import { ValueConversionError } from '@/lib/values';
import type { EngineFunctionName, EngineFunctionOfKind } from '../../functions/manifest';
import { udfError } from '../../sqlite-errors';
import type { StatementPins } from '../../types';
import type { CancelSignal } from '../cancel';

export type Fn = (...args: never[]) => unknown;

export interface FunctionContext {
  pins: StatementPins;
  cancel: CancelSignal;
  /** Sequence id → the next value the running statement hands out (sequences.ts); cleared per statement. */
  sequences: Map<number, number>;
}

/** Registers one function under its SQL name (SQLite matches names case-insensitively). */
export type Register = (name: string, fn: Fn) => void;

/**
 * sql.js hands a function's text result, and its error text, to SQLite on the WASM stack (5 MiB):
 * anything larger overruns it, and the replica traps on every statement after (health.ts). So no
 * function returns more than this, Snowflake's 16 MB value limit notwithstanding.
 */
export const MAX_RESULT_BYTES = 4 * 1024 * 1024;
/** Error texts are cut well below the stack's size (they quote arguments). */
const MAX_ERROR_CHARS = 64 * 1024;

function checkedResult(r: unknown): unknown {
  // SQLite stores a NaN as NULL: FLOAT's NaN is kept as its text, which encodes as Snowflake's
  // "NaN" and, as text, sorts above every number as Snowflake's NaN does.
  if (r !== r) return 'NaN';
  // A UTF-16 unit is at most 3 UTF-8 bytes: most results need no counting. Binary results are
  // copied through a malloc that is not checked for failure: bounded alike.
  const bytes = typeof r === 'string' ? (r.length * 3 > MAX_RESULT_BYTES ? Buffer.byteLength(r) : 0) : r instanceof Uint8Array ? r.length : 0;
  if (bytes > MAX_RESULT_BYTES) throw udfError('100082', '22000', `Max LOB size (${MAX_RESULT_BYTES}) exceeded, actual size of parsed column is ${bytes}`);
  return r;
}

function shortError(e: unknown): unknown {
  const message = e instanceof Error ? e.message : String(e);
  return message.length > MAX_ERROR_CHARS ? new Error(`${message.slice(0, MAX_ERROR_CHARS)}…`) : e;
}

/** fn with its result and errors kept within what sql.js can pass to SQLite. */
function guarded<F extends (...args: never[]) => unknown>(fn: F, check: (r: unknown) => unknown = checkedResult): F {
  const wrapped = function (this: unknown) {
    let r: unknown;
    try {
      // `arguments` rather than rest and spread: no array per call on the per-row path.
      r = fn.apply(null, arguments as unknown as never[]);
    } catch (e) {
      throw shortError(e);
    }
    return check(r);
  };
  // sql.js registers a function with the arity of fn.length: keep the wrapped one's.
  Object.defineProperty(wrapped, 'length', { value: fn.length });
  return wrapped as F;
}

export const registrar = (db: Database): Register => (name, fn) => db.create_function(name, guarded(fn) as (...args: unknown[]) => unknown);

/** An aggregate (sql.js 1.16 create_aggregate, not in @types/sql.js): step gets the state first. */
export interface AggregateFns<S> {
  init: () => S;
  step: (state: S, ...args: never[]) => S;
  finalize: (state: S) => unknown;
}
export type RegisterAggregate = <S>(name: string, fns: AggregateFns<S>) => void;

/**
 * A scalar or table function: one implementation, or one per arity (sql.js registers a function
 * per arity, of its fn.length; variadic() for any number).
 */
type ScalarImplementation = Fn | readonly Fn[];
/** An aggregate, whatever its state. */
interface AggregateImplementation {
  init: () => unknown;
  step: (state: never, ...args: never[]) => unknown;
  finalize: (state: never) => unknown;
}

/** An implementation of every function of the manifest (lib/engine/functions/manifest.ts), by kind. */
export type Implementations = {
  [N in EngineFunctionName]: N extends EngineFunctionOfKind<'aggregate'> ? AggregateImplementation : ScalarImplementation;
};

/** One family's implementations: a name the manifest lacks is a TypeScript error. */
export type ImplementationSlice = Partial<Implementations>;

export const aggregateRegistrar = (db: Database): RegisterAggregate => (name, fns) =>
  (db as unknown as { create_aggregate(n: string, f: unknown): void }).create_aggregate(name, {
    init: fns.init,
    step: guarded(fns.step, (state) => state),
    finalize: guarded(fns.finalize),
  });

/** sql.js registers a function with the arity of fn.length: -1 accepts any number of arguments. */
export function variadic<T extends Fn>(fn: T): T {
  Object.defineProperty(fn, 'length', { value: -1 });
  return fn;
}

/**
 * Conversion failures surface as Snowflake's 100038-style errors, not as SQLite ones; text a
 * format model cannot read is 100096 ("Can't parse '…' as date with format '…'"), as in Snowflake.
 */
export function converting<A extends unknown[], R>(fn: (...a: A) => R): (...a: A) => R {
  const wrapped = (...a: A) => {
    try {
      return fn(...a);
    } catch (e) {
      if (e instanceof ValueConversionError) {
        const [code, state] = e.message.startsWith('Number out of') ? ['100046', '22003'] : e.message.startsWith('Numeric') ? ['100038', '22018'] : e.message.startsWith('Boolean') ? ['100037', '22018'] : e.message.startsWith("Can't parse") ? ['100096', '22007'] : ['100040', '22007'];
        throw udfError(code, state, e.message);
      }
      throw e;
    }
  };
  // sql.js registers a function with the arity of fn.length: keep the wrapped one's.
  Object.defineProperty(wrapped, 'length', { value: fn.length });
  return wrapped;
}

/** A value as JSON inside a VARIANT: binary as hex, big integers as numbers. */
export function jsonValueOf(v: unknown): unknown {
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex').toUpperCase();
  if (typeof v === 'bigint') return Number(v);
  return v;
}

