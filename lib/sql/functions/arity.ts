/** Argument-count checks at compile time, with Snowflake's messages. */
import { SqlError } from '../errors';
import type { Call } from './types';

export function arity(call: Call, min: number, max = min): void {
  const n = call.args.length;
  if (n >= min && n <= max) return;
  const few = n < min;
  const want = few ? min : max;
  throw new SqlError(few ? '000938' : '000939', '22023',
    `SQL compilation error: error line 1 at position 7\n${few ? 'not enough' : 'too many'} arguments for function [${call.name.toUpperCase()}], expected ${want}, got ${n}`);
}
