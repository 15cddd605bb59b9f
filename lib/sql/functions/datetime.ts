/**
 * Date and time functions. Each temporal argument goes to the engine with its kind (the type
 * says whether stored text is an NTZ wall clock or an LTZ instant) and each date part by its
 * canonical name, resolved here from every spelling Snowflake accepts.
 */
import { isDateLevel, type DatePart, type TemporalKind } from '@/lib/values';
import type { EngineFunctionName } from '@/lib/engine/functions/manifest';
import { engineFn, fn, lit } from '../tree/ast';
import { sqlErrors } from '../errors';
import { asKind, type Node } from '../parse';
import { types, type SfType } from '../types';
import { arity, engineCall } from './arity';
import { anyArgNullable, type Call, type FunctionDef } from './types';
import { datePartArg, inputFormatOf, temporalKindOf, typeOfKind } from './value-kinds';

/** Kind of argument i of a call (of its type: text is AUTO, whatever `temporalArg` reads it as). */
const kindAt = (c: Call, i: number): TemporalKind => temporalKindOf(c.types[i]?.type ?? null);

/**
 * Argument i as the engine function is given it, with its kind. Text is read as a TIMESTAMP_NTZ
 * (the type the AUTO kind stands for): by the session's TIMESTAMP_NTZ input format when one is
 * set (TIMESTAMP_NTZ_INPUT_FORMAT, else TIMESTAMP_INPUT_FORMAT), converted here; else by the
 * engine's AUTO reading, as it is.
 */
function temporalArg(c: Call, i: number): [Node, TemporalKind] {
  const k = kindAt(c, i);
  const fmt = k === 'AUTO' && c.types[i]?.type?.wire === 'text' ? inputFormatOf(types.timestampNtz(), c.session.inputFormats) : null;
  return fmt === null ? [c.args[i], k] : [engineFn('FLOE_CONVERT', [c.args[i], lit('TEXT'), lit('NTZ'), lit(fmt), lit(0)]), 'NTZ'];
}

/** What DATEADD returns: a DATE stays a DATE for date parts only; text is a TIMESTAMP_NTZ. */
function addResultKind(k: TemporalKind, p: DatePart): TemporalKind {
  if (k === 'AUTO' || (k === 'DATE' && !isDateLevel(p))) return 'NTZ';
  return k;
}

const EPOCH_PARTS = new Set<DatePart>(['epoch_second', 'epoch_millisecond', 'epoch_microsecond', 'epoch_nanosecond']);
const partType = (p: DatePart) => (EPOCH_PARTS.has(p) ? types.number(18, 0) : types.number(9, 0));

/** YEAR(x), HOUR(x) …: DATE_PART with a fixed part. */
const partFunction = (part: DatePart, names: string[], kinds: string[] = []): FunctionDef => ({
  names,
  kinds,
  sqlite: (c) => engineFn('FLOE_DATE_PART', [lit(part), ...argAndKind(c, 0)]),
  returns: () => partType(part),
  nullable: anyArgNullable,
});

/** Argument i and its kind, as two arguments of an engine call. */
const argAndKind = (c: Call, i: number): Node[] => {
  const [value, k] = temporalArg(c, i);
  return [value, lit(k)];
};

/** DATE_PART(part, x) or EXTRACT(part FROM x): the part and the value. */
function datePartCall(c: Call): { part: DatePart; value: Node; index: number } {
  if (c.name === 'extract') return { part: datePartArg(c.payload.field, 'EXTRACT'), value: c.args[0], index: 0 };
  return { part: datePartArg(c.args[0], 'DATE_PART'), value: c.args[1], index: 1 };
}

/** DATEDIFF(part, a, b) as a generic call or as the parser's date_diff node (this = b, expression = a). */
function dateDiffCall(c: Call): { part: DatePart; a: number; b: number } {
  if (c.name === 'date_diff') return { part: datePartArg(c.payload.unit, 'DATEDIFF'), a: 0, b: 1 };
  return { part: datePartArg(c.args[0], 'DATEDIFF'), a: 1, b: 2 };
}

/** DATE_TRUNC(part, value) of a value of type t (also TRUNC(<date>, '<part>')). */
export function dateTruncSql(part: unknown, value: Node, t: SfType | null): Node {
  return engineFn('FLOE_DATE_TRUNC', [lit(datePartArg(part, 'DATE_TRUNC')), value, lit(temporalKindOf(t))]);
}

const SLICE_PARTS = new Set<DatePart>(['year', 'quarter', 'month', 'week', 'day', 'hour', 'minute', 'second']);

/** TIME_SLICE's date part: a DATE takes date-level parts only. */
function slicePartArg(node: unknown, k: TemporalKind): DatePart {
  const p = datePartArg(node, 'TIME_SLICE');
  if (!SLICE_PARTS.has(p) || (k === 'DATE' && !isDateLevel(p))) throw sqlErrors.invalidValue(`Invalid date/time part '${p.toUpperCase()}' for TIME_SLICE of a ${k === 'DATE' ? 'DATE' : 'TIMESTAMP'}`);
  return p;
}

