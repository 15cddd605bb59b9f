/**
 * Pattern matching: LIKE/ILIKE (also with ANY/ALL), RLIKE/REGEXP_LIKE and the REGEXP_ functions.
 * SQLite's LIKE ignores case, Snowflake's does not, so every form runs as an engine function
 * (lib/engine/worker/functions/regexp.ts).
 */
import { binary, engineFn, fn, lit } from '../tree/ast';
import { asKind, type Node } from '../parse';
import { types } from '../types';
import { arity, engineCall } from './arity';
import { lengthOfArg } from './string';
import { anyArgNullable, payloadAs, type Call, type FunctionDef } from './types';
import { NULL } from './typing';

/** The patterns of `x LIKE p`, `x LIKE ANY (p1, p2)` and `x LIKE ALL (p1)`. */
function patternsOf(right: unknown): unknown[] {
  const tuple = asKind(right, 'tuple');
  if (tuple) return tuple.expressions;
  const paren = asKind(right, 'paren');
  if (paren) return [paren.this];
  return [right];
}

/** One FLOE_LIKE per pattern, joined by OR (ANY) or AND (ALL): SQL's three-valued logic holds. */
const like = (caseInsensitive: boolean) => (c: Call): Node => {
  const [subject, ...patterns] = c.args;
  const v = payloadAs(c, caseInsensitive ? 'i_like' : 'like');
  const escape = v.escape ?? NULL;
  const tests = patterns.map((p) => engineFn('FLOE_LIKE', [subject, p, escape, lit(caseInsensitive ? 1 : 0)]));
  const join = v.quantifier === 'ALL' ? 'and' : 'or';
  return tests.slice(1).reduce<Node>((acc, t) => binary(join, acc, t), tests[0]);
};

const likeDef = (kind: string, caseInsensitive: boolean): FunctionDef => ({
  kinds: [kind],
  sqlNames: [], // the LIKE / ILIKE operators
  args: (p) => [p.left, ...patternsOf(p.right)],
  sqlite: like(caseInsensitive),
  returns: () => types.boolean(),
  nullable: anyArgNullable,
});

/** The function forms LIKE(subject, pattern [, escape]) and ILIKE(…). */
const likeCallDef = (name: string, caseInsensitive: boolean): FunctionDef => ({
  names: [name],
  sqlite: (c) => {
    arity(c, 2, 3);
    return engineFn('FLOE_LIKE', [c.args[0], c.args[1], c.args[2] ?? NULL, lit(caseInsensitive ? 1 : 0)]);
  },
  returns: () => types.boolean(),
  nullable: anyArgNullable,
});

const number = () => types.number(38, 0);

export const regexpFunctions: FunctionDef[] = [
  likeDef('like', false),
  likeDef('i_like', true),
  likeCallDef('LIKE', false),
  likeCallDef('ILIKE', true),
  {
    // `x RLIKE p` / `x REGEXP p` arrive as regexp_like nodes; the function forms as plain calls.
    names: ['RLIKE', 'REGEXP_LIKE'],
    kinds: ['regexp_like'],
    args: (p) => [p.this, p.pattern, ...(p.flags ? [p.flags] : [])],
    sqlite: engineCall('FLOE_RLIKE'),
    returns: () => types.boolean(),
    nullable: anyArgNullable,
  },
  { names: ['REGEXP_SUBSTR'], sqlite: engineCall('FLOE_REGEXP_SUBSTR'), returns: lengthOfArg(0) },
  { names: ['REGEXP_SUBSTR_ALL', 'REGEXP_EXTRACT_ALL'], sqlite: engineCall('FLOE_REGEXP_SUBSTR_ALL'), returns: () => types.array(), nullable: anyArgNullable },
  { names: ['REGEXP_REPLACE'], sqlite: engineCall('FLOE_REGEXP_REPLACE'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['REGEXP_COUNT'], sqlite: engineCall('FLOE_REGEXP_COUNT'), returns: number, nullable: anyArgNullable },
  { names: ['REGEXP_INSTR'], sqlite: engineCall('FLOE_REGEXP_INSTR'), returns: number, nullable: anyArgNullable },
];
