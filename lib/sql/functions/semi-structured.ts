/** Semi-structured data: VARIANT, OBJECT and ARRAY functions (engine side: worker/functions/semi-structured.ts). */
import type { EngineFunctionName } from '@/lib/engine/functions/manifest';
import { sqlErrors } from '../errors';
import { engineFn, fn, lit } from '../tree/ast';
import { castTo, convertTo } from '../tree/convert';
import type { Node } from '../parse';
import { types, type SfType } from '../types';
import { arity, engineCall } from './arity';
import { digits } from './conversion';
import { anyArgNullable, type Call, type FunctionDef } from './types';
import { variantTag, variantTags } from '../tree/variant-tags';

/** The engine function `name` with the arguments' variant tags first. */
const tagged = (name: EngineFunctionName) => (c: Call): Node => engineFn(name, [lit(variantTags(c.types)), ...c.args]);

const boolean = () => types.boolean();

/** The engine's FLOE_IS / FLOE_AS over the one argument, told the type it tests for and the argument's variant tag. */
const held = (engine: 'FLOE_IS' | 'FLOE_AS', type: string, c: Call): Node => engineFn(engine, [lit(type), lit(variantTag(c.types[0]?.type)), c.args[0]]);

/** IS_<type>(v): whether the value holds that type (TYPEOF's name; a number is also a DOUBLE, an exact one a DECIMAL). */
const isType = (type: string, names: string[]): FunctionDef => ({
  names,
  sqlite: (c) => { arity(c, 1); return held('FLOE_IS', type, c); },
  returns: boolean,
  nullable: anyArgNullable,
});

/** AS_<type>(v): the value when it holds that type (as IS_<type> decides), else NULL: unlike a cast, nothing is converted. */
const asType = (type: string, names: string[], result: (c: Call) => SfType, maxArgs = 1): FunctionDef => ({
  names,
  sqlite: (c) => { arity(c, 1, maxArgs); return convertTo(held('FLOE_AS', type, c), result(c)); },
  returns: (_a, c) => result(c),
});

/** AS_DECIMAL(v [, precision [, scale]]): rounded to the scale, 100046 beyond the precision. */
const decimalOf = (c: Call): SfType => types.number(digits(c.args[1], 38, c.name), digits(c.args[2], 0, c.name));

/** Snowflake's own argument order for dedicated nodes whose `this` is not the first argument. */
const thisThenExpression = (p: Record<string, unknown>) => [p.this, p.expression];

