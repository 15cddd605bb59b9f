/**
 * Shared types for the value layer.
 *
 * `WireType` is the lower-case rowType `type` of the SQL API (§4.1) and also names the
 * storage form a column uses inside SQLite (see README-style contract in index.ts).
 */
export type WireType =
  | 'fixed'
  | 'real'
  | 'text'
  | 'boolean'
  | 'date'
  | 'time'
  | 'timestamp_ntz'
  | 'timestamp_ltz'
  | 'timestamp_tz'
  | 'variant'
  | 'object'
  | 'array'
  | 'binary';

/**
 * What a statement knows of a bound value before it runs: its wire type, `fixed:<scale>` for
 * a FIXED binding with a fraction (a Python Decimal or JDBC BigDecimal bound as "1.25"), or
 * `fixed:int53` for a FIXED integer within ±(2^53 − 1), which is bound as an SQLite number
 * (exactly), never as text.
 */
export type BindType = WireType | `fixed:${number}` | 'fixed:int53';

/**
 * Session output-format parameters that influence how cells are rendered (§4.2).
 * Unset (or empty) TIMESTAMP_NTZ/LTZ/TZ formats fall back to `timestampOutputFormat`;
 * an unset or 'AUTO' effective format means "wire default encoding" (epoch based).
 */
export interface OutputFormats {
  /** IANA zone (or ±HH:MM) used to display TIMESTAMP_LTZ values when a format is set. */
  timezone: string;
  dateOutputFormat?: string;
  timeOutputFormat?: string;
  timestampOutputFormat?: string;
  timestampNtzOutputFormat?: string;
  timestampLtzOutputFormat?: string;
  timestampTzOutputFormat?: string;
  /** HEX (default) or BASE64 (UTF-8 also accepted). */
  binaryOutputFormat?: string;
}

/** A value in its SQLite storage form. */
export type StoredValue = string | number | bigint | Uint8Array | null;
