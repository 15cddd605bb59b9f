/**
 * Conversion functions and casts: TO_NUMBER and friends, TO_DOUBLE, TO_BOOLEAN, TO_VARCHAR /
 * TO_CHAR, TO_DATE, TO_TIME, TO_TIMESTAMP_*, TO_BINARY, their TRY_ forms, TRY_CAST and the
 * casts that depend on the source type. All go through the engine's FLOE_CONVERT, told the
 * source kind, the target and the format (the session's output format when TO_VARCHAR has none).
 */
import { sqlErrors } from '../errors';
import { arity } from './arity';
import { engineFn, fn, lit, paren } from '../tree/ast';
import { castTarget, castTo, convertTo } from '../tree/convert';
import { isSemiStructured } from '../tree/variant-tags';
import { asKind, type Node } from '../parse';
import type { Session } from '../session';
import { parseTypeName, types, type SfType } from '../types';
import { anyArgNullable, payloadAs, type Call, type FunctionDef, type Typed } from './types';
import { defaultTextFormat, inputFormatOf, sourceKindOf, targetKindOf } from './value-kinds';

/** A precision or scale argument: only a literal number can type the result at compile time. */
export function digits(n: unknown, fallback: number, fnName = 'TO_NUMBER'): number {
  const l = asKind(n, 'literal');
  if (n && l?.literal_type !== 'number') throw sqlErrors.unsupported(`${fnName} with a non-literal precision or scale`);
  return l ? Number(l.value) : fallback;
}

const TEMPORAL = new Set(['DATE', 'TIME', 'NTZ', 'LTZ', 'TZ']);

/** Source kinds that may hold text: what the session's input formats read. */
const TEXTUAL = new Set(['TEXT', 'AUTO']);

/** The session's input format for text of `source` converted to `target` without a format (null: the engine's own reading). */
const sessionInputFormat = (source: SfType | null, target: SfType, session: Session): string | null =>
  (TEXTUAL.has(sourceKindOf(source)) ? inputFormatOf(target, session.inputFormats) : null);

/** FLOE_CONVERT(value, source kind, target, format, try); no format: the session's output format (to text) or input format (from text). */
function convertCall(value: Node, source: SfType | null, target: SfType, format: Node | null, tryIt: boolean, session: Session): Node {
  const to = targetKindOf(target);
  if (!to) return castTo(value, source, target);
  // A VARIANT's scalar is converted as text or a number would be.
  if (isSemiStructured(source)) return convertCall(engineFn('FLOE_FROM_VARIANT', [value, lit(to === 'TEXT' ? 1 : 0)]), null, target, format, tryIt, session);
  const fmt = format ?? lit(to === 'TEXT' ? defaultTextFormat(source, session.formats) : sessionInputFormat(source, target, session) ?? '');
  return engineFn('FLOE_CONVERT', [value, lit(sourceKindOf(source)), lit(to), fmt, lit(tryIt ? 1 : 0)]);
}

/**
 * CAST(x AS t) / x::t, and a value written into a column of type t (`write`: VARCHAR(n) refuses
 * longer text). Values whose stored form needs their type to be read right (an LTZ instant, a
 * date or number shown as text, one date/time kind into another) go through FLOE_CONVERT; the
 * rest use the store-as-type conversion.
 */
export function castExpression(value: Node, source: SfType | null, target: SfType, session: Session, { write = false } = {}): Node {
  if (isSemiStructured(source) || isSemiStructured(target)) return write ? convertTo(value, target, { write }) : castTo(value, source, target);
  const from = sourceKindOf(source);
  const to = targetKindOf(target);
  // A date/time value is already in its stored form (re-reading an LTZ instant would shift it);
  // a node of its own, so that the cast's type does not replace the value's.
  if (from === to && TEMPORAL.has(from)) return paren(value);
  // Text to FLOAT: SQLite's CAST reads 'NaN', 'inf' and 'abc' as 0.
  // Text read by a session input format (DATE_INPUT_FORMAT …) rather than the stored-form reading.
  if ((from === 'TEXT' && to === 'REAL') || sessionInputFormat(source, target, session) !== null) return convertCall(value, source, target, null, false, session);
  const typed = from !== 'AUTO' && from !== 'TEXT' && to !== null && from !== to
    && (from === 'LTZ' || to === 'TEXT' || (TEMPORAL.has(from) && TEMPORAL.has(to)));
  if (!typed) return convertTo(value, target, { write, from: source });
  const node = convertCall(value, source, target, null, false, session);
  return write && target.wire === 'text' ? convertTo(node, target, { write }) : node;
}

const sourceOf = (c: Call, i = 0): SfType | null => c.types[i]?.type ?? null;

/** TO_TIMESTAMP / TRY_TO_TIMESTAMP: the variation TIMESTAMP_TYPE_MAPPING names. */
const mappedTimestamp = (s: Session): SfType => parseTypeName('TIMESTAMP', s.timestampTypeMapping)!;