/** TIME_SLICE's optional 'START' / 'END' constant: true for the end of the slice. */
function sliceEnd(node: unknown): boolean {
  if (node === undefined) return false;
  const l = asKind(node, 'literal');
  const v = l?.literal_type === 'string' ? l.value.toUpperCase() : null;
  if (v !== 'START' && v !== 'END') throw sqlErrors.invalidValue(`Invalid value for the start_or_end argument of TIME_SLICE: must be 'START' or 'END'`);
  return v === 'END';
}

const now = (names: string[], udf: EngineFunctionName, type: () => ReturnType<typeof types.date>, kinds: string[] = []): FunctionDef => ({
  names, kinds, args: () => [], sqlite: () => engineFn(udf, []), returns: type, nullable: () => false,
});

/** DAYNAME / MONTHNAME: the value shown with the DY / MON format element ('Fri', 'Jan'); text is read as a timestamp first. */
const nameOf = (names: string[], element: string): FunctionDef => ({
  names,
  sqlite: (c) => {
    const [v, k] = temporalArg(c, 0);
    const value = k === 'AUTO' ? engineFn('FLOE_CONVERT', [v, lit('TEXT'), lit('NTZ'), lit(''), lit(0)]) : v;
    return engineFn('FLOE_CONVERT', [value, lit(k === 'AUTO' ? 'NTZ' : k), lit('TEXT'), lit(element), lit(0)]);
  },
  returns: () => types.varchar(3),
  nullable: anyArgNullable,
});

/** TIMESTAMP_*_FROM_PARTS: the kind goes first to the one engine function. */
const fromParts = (names: string[], kind: TemporalKind): FunctionDef => ({
  names,
  sqlite: (c) => engineFn('FLOE_TIMESTAMP_FROM_PARTS', [lit(kind), ...c.args]),
  returns: () => typeOfKind(kind),
  nullable: anyArgNullable,
});

