/** SYSTEM$ functions. */
import { systemWait } from '@/lib/engine/system-wait';
import { udfError } from '../../sqlite-errors';
import type { Fn, FunctionContext, Register } from './util';

export function registerSystemFunctions(reg: Register, ctx: FunctionContext): void {
  reg('SYSTEM$WAIT', (seconds: unknown, unit?: unknown) => {
    const n = Number(seconds);
    if (!Number.isFinite(n) || n < 0) throw udfError('100038', '22018', `Numeric value '${String(seconds)}' is not recognized`);
    const wait = systemWait(seconds, unit);
    ctx.cancel.sleep(wait.ms);
    return wait.text;
  });
  reg('SYSTEM$WAIT', ((seconds: unknown) => {
    const n = Number(seconds);
    if (!Number.isFinite(n) || n < 0) throw udfError('100038', '22018', `Numeric value '${String(seconds)}' is not recognized`);
    const wait = systemWait(seconds);
    ctx.cancel.sleep(wait.ms);
    return wait.text;
  }) as Fn);

}
