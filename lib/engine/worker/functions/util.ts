/** What every engine function family shares: registration, variadic arity, error mapping. */
import type { Database } from 'sql.js';
import { ValueConversionError } from '@/lib/values';
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

export const registrar = (db: Database): Register => (name, fn) => db.create_function(name, fn as (...args: unknown[]) => unknown);

/** An aggregate (sql.js 1.16 create_aggregate, not in @types/sql.js): step gets the state first. */
export interface AggregateFns<S> {
  init: () => S;
  step: (state: S, ...args: never[]) => S;
  finalize: (state: S) => unknown;
}
export type RegisterAggregate = <S>(name: string, fns: AggregateFns<S>) => void;

export const aggregateRegistrar = (db: Database): RegisterAggregate => (name, fns) =>
  (db as unknown as { create_aggregate(n: string, f: unknown): void }).create_aggregate(name, fns);

/** sql.js registers a function with the arity of fn.length: -1 accepts any number of arguments. */
export function variadic<T extends Fn>(fn: T): T {
  Object.defineProperty(fn, 'length', { value: -1 });
  return fn;
}

/** Conversion failures surface as Snowflake's 100038-style errors, not as SQLite ones. */
export function converting<A extends unknown[], R>(fn: (...a: A) => R): (...a: A) => R {
  const wrapped = (...a: A) => {
    try {
      return fn(...a);
    } catch (e) {
      if (e instanceof ValueConversionError) {
        const [code, state] = e.message.startsWith('Number out of') ? ['100046', '22003'] : e.message.startsWith('Numeric') ? ['100038', '22018'] : e.message.startsWith('Boolean') ? ['100037', '22018'] : ['100040', '22007'];
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