/** TO_X(value [, format]) and TRY_TO_X: the format may also be a scale for epoch numbers (TO_TIMESTAMP(n, 3)). */
const conversion = (names: string[], to: SfType | ((s: Session) => SfType), tryIt: boolean): FunctionDef => ({
  names,
  sqlite: (c) => {
    const target = typeof to === 'function' ? to(c.session) : to;
    const second = c.types[1]?.type;
    const kind = targetKindOf(target)!;
    if (second?.wire === 'fixed' && TEMPORAL.has(kind)) return engineFn('FLOE_EPOCH_TO', [c.args[0], c.args[1], lit(kind), lit(tryIt ? 1 : 0)]);
    return convertCall(c.args[0], sourceOf(c), target, c.args[1] ?? null, tryIt, c.session);
  },
  returns: (_a, c) => (typeof to === 'function' ? to(c.session) : to),
  nullable: (a) => tryIt || anyArgNullable(a),
});

/** HEX_DECODE_BINARY(x) is TO_BINARY(x, 'HEX') (its sibling HEX_DECODE_STRING decodes to text). */
const hexDecodeBinary = (name: string, tryIt: boolean): FunctionDef => ({
  names: [name],
  signature: { args: ['VARCHAR'], returns: 'BINARY' },
  sqlite: (c) => {
    arity(c, 1);
    return convertCall(c.args[0], sourceOf(c), types.binary(), lit('HEX'), tryIt, c.session);
  },
  returns: () => types.binary(),
  nullable: (a) => tryIt || anyArgNullable(a),
});

/** TO_NUMBER(x [, format] [, precision [, scale]]) as the parser's to_number node (TRY_ sets `safe`). */
function numberTarget(c: Call): SfType {
  const v = payloadAs(c, 'to_number');
  return types.number(digits(v.precision, 38), digits(v.scale, 0));
}

export const conversionFunctions: FunctionDef[] = [
  {
    kinds: ['to_number'],
    args: (p) => [p.this],
    sqlite: (c) => {
      const target = numberTarget(c);
      const { format, safe } = payloadAs(c, 'to_number');
      const tryIt = !!safe;
      if (!format && !tryIt && sourceOf(c)?.wire !== 'real') return convertTo(c.args[0], target, { from: sourceOf(c) });
      return convertCall(c.args[0], sourceOf(c), target, format ?? lit(''), tryIt, c.session);
    },
    returns: (_a: Typed[], c) => numberTarget(c),
    nullable: (a, c) => !!c.payload.safe || anyArgNullable(a),
  },
  {
    kinds: ['try_cast'],
    args: (p) => [p.this],
    sqlite: (c) => {
      const { to } = payloadAs(c, 'try_cast');
      const target = castTarget(to, c.session);
      if (!target) throw sqlErrors.unsupported(`cast to ${JSON.stringify(to)}`);
      return convertCall(c.args[0], sourceOf(c), target, null, true, c.session);
    },
    returns: (_a, c) => castTarget(payloadAs(c, 'try_cast').to, c.session),
    nullable: () => true,
  },
  { kinds: ['parse_json'], args: (p) => [p.this], sqlite: (c) => engineFn('PARSE_JSON', c.args), returns: types.variant },
  conversion(['TO_DOUBLE'], types.float(), false),
  conversion(['TRY_TO_DOUBLE'], types.float(), true),
  conversion(['TO_BOOLEAN'], types.boolean(), false),
  conversion(['TRY_TO_BOOLEAN'], types.boolean(), true),
  conversion(['TO_VARCHAR', 'TO_CHAR'], types.varchar(), false),
  conversion(['TO_DATE', 'DATE'], types.date(), false),
  conversion(['TRY_TO_DATE'], types.date(), true),
  conversion(['TO_TIME', 'TIME'], types.time(), false),
  conversion(['TRY_TO_TIME'], types.time(), true),
  conversion(['TO_TIMESTAMP'], mappedTimestamp, false),
  conversion(['TRY_TO_TIMESTAMP'], mappedTimestamp, true),
  conversion(['TO_TIMESTAMP_NTZ'], types.timestampNtz(), false),
  conversion(['TRY_TO_TIMESTAMP_NTZ'], types.timestampNtz(), true),
  conversion(['TO_TIMESTAMP_LTZ'], types.timestampLtz(), false),
  conversion(['TRY_TO_TIMESTAMP_LTZ'], types.timestampLtz(), true),
  conversion(['TO_TIMESTAMP_TZ'], types.timestampTz(), false),
  conversion(['TRY_TO_TIMESTAMP_TZ'], types.timestampTz(), true),
  conversion(['TO_BINARY'], types.binary(), false),
  conversion(['TRY_TO_BINARY'], types.binary(), true),
  hexDecodeBinary('HEX_DECODE_BINARY', false),
  hexDecodeBinary('TRY_HEX_DECODE_BINARY', true),
];
