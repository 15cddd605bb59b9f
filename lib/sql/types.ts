/**
 * Snowflake data types as Floe knows them: the canonical declared type of a column, the wire
 * type and rowType fields it produces, and the conversion that stores a value in it.
 */
import type { BindType, WireType } from '@/lib/values';
import type { EngineFunctionName } from '@/lib/engine/functions/manifest';

export interface SfType {
  /** Canonical declared name: NUMBER(10,2), VARCHAR(16777216), TIMESTAMP_NTZ(9), … */
  text: string;
  wire: WireType;
  precision: number | null;
  scale: number | null;
  length: number | null;
  byteLength: number | null;
}

const MAX_VARCHAR = 16_777_216;
const MAX_BINARY = 8_388_608;

const make = (text: string, wire: WireType, p: number | null = null, s: number | null = null, len: number | null = null, bytes: number | null = null): SfType =>
  ({ text, wire, precision: p, scale: s, length: len, byteLength: bytes });

export const types = {
  number: (p = 38, s = 0) => make(`NUMBER(${p},${s})`, 'fixed', p, s),
  float: () => make('FLOAT', 'real'),
  varchar: (n = MAX_VARCHAR) => make(`VARCHAR(${n})`, 'text', null, null, n, Math.min(n * 4, MAX_VARCHAR)),
  binary: (n = MAX_BINARY) => make(`BINARY(${n})`, 'binary', null, null, n, n),
  boolean: () => make('BOOLEAN', 'boolean'),
  date: () => make('DATE', 'date'),
  time: (p = 9) => make(`TIME(${p})`, 'time', 0, p),
  timestampNtz: (p = 9) => make(`TIMESTAMP_NTZ(${p})`, 'timestamp_ntz', 0, p),
  timestampLtz: (p = 9) => make(`TIMESTAMP_LTZ(${p})`, 'timestamp_ltz', 0, p),
  timestampTz: (p = 9) => make(`TIMESTAMP_TZ(${p})`, 'timestamp_tz', 0, p),
  variant: () => make('VARIANT', 'variant'),
  object: () => make('OBJECT', 'object'),
  array: () => make('ARRAY', 'array'),
};

/** The TIMESTAMP_* variations the TIMESTAMP alias may name (TIMESTAMP_TYPE_MAPPING). */
export type TimestampAlias = 'TIMESTAMP_NTZ' | 'TIMESTAMP_LTZ' | 'TIMESTAMP_TZ';

/**
 * Parses a type name as written in Snowflake DDL or a cast (also the forms the SQL parser
 * renders, such as TIMESTAMPNTZ or "NUMBER(10, 2)"). Unknown names return null. TIMESTAMP is
 * the variation `timestamp` names (the session's TIMESTAMP_TYPE_MAPPING when written by a user).
 */
export function parseTypeName(raw: string, timestamp: TimestampAlias = 'TIMESTAMP_NTZ'): SfType | null {
  const structured = /^\s*(ARRAY|OBJECT|MAP)\s*\(([\s\S]*)\)\s*$/i.exec(raw);
  if (structured) return structuredType(structured[1].toUpperCase(), structured[2], timestamp);
  const m = /^\s*([A-Za-z_][A-Za-z0-9_ ]*?)\s*(?:\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\))?\s*$/.exec(raw);
  if (!m) return null;
  const name = m[1].toUpperCase().replace(/\s+/g, ' ');
  const a = m[2] === undefined ? undefined : Number(m[2]);
  const b = m[3] === undefined ? undefined : Number(m[3]);
  switch (name) {
    case 'NUMBER': case 'DECIMAL': case 'NUMERIC': case 'DEC':
      return types.number(a ?? 38, b ?? 0);
    case 'INT': case 'INTEGER': case 'BIGINT': case 'SMALLINT': case 'TINYINT': case 'BYTEINT':
      return types.number(38, 0);
    case 'FLOAT': case 'FLOAT4': case 'FLOAT8': case 'DOUBLE': case 'DOUBLE PRECISION': case 'REAL':
      return types.float();
    case 'VARCHAR': case 'STRING': case 'TEXT': case 'NVARCHAR': case 'NVARCHAR2': case 'CHAR VARYING': case 'NCHAR VARYING':
      return types.varchar(a ?? MAX_VARCHAR);
    case 'CHAR': case 'CHARACTER': case 'NCHAR':
      return types.varchar(a ?? 1);
    case 'BINARY': case 'VARBINARY':
      return types.binary(a ?? MAX_BINARY);
    case 'BOOLEAN': case 'BOOL':
      return types.boolean();
    case 'DATE':
      return types.date();
    case 'TIME':
      return types.time(a ?? 9);
    case 'TIMESTAMP':
      return timestamp === 'TIMESTAMP_NTZ' ? types.timestampNtz(a ?? 9) : parseTypeName(`${timestamp}(${a ?? 9})`);
    case 'DATETIME': case 'TIMESTAMP_NTZ': case 'TIMESTAMPNTZ': case 'TIMESTAMP WITHOUT TIME ZONE':
      return types.timestampNtz(a ?? 9);
    case 'TIMESTAMP_LTZ': case 'TIMESTAMPLTZ': case 'TIMESTAMP WITH LOCAL TIME ZONE':
      return types.timestampLtz(a ?? 9);
    case 'TIMESTAMP_TZ': case 'TIMESTAMPTZ': case 'TIMESTAMP WITH TIME ZONE':
      return types.timestampTz(a ?? 9);
    case 'VARIANT': return types.variant();
    case 'OBJECT': return types.object();
    case 'ARRAY': return types.array();
    default: return null;
  }
}

