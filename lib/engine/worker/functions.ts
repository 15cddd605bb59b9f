/**
 * Snowflake functions that SQLite lacks, registered as user functions on every replica.
 * Each must be deterministic given the statement pins (current time, seed, time zone), because
 * writes are replayed from the journal on other replicas and after a restart.
 */
import type { Database } from 'sql.js';
import {
  toBinary, toBoolean, toDate, toNumber, toTime, toTimestampLtz, toTimestampNtz, toTimestampTz, ValueConversionError,
} from '@/lib/values';
import { udfError } from '../sqlite-errors';
import type { StatementPins } from '../types';
import type { CancelSignal } from './cancel';

type Fn = (...args: never[]) => unknown;

export interface FunctionContext {
  pins: StatementPins;
  cancel: CancelSignal;
}

function variadic<T extends Fn>(fn: T): T {
  Object.defineProperty(fn, 'length', { value: -1 });
  return fn;
}

/** Conversion failures surface as Snowflake's 100038-style errors, not as SQLite ones. */
function converting<A extends unknown[], R>(fn: (...a: A) => R): (...a: A) => R {
  const wrapped = (...a: A) => {
    try {
      return fn(...a);
    } catch (e) {
      if (e instanceof ValueConversionError) {
        const [code, state] = e.message.startsWith('Numeric') ? ['100038', '22018'] : e.message.startsWith('Boolean') ? ['100037', '22018'] : ['100040', '22007'];
        throw udfError(code, state, e.message);
      }
      throw e;
    }
  };
  // sql.js registers a function with the arity of fn.length: keep the wrapped one's.
  Object.defineProperty(wrapped, 'length', { value: fn.length });
  return wrapped;
}

function jsonValueOf(v: unknown): unknown {
  if (v instanceof Uint8Array) return Buffer.from(v).toString('hex').toUpperCase();
  if (typeof v === 'bigint') return Number(v);
  return v;
}

function iso(ms: number): string {
  const d = new Date(ms);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 23)}000000`;
}

export function registerFunctions(db: Database, ctx: FunctionContext): void {
  const reg = (name: string, fn: Fn) => db.create_function(name, fn as (...args: unknown[]) => unknown);

  reg('SYSTEM$WAIT', (seconds: unknown, unit?: unknown) => {
    const n = Number(seconds);
    if (!Number.isFinite(n) || n < 0) throw udfError('100038', '22018', `Numeric value '${String(seconds)}' is not recognized`);
    const u = typeof unit === 'string' ? unit.toUpperCase() : 'SECONDS';
    const ms = u.startsWith('MILLI') ? n : u.startsWith('MINUTE') ? n * 60_000 : u.startsWith('HOUR') ? n * 3_600_000 : n * 1000;
    ctx.cancel.sleep(ms);
    return `waited ${String(seconds)} ${u === 'SECONDS' ? 'seconds' : u.toLowerCase()}`;
  });
  reg('SYSTEM$WAIT', ((seconds: unknown) => {
    const n = Number(seconds);
    if (!Number.isFinite(n) || n < 0) throw udfError('100038', '22018', `Numeric value '${String(seconds)}' is not recognized`);
    ctx.cancel.sleep(n * 1000);
    return `waited ${String(seconds)} seconds`;
  }) as Fn);

  // Pinned per statement: replaying a write gives the same value.
  reg('FLOE_NOW_LTZ', () => iso(ctx.pins.nowMs));
  reg('FLOE_RANDOM', variadic(() => {
    // xorshift over the statement seed: deterministic per statement.
    let x = (ctx.pins.seed = (ctx.pins.seed ^ (ctx.pins.seed << 13)) >>> 0);
    x ^= x >>> 17;
    x ^= x << 5;
    ctx.pins.seed = x >>> 0;
    return ctx.pins.seed;
  }));

  reg('FLOE_DIV', (a: unknown, b: unknown) => {
    if (a === null || b === null) return null;
    const d = Number(b);
    if (d === 0) throw udfError('100051', '22012', 'Division by zero');
    return Number(a) / d;
  });

  reg('PARSE_JSON', converting((text: unknown) => {
    if (text === null) return null;
    try {
      return JSON.stringify(JSON.parse(String(text)));
    } catch {
      throw udfError('100069', '22P02', `Error parsing JSON: ${String(text).slice(0, 100)}`);
    }
  }));
  reg('OBJECT_CONSTRUCT', variadic((...args: unknown[]) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i + 1 < args.length; i += 2) {
      if (args[i] === null || args[i + 1] === null) continue;
      o[String(args[i])] = jsonValueOf(args[i + 1]);
    }
    return JSON.stringify(o);
  }));
  reg('ARRAY_CONSTRUCT', variadic((...args: unknown[]) => JSON.stringify(args.map((a) => (a === null ? null : jsonValueOf(a))))));

  reg('FLOE_TO_DATE', converting((v: unknown) => (v === null ? null : toDate(v, ctx.pins.timezone))));
  reg('FLOE_TO_TIME', converting((v: unknown) => (v === null ? null : toTime(v))));
  reg('FLOE_TO_TIMESTAMP_NTZ', converting((v: unknown) => (v === null ? null : toTimestampNtz(v))));
  reg('FLOE_TO_TIMESTAMP_LTZ', converting((v: unknown) => (v === null ? null : toTimestampLtz(v, ctx.pins.timezone))));
  reg('FLOE_TO_TIMESTAMP_TZ', converting((v: unknown) => (v === null ? null : toTimestampTz(v, ctx.pins.timezone))));
  reg('FLOE_TO_BOOLEAN', converting((v: unknown) => (v === null ? null : toBoolean(v))));
  reg('FLOE_TO_NUMBER', converting((v: unknown, p: unknown, s: unknown) => {
    if (v === null) return null;
    const r = toNumber(v, p === null ? null : Number(p), s === null ? null : Number(s));
    // A bigint result would become NULL in sql.js: hand back text, SQLite's affinity stores it.
    return typeof r === 'bigint' ? (Number.isSafeInteger(Number(r)) ? Number(r) : r.toString()) : r;
  }));
  reg('FLOE_TO_BINARY', converting((v: unknown, fmt: unknown) => {
    if (v === null) return null;
    if (v instanceof Uint8Array) return v;
    return toBinary(String(v), (typeof fmt === 'string' ? fmt.toUpperCase() : 'HEX') as 'HEX' | 'BASE64' | 'UTF-8');
  }));
  reg('TO_BINARY', converting((v: unknown, fmt?: unknown) => {
    if (v === null) return null;
    return toBinary(String(v), (typeof fmt === 'string' ? fmt.toUpperCase() : 'HEX') as 'HEX' | 'BASE64' | 'UTF-8');
  }));
  reg('FLOE_TO_VARCHAR', (v: unknown) => {
    if (v === null) return null;
    if (v instanceof Uint8Array) return Buffer.from(v).toString('hex').toUpperCase();
    return String(v);
  });
}