export const semiStructuredFunctions: FunctionDef[] = [
  { names: ['PARSE_JSON'], returns: types.variant },
  { names: ['TRY_PARSE_JSON'], returns: types.variant },
  { names: ['CHECK_JSON'], returns: () => types.varchar() },
  { names: ['TO_VARIANT'], sqlite: tagged('FLOE_TO_VARIANT'), returns: types.variant, nullable: anyArgNullable },
  // TO_JSON's text is the stored form of the VARIANT: the same engine function, typed VARCHAR.
  { kinds: ['to_json'], args: (p) => [p.this], sqlite: tagged('FLOE_TO_VARIANT'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['TO_ARRAY'], sqlite: tagged('FLOE_TO_ARRAY'), returns: types.array, nullable: anyArgNullable },
  { names: ['TO_OBJECT'], returns: types.object, nullable: anyArgNullable },
  {
    names: ['OBJECT_CONSTRUCT'],
    sqlite: (c) => {
      if (c.args.length % 2 !== 0) throw sqlErrors.unsupported('OBJECT_CONSTRUCT with an odd number of arguments');
      return tagged('FLOE_OBJECT_CONSTRUCT')(c);
    },
    returns: types.object,
    nullable: () => false,
  },
  { names: ['OBJECT_CONSTRUCT_KEEP_NULL'], sqlite: tagged('FLOE_OBJECT_CONSTRUCT_KEEP_NULL'), returns: types.object, nullable: () => false },
  { names: ['OBJECT_INSERT'], sqlite: tagged('FLOE_OBJECT_INSERT'), returns: types.object },
  { names: ['OBJECT_DELETE'], returns: types.object },
  { names: ['OBJECT_PICK'], returns: types.object },
  { names: ['OBJECT_KEYS'], returns: types.array },
  { names: ['ARRAY_CONSTRUCT'], sqlite: tagged('FLOE_ARRAY_CONSTRUCT'), returns: types.array, nullable: () => false },
  // Array and object constants: [1, 'a'], {'k': v}.
  { kinds: ['array_func'], sqlNames: [], args: (p) => (p.expressions as unknown[]) ?? [], sqlite: tagged('FLOE_ARRAY_CONSTRUCT'), returns: types.array, nullable: () => false },
  {
    kinds: ['map_func'],
    sqlNames: [],
    args: (p) => ((p.keys as unknown[]) ?? []).flatMap((k, i) => [k, (p.values as unknown[])[i]]),
    sqlite: tagged('FLOE_OBJECT_CONSTRUCT'),
    returns: types.object,
    nullable: () => false,
  },
  { names: ['ARRAY_CONSTRUCT_COMPACT'], sqlite: tagged('FLOE_ARRAY_CONSTRUCT_COMPACT'), returns: types.array, nullable: () => false },
  { kinds: ['array_size'], args: (p) => [p.this], sqlite: (c) => engineFn('ARRAY_SIZE', c.args), returns: () => types.number(9, 0) },
  { kinds: ['array_contains'], args: thisThenExpression, sqlite: tagged('FLOE_ARRAY_CONTAINS'), returns: boolean },
  { kinds: ['array_position'], args: thisThenExpression, sqlite: tagged('FLOE_ARRAY_POSITION'), returns: () => types.number(9, 0) },
  { kinds: ['array_append'], args: thisThenExpression, sqlite: tagged('FLOE_ARRAY_APPEND'), returns: types.array },
  { kinds: ['array_prepend'], args: thisThenExpression, sqlite: tagged('FLOE_ARRAY_PREPEND'), returns: types.array },
  { names: ['ARRAY_INSERT'], sqlite: tagged('FLOE_ARRAY_INSERT'), returns: types.array },
  { names: ['ARRAY_REMOVE_AT'], sqlite: engineCall('ARRAY_REMOVE_AT'), returns: types.array, nullable: anyArgNullable },
  { names: ['ARRAYS_ZIP'], sqlite: engineCall('ARRAYS_ZIP'), returns: types.array, nullable: anyArgNullable },
  { names: ['ARRAY_CAT'], returns: types.array },
  { names: ['ARRAY_SLICE'], returns: types.array },
  { names: ['ARRAY_TO_STRING'], returns: () => types.varchar() },
  { kinds: ['array_distinct'], args: (p) => [p.this], sqlite: (c) => engineFn('ARRAY_DISTINCT', c.args), returns: types.array },
  { kinds: ['array_compact'], args: (p) => [p.this], sqlite: (c) => engineFn('ARRAY_COMPACT', c.args), returns: types.array },
  { kinds: ['array_reverse'], args: (p) => [p.this], sqlite: (c) => engineFn('ARRAY_REVERSE', c.args), returns: types.array },
  { kinds: ['array_except'], args: thisThenExpression, sqlite: (c) => engineFn('ARRAY_EXCEPT', c.args), returns: types.array },
  { names: ['ARRAY_FLATTEN'], returns: types.array },
  { names: ['ARRAY_SORT'], returns: types.array, signature: { args: ['ARRAY'], optional: ['BOOLEAN', 'BOOLEAN'], returns: 'ARRAY' } },
  { names: ['ARRAY_MIN', 'ARRAY_MAX'], returns: types.variant },
  { names: ['ARRAY_GENERATE_RANGE'], returns: types.array, signature: { args: ['NUMBER', 'NUMBER'], optional: ['NUMBER'], returns: 'ARRAY' } },
  { names: ['ARRAY_INTERSECTION'], returns: types.array },
  { names: ['ARRAYS_OVERLAP'], returns: boolean },
  { names: ['GET'], sqlite: engineCall('FLOE_GET'), returns: types.variant },
  { names: ['GET_IGNORE_CASE'], sqlite: engineCall('FLOE_GET_IGNORE_CASE'), returns: types.variant },
  { names: ['GET_PATH'], returns: types.variant },
  {
    // TO_VARCHAR(GET_PATH(PARSE_JSON(text), path)), as Snowflake defines it.
    names: ['JSON_EXTRACT_PATH_TEXT'],
    sqlite: (c) => { arity(c, 2); return castTo(engineFn('GET_PATH', [engineFn('PARSE_JSON', [c.args[0]]), c.args[1]]), types.variant(), types.varchar()); },
    returns: () => types.varchar(),
  },
  // v:a.b[0] (the parser hands the path as a string) and v['key'] / v[0].
  { kinds: ['j_s_o_n_extract'], sqlNames: [], args: thisThenExpression, sqlite: (c) => engineFn('GET_PATH', c.args), returns: types.variant },
  { kinds: ['subscript'], sqlNames: [], args: (p) => [p.this, p.index], sqlite: (c) => engineFn('FLOE_GET', c.args), returns: types.variant },
  { names: ['STRIP_NULL_VALUE'], returns: types.variant },
  isType('ARRAY', ['IS_ARRAY']),
  isType('OBJECT', ['IS_OBJECT']),
  isType('NULL_VALUE', ['IS_NULL_VALUE']),
  isType('BOOLEAN', ['IS_BOOLEAN']),
  isType('VARCHAR', ['IS_VARCHAR', 'IS_CHAR']),
  isType('INTEGER', ['IS_INTEGER']),
  isType('DECIMAL', ['IS_DECIMAL']),
  isType('DOUBLE', ['IS_DOUBLE', 'IS_REAL']),
  isType('BINARY', ['IS_BINARY']),
  isType('DATE', ['IS_DATE', 'IS_DATE_VALUE']),
  isType('TIME', ['IS_TIME']),
  isType('TIMESTAMP_NTZ', ['IS_TIMESTAMP_NTZ']),
  isType('TIMESTAMP_LTZ', ['IS_TIMESTAMP_LTZ']),
  isType('TIMESTAMP_TZ', ['IS_TIMESTAMP_TZ']),
  asType('ARRAY', ['AS_ARRAY'], types.array),
  asType('OBJECT', ['AS_OBJECT'], types.object),
  asType('BOOLEAN', ['AS_BOOLEAN'], () => types.boolean()),
  asType('VARCHAR', ['AS_VARCHAR', 'AS_CHAR'], () => types.varchar()),
  asType('INTEGER', ['AS_INTEGER'], () => types.number(38, 0)),
  asType('DECIMAL', ['AS_DECIMAL', 'AS_NUMBER'], decimalOf, 3),
  asType('DOUBLE', ['AS_DOUBLE', 'AS_REAL'], () => types.float()),
  asType('BINARY', ['AS_BINARY'], () => types.binary()),
  asType('DATE', ['AS_DATE'], () => types.date()),
  asType('TIME', ['AS_TIME'], () => types.time()),
  asType('TIMESTAMP_NTZ', ['AS_TIMESTAMP_NTZ'], () => types.timestampNtz()),
  asType('TIMESTAMP_LTZ', ['AS_TIMESTAMP_LTZ'], () => types.timestampLtz()),
  asType('TIMESTAMP_TZ', ['AS_TIMESTAMP_TZ'], () => types.timestampTz()),
  { kinds: ['typeof'], args: (p) => [p.this], sqlite: (c) => engineFn('FLOE_TYPEOF', c.args), returns: () => types.varchar(), nullable: anyArgNullable },
];
