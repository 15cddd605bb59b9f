/**
 * How a library file declares its functions: per manifest function, its PostgreSQL forms (one
 * per arity or variadic shape), each with its SQL body, or why it is unsupported. The installer
 * (install.ts) turns the forms into CREATE OR REPLACE FUNCTION statements and index.ts into the
 * signature table the dialect reads, so the two cannot disagree.
 *
 * Bodies name their arguments $1, $2 … (a variadic one is an array). A function body is
 * `LANGUAGE sql` unless it needs control flow: PostgreSQL inlines simple SQL functions into the
 * query. Errors are raised through floe._fail (helpers.ts), which carries the Snowflake error.
 */
import type { EngineFunctionName } from '@/lib/engine/functions/manifest';
import type { PgFunctionSignature, PgType } from './types';

export type Volatility = 'IMMUTABLE' | 'STABLE' | 'VOLATILE';

export interface PgForm extends PgFunctionSignature {
  language: 'sql' | 'plpgsql';
  body: string;
  /** NULL for any NULL argument without running the body (most functions' rule). Default true. */
  strict: boolean;
  /**
   * Default: IMMUTABLE for a function the manifest calls deterministic, else VOLATILE. A
   * function that only reads the session (TimeZone, floe.* settings) is STABLE.
   */
  volatility?: Volatility;
  /**
   * It changes session state (set_config): not in a parallel worker. A form that enters an
   * exception handler, itself or through a helper, the installer marks unsafe on its own.
   */
  parallelUnsafe?: boolean;
  /** It calls a PARALLEL RESTRICTED function (random()): a parallel plan runs it in the leader only. */
  parallelRestricted?: boolean;
}

/** Unsupported: why, and the Snowflake SQL names (functions, clauses) whose every use reaches it. */
export type PgDefinition = PgForm[] | { unsupported: string; sql: string[] };

/** One library file's functions; a name the manifest lacks is a TypeScript error. */
export type PgLibrarySlice = Partial<Record<EngineFunctionName, PgDefinition>>;

type Options = Partial<Pick<PgForm, 'strict' | 'volatility' | 'parallelUnsafe' | 'parallelRestricted' | 'variadic'>>;

/** An inlinable SQL form: `sql([param types], returns, 'SELECT …')`. */
export const sql = (params: PgType[], returns: PgType, body: string, opts: Options = {}): PgForm =>
  ({ params, returns, language: 'sql', body, strict: true, ...opts });

/** A PL/pgSQL form (body: its DECLARE … BEGIN … END). */
export const plpgsql = (params: PgType[], returns: PgType, body: string, opts: Options = {}): PgForm =>
  ({ params, returns, language: 'plpgsql', body, strict: true, ...opts });

export const unsupported = (reason: string, sqlNames: string[] = []): PgDefinition => ({ unsupported: reason, sql: sqlNames });

/** A Snowflake error raised from SQL, typed as `type` (floe._fail is polymorphic). */
export const fail = (code: string, state: string, message: string, type: PgType): string =>
  `floe._fail('${code}', '${state}', ${message}, NULL::${type})`;
