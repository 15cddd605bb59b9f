/**
 * Per-argument tags that tell an engine function how to turn an SQL value into a VARIANT (the
 * engine sees JSON text and VARCHAR alike): see lib/engine/worker/functions/variant-args.ts.
 */
import type { SfType } from '../types';
import type { Typed } from '../functions/types';

export const isSemiStructured = (t: SfType | null | undefined): boolean =>
  !!t && (t.wire === 'variant' || t.wire === 'object' || t.wire === 'array');

export function variantTag(t: SfType | null | undefined): string {
  switch (t?.wire) {
    case 'variant': case 'object': case 'array': return 'j';
    case 'text': return 's';
    case 'fixed': return 'n';
    case 'real': return 'r';
    case 'boolean': return 'b';
    case 'binary': return 'x';
    case 'date': case 'time': case 'timestamp_ntz': case 'timestamp_ltz': case 'timestamp_tz': return 'd';
    default: return '?';
  }
}

/** One tag per argument, as a string literal's value. */
export const variantTags = (types: Typed[]): string => types.map((t) => variantTag(t.type)).join('');
