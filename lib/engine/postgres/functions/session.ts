/**
 * The session settings the library reads (helpers.ts): what the engine sets on a plan's
 * connection before its steps, from the plan's pins. Session-level (not SET LOCAL): a plan's
 * steps may run outside an explicit transaction, and every plan sets them again, so a pooled
 * connection never carries one plan's pins into the next.
 */
import type { StatementPins } from '../../types';
import { FLOE_SCHEMA } from './types';

/**
 * Whether SQL may read the library's settings (floe.now_ms, floe.seed, the week settings): only
 * the library's functions do, and the compiler writes every call of them schema-qualified
 * (views and column defaults are expanded into the statement's own SQL). Text that merely
 * mentions the schema (a string literal) only costs the pins' round trip.
 */
export const readsLibrarySettings = (sql: string): boolean => sql.includes(`${FLOE_SCHEMA}.`);

export function pinSettingsQuery(pins: StatementPins): { text: string; values: string[] } {
  return {
    text: "SELECT set_config('TimeZone', $1, false), set_config('floe.now_ms', $2, false), set_config('floe.seed', $3, false), "
      + "set_config('floe.week_start', $4, false), set_config('floe.week_of_year_policy', $5, false)",
    values: [pins.timezone, String(pins.nowMs), String(pins.seed >>> 0), String(pins.weekStart ?? 0), String(pins.weekOfYearPolicy ?? 0)],
  };
}
