/** SYSTEM$ functions. */
import { udfError } from '../../sqlite-errors';
import type { Fn, FunctionContext, Register } from './util';

export function registerSystemFunctions(reg: Register, ctx: FunctionContext): void {
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

}