export const datetimeFunctions: FunctionDef[] = [
  // Pinned per statement (the journal replays it identically); LTZ shows in the session's zone.
  now(['CURRENT_TIMESTAMP', 'GETDATE', 'LOCALTIMESTAMP', 'SYSTIMESTAMP'], 'FLOE_NOW_LTZ', () => types.timestampLtz(), ['current_timestamp']),
  now(['SYSDATE'], 'FLOE_SYSDATE', () => types.timestampNtz()),
  now(['CURRENT_DATE'], 'FLOE_CURRENT_DATE', () => types.date(), ['current_date']),
  now(['CURRENT_TIME', 'LOCALTIME'], 'FLOE_CURRENT_TIME', () => types.time(), ['current_time']),
  {
    names: ['DATEADD', 'TIMEADD', 'TIMESTAMPADD'],
    sqlite: (c) => {
      const part = datePartArg(c.args[0], c.name);
      const [value, k] = temporalArg(c, 2);
      return engineFn('FLOE_DATEADD', [lit(part), c.args[1], value, lit(k), lit(addResultKind(k, part))]);
    },
    returns: (_a, c) => typeOfKind(addResultKind(kindAt(c, 2), datePartArg(c.args[0], c.name))),
    nullable: anyArgNullable,
  },
  {
    names: ['DATEDIFF', 'TIMEDIFF', 'TIMESTAMPDIFF'],
    kinds: ['date_diff'],
    args: (p) => [p.expression, p.this],
    sqlite: (c) => {
      const d = dateDiffCall(c);
      return engineFn('FLOE_DATEDIFF', [lit(d.part), ...argAndKind(c, d.a), ...argAndKind(c, d.b)]);
    },
    returns: () => types.number(18, 0),
    nullable: anyArgNullable,
  },
  {
    names: ['DATE_TRUNC'],
    sqlite: (c) => {
      const [value, k] = temporalArg(c, 1);
      return engineFn('FLOE_DATE_TRUNC', [lit(datePartArg(c.args[0], 'DATE_TRUNC')), value, lit(k)]);
    },
    returns: (_a, c) => typeOfKind(kindAt(c, 1)),
    nullable: anyArgNullable,
  },
  {
    // Slices of n parts counted from 1970-01-01 (weeks from a Monday); the result keeps the input's type.
    names: ['TIME_SLICE'],
    sqlite: (c) => {
      arity(c, 3, 4);
      const [value, k] = temporalArg(c, 0);
      if (k === 'TIME') throw sqlErrors.invalidValue('TIME_SLICE takes a DATE or a TIMESTAMP, not a TIME');
      return engineFn('FLOE_TIME_SLICE', [value, c.args[1], lit(slicePartArg(c.args[2], k)), lit(k), lit(sliceEnd(c.args[3]) ? 1 : 0)]);
    },
    returns: (a, c) => (kindAt(c, 0) === 'AUTO' ? typeOfKind('NTZ') : a[0].type),
    nullable: anyArgNullable,
  },
  {
    names: ['DATE_PART', 'DATEPART'],
    kinds: ['extract'],
    args: (p) => [p.this],
    sqlite: (c) => {
      const d = datePartCall(c);
      return engineFn('FLOE_DATE_PART', [lit(d.part), ...argAndKind(c, d.index)]);
    },
    returns: (_a, c) => partType(datePartCall(c).part),
    nullable: anyArgNullable,
  },
  partFunction('year', ['YEAR'], ['year']),
  partFunction('quarter', ['QUARTER'], ['quarter']),
  partFunction('month', ['MONTH'], ['month']),
  partFunction('day', ['DAY', 'DAYOFMONTH'], ['day', 'day_of_month']),
  partFunction('dayofweek', ['DAYOFWEEK'], ['day_of_week']),
  partFunction('dayofweekiso', ['DAYOFWEEKISO'], ['day_of_week_iso']),
  partFunction('dayofyear', ['DAYOFYEAR'], ['day_of_year']),
  partFunction('week', ['WEEK', 'WEEKOFYEAR'], ['week', 'week_of_year']),
  partFunction('weekiso', ['WEEKISO']),
  partFunction('yearofweek', ['YEAROFWEEK']),
  partFunction('yearofweekiso', ['YEAROFWEEKISO']),
  nameOf(['DAYNAME'], 'DY'),
  nameOf(['MONTHNAME'], 'MON'),
  partFunction('hour', ['HOUR'], ['hour']),
  partFunction('minute', ['MINUTE'], ['minute']),
  partFunction('second', ['SECOND'], ['second']),
  {
    names: ['LAST_DAY'],
    kinds: ['last_day'],
    args: (p) => [p.this],
    sqlite: (c) => {
      const unit = c.name === 'last_day' ? c.payload.unit : c.args[1];
      const part = unit ? datePartArg(unit, 'LAST_DAY') : null;
      return engineFn('FLOE_LAST_DAY', [...argAndKind(c, 0), lit(part)]);
    },
    returns: () => types.date(),
    nullable: anyArgNullable,
  },
  {
    names: ['ADD_MONTHS'],
    kinds: ['add_months'],
    sqlite: (c) => {
      // (Text gives a DATE, as `returns` says, whichever way it is read.)
      const [value, k] = temporalArg(c, 0);
      return engineFn('FLOE_ADD_MONTHS', [value, c.args[1], lit(k), lit(kindAt(c, 0) === 'AUTO' ? 'DATE' : k)]);
    },
    returns: (_a, c) => (kindAt(c, 0) === 'AUTO' ? types.date() : typeOfKind(kindAt(c, 0))),
    nullable: anyArgNullable,
  },
  {
    names: ['MONTHS_BETWEEN'],
    kinds: ['months_between'],
    sqlite: (c) => engineFn('FLOE_MONTHS_BETWEEN', [...argAndKind(c, 0), ...argAndKind(c, 1)]),
    returns: () => types.float(),
    nullable: anyArgNullable,
  },
  {
    names: ['NEXT_DAY'],
    kinds: ['next_day'],
    sqlite: (c) => engineFn('FLOE_NEXT_DAY', [...argAndKind(c, 0), c.args[1]]),
    returns: () => types.date(),
    nullable: anyArgNullable,
  },
  {
    names: ['PREVIOUS_DAY'],
    kinds: ['previous_day'],
    sqlite: (c) => engineFn('FLOE_PREVIOUS_DAY', [...argAndKind(c, 0), c.args[1]]),
    returns: () => types.date(),
    nullable: anyArgNullable,
  },
  { names: ['DATE_FROM_PARTS', 'DATEFROMPARTS'], sqlite: engineCall('FLOE_DATE_FROM_PARTS'), returns: () => types.date(), nullable: anyArgNullable },
  { names: ['TIME_FROM_PARTS', 'TIMEFROMPARTS'], sqlite: engineCall('FLOE_TIME_FROM_PARTS'), returns: () => types.time(), nullable: anyArgNullable },
  fromParts(['TIMESTAMP_FROM_PARTS', 'TIMESTAMPFROMPARTS', 'TIMESTAMP_NTZ_FROM_PARTS', 'TIMESTAMPNTZFROMPARTS'], 'NTZ'),
  fromParts(['TIMESTAMP_LTZ_FROM_PARTS', 'TIMESTAMPLTZFROMPARTS'], 'LTZ'),
  fromParts(['TIMESTAMP_TZ_FROM_PARTS', 'TIMESTAMPTZFROMPARTS'], 'TZ'),
  {
    // (target, ts) → TIMESTAMP_TZ in the target zone; (source, target, ntz) → TIMESTAMP_NTZ.
    names: ['CONVERT_TIMEZONE'],
    sqlite: (c) => {
      arity(c, 2, 3);
      const last = c.args.length - 1;
      const [value, k] = temporalArg(c, last);
      return engineFn('FLOE_CONVERT_TIMEZONE', [...c.args.slice(0, last), value, lit(k)]);
    },
    returns: (a) => (a.length === 3 ? types.timestampNtz() : types.timestampTz()),
    nullable: anyArgNullable,
  },
];
