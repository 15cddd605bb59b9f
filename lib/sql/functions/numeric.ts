/** Numeric functions. */
import { fn } from '../compile/ast';
import { types } from '../types';
import type { FunctionDef } from './types';

export const numericFunctions: FunctionDef[] = [
  // Seeded per statement so that a replayed write draws the same numbers.
  { names: ['RANDOM'], sqlite: () => fn('FLOE_RANDOM', []), returns: () => types.number(19, 0), nullable: () => false },
];
