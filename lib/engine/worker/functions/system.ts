/** SYSTEM$ functions. */
import { systemWait } from '@/lib/engine/system-wait';
import { udfError } from '../../sqlite-errors';
import type { Fn, FunctionContext, ImplementationSlice } from './util';

export function systemFunctions(ctx: FunctionContext) {
  return {
    SYSTEM$WAIT: [
      (seconds: unknown, unit?: unknown) => {
        const n = Number(seconds);
        if (!Number.isFinite(n) || n < 0) throw udfError('100038', '22018', `Numeric value '${String(seconds)}' is not recognized`);
        const wait = systemWait(seconds, unit);
        ctx.cancel.sleep(wait.ms);
        return wait.text;
      },
      ((seconds: unknown) => {
        const n = Number(seconds);
        if (!Number.isFinite(n) || n < 0) throw udfError('100038', '22018', `Numeric value '${String(seconds)}' is not recognized`);
        const wait = systemWait(seconds);
        ctx.cancel.sleep(wait.ms);
        return wait.text;
      }) as Fn,
    ],
  } satisfies ImplementationSlice;
}
