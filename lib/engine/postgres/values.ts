/**
 * PostgreSQL's result values in Floe's stored forms (what lib/values' cell encoders read, as
 * sql.js hands them over): exact integers as bigint, NUMERIC as its decimal text, dates and
 * timestamps as their text (never a JS Date: it would lose microseconds and shift by the zone),
 * JSON as its text. And a result column's wire type from its PostgreSQL type, for columns the
 * plan leaves `auto`.
 */
import { types, type CustomTypesConfig } from 'pg';
import type { ColumnEncoding } from '../types';
import type { WireType } from '@/lib/values';

/** PostgreSQL type OIDs (pg_type.oid: fixed for the built-in types). */
const OID = {
  bool: 16, bytea: 17, char: 18, name: 19, int8: 20, int2: 21, int4: 23, text: 25, oid: 26,
  json: 114, float4: 700, float8: 701, bpchar: 1042, varchar: 1043, date: 1082, time: 1083,
  timestamp: 1114, timestamptz: 1184, numeric: 1700, jsonb: 3802,
} as const;

const asText = (v: string) => v;

/** '…+05:30' / '…-08' (PostgreSQL's timestamptz text) → '… +05:30', the stored TZ form. */
function timestamptz(v: string): string {
  const m = /([+-])(\d\d)(?::(\d\d))?(?::\d\d)?$/.exec(v);
  if (!m || v.length < 19) return v; // infinity, BC dates: shown as PostgreSQL spells them
  return `${v.slice(0, m.index)} ${m[1]}${m[2]}:${m[3] ?? '00'}`;
}

const PARSERS = new Map<number, (v: string) => unknown>([
  [OID.int8, (v) => BigInt(v)],
  [OID.int2, Number],
  [OID.int4, Number],
  [OID.oid, Number],
  [OID.float4, types.getTypeParser(OID.float4, 'text')],
  [OID.float8, types.getTypeParser(OID.float8, 'text')],
  [OID.bool, types.getTypeParser(OID.bool, 'text')],
  [OID.bytea, types.getTypeParser(OID.bytea, 'text')],
  [OID.timestamptz, timestamptz],
]);

/** The parsers every engine connection uses (text format only: Floe asks for no binary results). */
export const storedValues: CustomTypesConfig = {
  getTypeParser: ((oid: number) => PARSERS.get(oid) ?? asText) as CustomTypesConfig['getTypeParser'],
};

/**
 * System reads (Engine.query): integers as numbers and booleans as 0/1, as sql.js hands Floe its
 * own tables' values (ids, epoch milliseconds and counters are far below 2^53).
 */
const SYSTEM_PARSERS = new Map<number, (v: string) => unknown>([
  ...PARSERS,
  [OID.int8, Number],
  [OID.numeric, Number],
  [OID.bool, (v: string) => (v === 't' ? 1 : 0)],
]);

export const systemValues: CustomTypesConfig = {
  getTypeParser: ((oid: number) => SYSTEM_PARSERS.get(oid) ?? asText) as CustomTypesConfig['getTypeParser'],
};

const WIRE = new Map<number, WireType>([
  [OID.int2, 'fixed'], [OID.int4, 'fixed'], [OID.int8, 'fixed'], [OID.oid, 'fixed'], [OID.numeric, 'fixed'],
  [OID.float4, 'real'], [OID.float8, 'real'],
  [OID.bool, 'boolean'],
  [OID.bytea, 'binary'],
  [OID.date, 'date'], [OID.time, 'time'],
  [OID.timestamp, 'timestamp_ntz'], [OID.timestamptz, 'timestamp_ltz'],
  [OID.json, 'variant'], [OID.jsonb, 'variant'],
]);

/**
 * A column's encoding from its PostgreSQL type and modifier: NUMERIC(p, s) keeps its scale
 * (typmod = (p << 16 | s) + 4), integers have scale 0, timestamps and times PostgreSQL's 6 digits
 * unless the column says fewer; anything else is text.
 */
export function columnOf(field: { dataTypeID: number; dataTypeModifier: number }): ColumnEncoding {
  const type = WIRE.get(field.dataTypeID) ?? 'text';
  const mod = field.dataTypeModifier;
  switch (field.dataTypeID) {
    case OID.numeric: return { type, scale: mod >= 4 ? (mod - 4) & 0xffff : null };
    case OID.int2: case OID.int4: case OID.int8: case OID.oid: return { type, scale: 0 };
    case OID.time: case OID.timestamp: case OID.timestamptz: return { type, scale: mod >= 0 ? mod : 6 };
    default: return { type, scale: null };
  }
}
