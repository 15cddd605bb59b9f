/** Date and time functions. */
import type { FunctionContext, Register } from './util';

function iso(ms: number): string {
  const d = new Date(ms);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 23)}000000`;
}

export function registerDatetimeFunctions(reg: Register, ctx: FunctionContext): void {
  // Pinned per statement: replaying a write gives the same value.
  reg('FLOE_NOW_LTZ', () => iso(ctx.pins.nowMs));
}
