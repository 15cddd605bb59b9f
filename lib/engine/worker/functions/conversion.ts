/** Conversion functions: the store-as-type conversions (FLOE_TO_*) and TO_BINARY. */
import {
  toBinary, toBoolean, toDate, toNumber, toTime, toTimestampLtz, toTimestampNtz, toTimestampTz,
} from '@/lib/values';
import { udfError } from '../../sqlite-errors';
import { converting, type FunctionContext, type Register } from './util';

export function registerConversionFunctions(reg: Register, ctx: FunctionContext): void {
  reg('FLOE_TO_DATE', converting((v: unknown) => (v === null ? null : toDate(v, ctx.pins.timezone))));
  reg('FLOE_TO_TIME', converting((v: unknown) => (v === null ? null : toTime(v))));
  reg('FLOE_TO_TIMESTAMP_NTZ', converting((v: unknown) => (v === null ? null : toTimestampNtz(v))));
  reg('FLOE_TO_TIMESTAMP_LTZ', converting((v: unknown) => (v === null ? null : toTimestampLtz(v, ctx.pins.timezone))));
  reg('FLOE_TO_TIMESTAMP_TZ', converting((v: unknown) => (v === null ? null : toTimestampTz(v, ctx.pins.timezone))));
  reg('FLOE_TO_BOOLEAN', converting((v: unknown) => (v === null ? null : toBoolean(v))));
  reg('FLOE_TO_NUMBER', converting((v: unknown, p: unknown, s: unknown) => {
    if (v === null) return null;
    const r = toNumber(v, p === null ? null : Number(p), s === null ? null : Number(s));
    // A bigint result would become NULL in sql.js: hand back text, SQLite's affinity stores it.
    return typeof r === 'bigint' ? (Number.isSafeInteger(Number(r)) ? Number(r) : r.toString()) : r;
  }));
  reg('FLOE_TO_BINARY', converting((v: unknown, fmt: unknown) => {
    if (v === null) return null;
    if (v instanceof Uint8Array) return v;
    return toBinary(String(v), (typeof fmt === 'string' ? fmt.toUpperCase() : 'HEX') as 'HEX' | 'BASE64' | 'UTF-8');
  }));
  reg('TO_BINARY', converting((v: unknown, fmt?: unknown) => {
    if (v === null) return null;
    return toBinary(String(v), (typeof fmt === 'string' ? fmt.toUpperCase() : 'HEX') as 'HEX' | 'BASE64' | 'UTF-8');
  }));
  // A write into VARCHAR(n): longer text is refused, as Snowflake does (a cast keeps it).
  reg('FLOE_STORE_VARCHAR', (v: unknown, n: unknown) => {
    if (v === null) return null;
    const text = v instanceof Uint8Array ? Buffer.from(v).toString('hex').toUpperCase() : String(v);
    if (text.length > (n as number) && [...text].length > (n as number)) throw udfError('100074', '22000', `String '${text}' is too long and would be truncated`);
    return text;
  });
  reg('FLOE_TO_VARCHAR', (v: unknown) => {
    if (v === null) return null;
    if (v instanceof Uint8Array) return Buffer.from(v).toString('hex').toUpperCase();
    return String(v);
  });
}
