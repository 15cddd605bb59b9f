/**
 * SYSTEM$WAIT's duration and answer (`seconds` already checked to be a non-negative number),
 * shared by the engine's function (a wait inside a query) and the statement service (a statement
 * that only waits runs as a timer there, holding no replica).
 */
export function systemWait(seconds: unknown, unit?: unknown): { ms: number; text: string } {
  const n = Number(seconds);
  const u = typeof unit === 'string' ? unit.toUpperCase() : 'SECONDS';
  const ms = u.startsWith('MILLI') ? n : u.startsWith('MINUTE') ? n * 60_000 : u.startsWith('HOUR') ? n * 3_600_000 : n * 1000;
  return { ms, text: `waited ${String(seconds)} ${u === 'SECONDS' ? 'seconds' : u.toLowerCase()}` };
}
