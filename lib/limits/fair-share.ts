/**
 * How much of a shared capacity one user may hold, so that others can always start: of `places`
 * one user gets `percent` of them, rounded up. A warehouse's MAX_CONCURRENCY_LEVEL and reader
 * slots (where the excess waits) are shared so: all of one under 4 at the default 75 %, so that
 * small warehouses keep their Snowflake behaviour. The server's own bounds (the statement queue
 * and per-warehouse running limits, whose excess is refused, and the reader workers) always keep
 * one place for the others (`keepOne`), unless `percent` is 100 (no reservation at all).
 */
export function userShare(places: number, percent: number, keepOne = false): number {
  if (places === Infinity || percent >= 100) return places;
  const share = Math.ceil((places * percent) / 100);
  return Math.max(1, keepOne ? Math.min(share, places - 1) : share);
}
