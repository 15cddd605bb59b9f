/** BOOLEAN conversion into storage form (0/1), per Snowflake's TO_BOOLEAN. */
import { ValueConversionError } from './errors';

// A Map, not an object literal, so 'constructor' & co. are not accidentally "found".
const TEXT_VALUES = new Map<string, 0 | 1>([
  ['true', 1], ['t', 1], ['yes', 1], ['y', 1], ['on', 1], ['1', 1],
  ['false', 0], ['f', 0], ['no', 0], ['n', 0], ['off', 0], ['0', 0],
]);

/** 'true'/'t'/'yes'/'y'/'on'/'1' and their negatives (case-insensitive); numbers: 0 → 0, else 1. */
export function toBoolean(v: unknown): 0 | 1 {
  switch (typeof v) {
    case 'boolean':
      return v ? 1 : 0;
    case 'number':
      if (v !== v) break; // NaN is not a boolean
      return v === 0 ? 0 : 1;
    case 'bigint':
      return v === 0n ? 0 : 1;
    case 'string': {
      const r = TEXT_VALUES.get(v.trim().toLowerCase());
      if (r !== undefined) return r;
      break;
    }
  }
  throw new ValueConversionError(`Boolean value '${typeof v === 'string' ? v : String(v)}' is not recognized`);
}
