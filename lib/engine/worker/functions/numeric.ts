/** Numeric functions. */
import { udfError } from '../../sqlite-errors';
import { variadic, type FunctionContext, type Register } from './util';

export function registerNumericFunctions(reg: Register, ctx: FunctionContext): void {
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

}
