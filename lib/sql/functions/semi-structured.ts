/** Semi-structured data: VARIANT, OBJECT and ARRAY functions (engine side: worker/functions/semi-structured.ts). */
import { sqlErrors } from '../errors';
import { fn, lit } from '../compile/ast';
import type { Node } from '../parse';
import { types } from '../types';
import { anyArgNullable, type Call, type FunctionDef } from './types';
import { variantTags } from './variant-tags';

/** The engine function `name` with the arguments' variant tags first. */
const tagged = (name: string) => (c: Call): Node => fn(name, [lit(variantTags(c.types)), ...c.args]);

const boolean = () => types.boolean();

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
  { kinds: ['array_size'], args: (p) => [p.this], sqlite: (c) => fn('ARRAY_SIZE', c.args), returns: () => types.number(9, 0) },
  { kinds: ['array_contains'], args: thisThenExpression, sqlite: tagged('FLOE_ARRAY_CONTAINS'), returns: boolean },
  { kinds: ['array_position'], args: thisThenExpression, sqlite: tagged('FLOE_ARRAY_POSITION'), returns: () => types.number(9, 0) },
  { kinds: ['array_append'], args: thisThenExpression, sqlite: tagged('FLOE_ARRAY_APPEND'), returns: types.array },
  { kinds: ['array_prepend'], args: thisThenExpression, sqlite: tagged('FLOE_ARRAY_PREPEND'), returns: types.array },
  { names: ['ARRAY_INSERT'], sqlite: tagged('FLOE_ARRAY_INSERT'), returns: types.array },
  { names: ['ARRAY_CAT'], returns: types.array },
  { names: ['ARRAY_SLICE'], returns: types.array },
  { names: ['ARRAY_TO_STRING'], returns: () => types.varchar() },
  { kinds: ['array_distinct'], args: (p) => [p.this], sqlite: (c) => fn('ARRAY_DISTINCT', c.args), returns: types.array },
  { kinds: ['array_compact'], args: (p) => [p.this], sqlite: (c) => fn('ARRAY_COMPACT', c.args), returns: types.array },
  { kinds: ['array_except'], args: thisThenExpression, sqlite: (c) => fn('ARRAY_EXCEPT', c.args), returns: types.array },
  { names: ['ARRAY_FLATTEN'], returns: types.array },
  { names: ['ARRAY_SORT'], returns: types.array, signature: { args: ['ARRAY'], optional: ['BOOLEAN', 'BOOLEAN'], returns: 'ARRAY' } },
  { names: ['ARRAY_MIN', 'ARRAY_MAX'], returns: types.variant },
  { names: ['ARRAY_GENERATE_RANGE'], returns: types.array, signature: { args: ['NUMBER', 'NUMBER'], optional: ['NUMBER'], returns: 'ARRAY' } },
  { names: ['ARRAY_INTERSECTION'], returns: types.array },
  { names: ['ARRAYS_OVERLAP'], returns: boolean },
  { names: ['GET'], sqlite: (c) => fn('FLOE_GET', c.args), returns: types.variant },
  { names: ['GET_IGNORE_CASE'], sqlite: (c) => fn('FLOE_GET_IGNORE_CASE', c.args), returns: types.variant },
  { names: ['GET_PATH'], returns: types.variant },
  // v:a.b[0] (the parser hands the path as a string) and v['key'] / v[0].
  { kinds: ['j_s_o_n_extract'], sqlNames: [], args: thisThenExpression, sqlite: (c) => fn('GET_PATH', c.args), returns: types.variant },
  { kinds: ['subscript'], sqlNames: [], args: (p) => [p.this, p.index], sqlite: (c) => fn('FLOE_GET', c.args), returns: types.variant },
  { names: ['STRIP_NULL_VALUE'], returns: types.variant },
  ...['IS_ARRAY', 'IS_OBJECT', 'IS_NULL_VALUE', 'IS_BOOLEAN', 'IS_VARCHAR', 'IS_INTEGER', 'IS_DECIMAL', 'IS_DOUBLE']
    .map((n): FunctionDef => ({ names: [n], returns: boolean, nullable: anyArgNullable })),
  { kinds: ['typeof'], args: (p) => [p.this], sqlite: (c) => fn('FLOE_TYPEOF', c.args), returns: () => types.varchar(), nullable: anyArgNullable },
];
