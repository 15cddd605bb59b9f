/** Conversion functions: TO_NUMBER and friends, PARSE_JSON, TO_BINARY. */
import { sqlErrors } from '../errors';
import { fn } from '../compile/ast';
import { convertTo } from '../compile/convert';
import { types } from '../types';
import type { FunctionDef } from './types';

/** A precision or scale argument: only a literal number can type the result at compile time. */
function digits(n: unknown, fallback: number): number {
  const l = (n as { literal?: { literal_type: string; value: string } } | null)?.literal;
  if (n && l?.literal_type !== 'number') throw sqlErrors.unsupported('TO_NUMBER with a non-literal precision or scale');
  return l ? Number(l.value) : fallback;
}

export const conversionFunctions: FunctionDef[] = [
  {
    // TO_NUMBER / TO_DECIMAL / TO_NUMERIC(expr [, precision [, scale]]); formats are not supported yet.
    kinds: ['to_number'],
    args: (p) => [p.this],
    sqlite: (c) => {
      if (c.payload.format || c.payload.safe) throw sqlErrors.unsupported('TO_NUMBER with a format');
      return convertTo(c.args[0], types.number(digits(c.payload.precision, 38), digits(c.payload.scale, 0)));
    },
    returns: (_a, c) => types.number(digits(c.payload.precision, 38), digits(c.payload.scale, 0)),
  },
  { kinds: ['parse_json'], args: (p) => [p.this], sqlite: (c) => fn('PARSE_JSON', c.args), returns: types.variant },
  { names: ['TO_BINARY'], returns: () => types.binary() },
];