/** The parts of a type list split at its top-level commas ("a INT, b NUMBER(10,2)"). */
function topLevelParts(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) { parts.push(list.slice(start, i).trim()); start = i + 1; }
  }
  parts.push(list.slice(start).trim());
  return parts;
}

/**
 * A structured type: ARRAY(t), OBJECT(name t [NOT NULL], …) or MAP(k, v), its canonical text
 * naming the canonical element types. Values are stored as the semi-structured ARRAY or OBJECT
 * (a MAP as an OBJECT); the element types are kept for DESCRIBE and SHOW COLUMNS.
 */
function structuredType(kind: string, inner: string, timestamp: TimestampAlias): SfType | null {
  const element = (t: string) => parseTypeName(t, timestamp)?.text ?? null;
  if (kind === 'ARRAY') {
    const e = element(inner);
    return e === null ? null : make(`ARRAY(${e})`, 'array');
  }
  const parts = topLevelParts(inner);
  if (kind === 'MAP') {
    const [k, v] = parts.map(element);
    return parts.length !== 2 || k === null || v === null ? null : make(`MAP(${k}, ${v})`, 'object');
  }
  if (inner.trim() === '') return types.object();
  const fields = parts.map((f) => {
    const m = /^("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)\s+([\s\S]+?)(\s+NOT\s+NULL)?$/i.exec(f);
    const t = m ? element(m[2]) : null;
    return m && t !== null ? `${m[1]} ${t}${m[3] ? ' NOT NULL' : ''}` : null;
  });
  return fields.some((f) => f === null) ? null : make(`OBJECT(${fields.join(', ')})`, 'object');
}

/** SQL function (registered in the engine) that stores a value as `t`, or null when none is needed. */
export function storeFunction(t: SfType): { name: EngineFunctionName; extraArgs: (number | string)[] } | null {
  switch (t.wire) {
    case 'fixed': return { name: 'FLOE_TO_NUMBER', extraArgs: [t.precision ?? 38, t.scale ?? 0] };
    case 'boolean': return { name: 'FLOE_TO_BOOLEAN', extraArgs: [] };
    case 'date': return { name: 'FLOE_TO_DATE', extraArgs: [] };
    case 'time': return { name: 'FLOE_TO_TIME', extraArgs: [] };
    case 'timestamp_ntz': return { name: 'FLOE_TO_TIMESTAMP_NTZ', extraArgs: [] };
    case 'timestamp_ltz': return { name: 'FLOE_TO_TIMESTAMP_LTZ', extraArgs: [] };
    case 'timestamp_tz': return { name: 'FLOE_TO_TIMESTAMP_TZ', extraArgs: [] };
    case 'binary': return { name: 'FLOE_TO_BINARY', extraArgs: ['HEX'] };
    case 'text': return { name: 'FLOE_TO_VARCHAR', extraArgs: [] };
    default: return null;
  }
}

/** NUMBER(p,0) with p up to this always fits SQLite's int64. */
export const INT64_PRECISION = 18;

/** The declared type a value of a wire type has when nothing else is known (a bound value). */
export function typeOfWire(wire: WireType): SfType {
  switch (wire) {
    case 'fixed': return types.number(38, 0);
    case 'real': return types.float();
    case 'boolean': return types.boolean();
    case 'date': return types.date();
    case 'time': return types.time();
    case 'timestamp_ntz': return types.timestampNtz();
    case 'timestamp_ltz': return types.timestampLtz();
    case 'timestamp_tz': return types.timestampTz();
    case 'binary': return types.binary();
    case 'variant': return types.variant();
    case 'object': return types.object();
    case 'array': return types.array();
    default: return types.varchar();
  }
}

/** The declared type of a bound value (a FIXED one with a fraction: NUMBER(38, its scale)). */
export function typeOfBind(b: BindType): SfType {
  if (b === 'fixed:int53') return types.number(38, 0);
  return b.startsWith('fixed:') ? types.number(38, Number(b.slice(6))) : typeOfWire(b as WireType);
}

/** The declared type a result column had, from its rowType entry (RESULT_SCAN reads results back). */
export function typeOfRowType(e: { type: string; precision: number | null; scale: number | null; length: number | null }): SfType {
  switch (e.type) {
    case 'fixed': return types.number(e.precision ?? 38, e.scale ?? 0);
    case 'text': return types.varchar(e.length ?? MAX_VARCHAR);
    case 'binary': return types.binary(e.length ?? MAX_BINARY);
    case 'time': return types.time(e.scale ?? 9);
    case 'timestamp_ntz': return types.timestampNtz(e.scale ?? 9);
    case 'timestamp_ltz': return types.timestampLtz(e.scale ?? 9);
    case 'timestamp_tz': return types.timestampTz(e.scale ?? 9);
    default: return typeOfWire(e.type as WireType);
  }
}
