/**
 * The PostgreSQL side of the engine-function manifest (lib/engine/functions/manifest.ts): each
 * engine function is installed in Floe's own schema (`floe`, by the engine's migrations) with
 * typed parameters, or is marked unsupported on this engine with the reason. The PostgreSQL
 * dialect (lib/sql/dialect/postgres.ts) renders a call as `floe.<lower-case name>(…)` with each
 * argument cast to its parameter's type, and refuses a call of an unsupported one (fail closed).
 *
 * Storage forms on PostgreSQL (what a stored column and a function argument hold):
 * - NUMBER scale 0 with at most 18 digits: bigint; any other NUMBER: numeric (exact, native);
 * - FLOAT: double precision; BOOLEAN: boolean; BINARY: bytea;
 * - DATE, TIME, TIMESTAMP_*, VARIANT/OBJECT/ARRAY and text: text, in lib/values' storage forms
 *   (the same text as on SQLite), so nanoseconds, offsets and JSON key order survive as written.
 */
import type { EngineFunctionName } from '@/lib/engine/functions/manifest';

/** A PostgreSQL type an engine function takes or returns. */
export type PgType = 'text' | 'bigint' | 'numeric' | 'double precision' | 'boolean' | 'bytea';

/** One installed form of an engine function (an arity; a variadic one takes any number of `variadic` after `params`). */
export interface PgFunctionSignature {
  params: PgType[];
  variadic?: PgType;
  returns: PgType;
}

export type PgFunctionEntry =
  | { supported: true; signatures: PgFunctionSignature[] }
  | { supported: false; reason: string; /** Snowflake names whose every use reaches it (they fail closed). */ sql: string[] };

/** Every manifest function has an entry (TypeScript checks the table is complete). */
export type PgFunctionTable = Record<EngineFunctionName, PgFunctionEntry>;

/** Floe's own schema in a PostgreSQL database: the function library and Floe's system tables' helpers. */
export const FLOE_SCHEMA = 'floe';

/**
 * The column type of every stored NUMBER(p, 0) (a domain over bigint, created by migration 3 of
 * lib/migrations/postgres-schema.ts): a write of a value beyond int64 widens the column to
 * numeric (the engine's widenAfterOverflow), so the domain marks the columns that may still widen.
 */
export const WIDENING_BIGINT = `${FLOE_SCHEMA}.widening_bigint`;
