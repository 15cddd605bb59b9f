/**
 * lib/values — the single definition of how Snowflake values are STORED in SQLite,
 * CONVERTED into that form (casts, TO_* functions, bindings) and ENCODED on the wire
 * (jsonv2 cell strings honouring *_OUTPUT_FORMAT). Pure functions, no dependencies.
 *
 * Storage contract:
 *   fixed          bigint | number, or a decimal string when neither is exact
 *   real           number
 *   text           string
 *   boolean        0/1 (number or bigint)
 *   date           'YYYY-MM-DD'
 *   time           'HH:MM:SS[.fffffffff]'
 *   timestamp_ntz  'YYYY-MM-DD HH:MM:SS[.fffffffff]'            wall clock
 *   timestamp_ltz  'YYYY-MM-DD HH:MM:SS[.fffffffff]'            UTC instant
 *   timestamp_tz   'YYYY-MM-DD HH:MM:SS[.fffffffff] ±HH:MM'     wall clock + offset
 *   variant/object/array  JSON text
 *   binary         Uint8Array
 * Conversions always write 9 fraction digits so text order is time order.
 */
export type { BindType, OutputFormats, StoredValue, WireType } from './types';
export { BindingError, ValueConversionError } from './errors';

export { makeCellEncoder, epochSecondsText, type CellEncoder } from './encode';

export { toNumber, toReal } from './numeric';
export { toBoolean } from './boolean';
export { toBinary, bytesToHex, bytesToBase64, hexToBytes, base64ToBytes, normalizeBinaryFormat, type BinaryFormat } from './binary';
export {
  toDate,
  toTime,
  toTimestampNtz,
  toTimestampLtz,
  toTimestampTz,
  ltzToTz,
  epochNanosOf,
  timestampFromEpochNanos,
  ltzFromEpochMs,
} from './datetime-convert';
export { parseDateTimeText, type ParsedDateTime } from './datetime-parse';

export { bindsAsNumber, bindTypeOf, convertBinding, type Binding, type BoundValue, type ConvertedBinding } from './bindings';
export { storedFromWire } from './wire-decode';
export { jsonRows } from './json-rows';

export { epochDaysOf, parseStoredTimestamp, type DateTimeParts } from './stored';
export { daysFromCivil, civilFromDays, daysInMonth, dayOfWeek, splitSeconds, SECONDS_PER_DAY, formatDate, formatTimeOfDay, formatTimestamp, formatOffset } from './civil';
export { isValidTimeZone, zoneOffsetAt, wallToInstant } from './timezone';
export { compileFormat, renderFormat, isAutoFormat, isFormatModel, type CompiledFormat } from './format-model';
export {
  VNum, isObject, numberFromJs, numberFromText, parsePath, parseVariant, prettyVariant, readVariant, sortedObject, step,
  stringifyVariant, fixedVariant, variantTypeName, compareVariants, doubleText, udfSafeNumber, type Variant, type VObject, type PathStep,
} from './variant';
export { datePartOf, isDateLevel, extractPart, truncatePart, slicePart, addPart, diffPart, addMonthsToDays, lastDayOfWeek, ISO_WEEKS, type DatePart, type Wall, type WeekSettings } from './date-parts';
export { readWall, writeWall, instantOfWall, temporalKind, type TemporalKind } from './temporal';
export { parseWithFormat } from './datetime-format-parse';
export { compileNumberFormat, formatNumber, parseNumberWithFormat, type NumberFormat } from './number-format';
export { valueToText, formatTemporal } from './to-text';
export { defaultOutputFormat, makeDisplayFormatter, makeJsonFormatter, DEFAULT_TIMEZONE, type DisplayColumn, type ResultParameters, type CellFormatter } from './display';
