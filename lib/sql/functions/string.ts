/**
 * String functions. Most run as engine functions (lib/engine/worker/functions/string.ts) because
 * SQLite's built-ins differ from Snowflake's (ASCII-only UPPER, 0-based SUBSTR quirks, no
 * LPAD/SPLIT_PART …); concatenation stays SQLite's `||`, which is NULL when any side is NULL.
 */
import type { EngineFunctionName } from '@/lib/engine/functions/manifest';
import { binary, caseWhen, castNode, engineFn, fn, isNull, lit, paren } from '../tree/ast';
import { balanced } from '../balanced-chains';
import { makeNode, type Node } from '../parse';
import { sqlErrors } from '../errors';
import { types, type SfType } from '../types';
import { arity, engineArity, engineCall } from './arity';
import { NULL, lengthOf, literalNumber, varcharOf } from './typing';
import { anyArgNullable, type Call, type FunctionDef, type Typed } from './types';

/** VARCHAR as long as argument i (functions that never lengthen their input). */
export const lengthOfArg = (i: number) => (a: Typed[]): SfType => varcharOf(lengthOf(a[i]?.type ?? null));

const number = () => types.number(38, 0);
const bool = () => types.boolean();

/**
 * A value as the text Snowflake concatenates: BOOLEAN as true/false and NUMBER with its scale
 * ('1.50'), which SQLite's own text of the stored 1 or 1.5 would not give.
 */
export function asText(node: Node, t: Typed): Node {
  if (t.type?.wire === 'boolean') return caseWhen([[isNull(node), NULL], [node, lit('true')]], lit('false'));
  if (t.type?.wire === 'fixed' && (t.type.scale ?? 0) > 0) return engineFn('FLOE_FIXED_TEXT', [node, lit(t.type.scale!)]);
  // An integer as text: PostgreSQL has no || of two numbers (SQLite's text of one is the same).
  if (t.type?.wire === 'fixed') return castNode(node, { data_type: 'text' });
  return node;
}

/**
 * (a) || (b) || …: each part parenthesised (SQLite's || binds tighter than any other operator:
 * CONCAT('x', 1 + 2, 'y') was 'x' || 1 + 2 || 'y', '2y'), in balanced halves (CONCAT of 1,000
 * arguments would nest as deep as SQLite refuses: balanced-chains.ts). Snowflake types it as the
 * sum of the lengths.
 */
const concatAll = (parts: Node[]): Node => balanced(parts.map((p) => paren(p)), (l, r) => binary('concat', l, r));
const textArgs = (c: Call): Node[] => c.args.map((a, i) => asText(a, c.types[i]));
const summedLength = (a: Typed[], extra = 0): SfType => varcharOf(a.reduce((n, x) => n + lengthOf(x.type), extra));

/** CONCAT_WS(sep, a, b, …): NULL when any argument is NULL, like CONCAT. */
function concatWs(c: Call): Node {
  arity(c, 2, Infinity);
  const [sep, ...parts] = textArgs(c);
  return concatAll(parts.flatMap((p, i) => (i === 0 ? [p] : [sep, p])));
}

const isBinary = (t: Typed | undefined): boolean => t?.type?.wire === 'binary';

/**
 * CONCAT and ||: of strings a string; of BINARY values their bytes joined (SQLite's || reads a blob
 * as text: cast back, the bytes are the same). A BINARY next to a string is refused.
 */
function concatSql(c: Call): Node {
  if (!c.types.some(isBinary)) return concatAll(textArgs(c));
  if (!c.types.every(isBinary)) throw sqlErrors.invalidArgumentTypes(c.name === 'concat' ? '||' : 'CONCAT', c.types.map((t) => t.type));
  return castNode(concatAll(c.args), { data_type: 'blob' });
}
const concatType = (a: Typed[]): SfType => (a.length > 0 && a.every(isBinary) ? types.binary(Math.min(a.reduce((n, x) => n + (x.type?.length ?? 0), 0), types.binary().length!)) : summedLength(a));

/**
 * A string function that also takes a BINARY (LEFT, RIGHT, SUBSTR, REVERSE): of text the engine
 * function, of a BINARY its bytes (`bytes`; the dialect's for LEFT, RIGHT and REVERSE).
 */
const binaryOr = (engine: EngineFunctionName, bytes: (args: Node[], c: Call) => Node) => (c: Call): Node => {
  engineArity(c, engine);
  return isBinary(c.types[0]) ? bytes(c.args, c) : engineFn(engine, c.args);
};
const dialectBytes = (op: 'LEFT' | 'RIGHT' | 'REVERSE') => (args: Node[], c: Call): Node => c.dialect.bytes(op, args);
/** BINARY in, the same BINARY type out (Snowflake's LEFT, RIGHT, SUBSTR, REVERSE); else `text`. */
const sameTypeOr = (text: (a: Typed[]) => SfType) => (a: Typed[]): SfType => (isBinary(a[0]) ? a[0].type! : text(a));

export const stringFunctions: FunctionDef[] = [
  {
    names: ['CONCAT'],
    sqlite: (c) => { arity(c, 1, Infinity); return concatSql(c); },
    returns: concatType,
    nullable: anyArgNullable,
  },
  { kinds: ['concat'], sqlNames: [], args: (p) => [p.left, p.right], sqlite: concatSql, returns: concatType, nullable: anyArgNullable },
  {
    names: ['CONCAT_WS'],
    sqlite: concatWs,
    returns: (a) => summedLength(a.slice(1), lengthOf(a[0].type) * Math.max(0, a.length - 2)),
    nullable: anyArgNullable,
  },
  { names: ['SPLIT'], sqlite: engineCall('FLOE_SPLIT'), returns: () => types.array(), nullable: anyArgNullable },
  { names: ['SPLIT_PART'], sqlite: engineCall('FLOE_SPLIT_PART'), returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ['STRTOK'], sqlite: engineCall('FLOE_STRTOK'), returns: lengthOfArg(0) },
  { names: ['STRTOK_TO_ARRAY'], sqlite: engineCall('FLOE_STRTOK_TO_ARRAY'), returns: () => types.array(), nullable: anyArgNullable },
  { names: ['INSERT'], sqlite: engineCall('FLOE_INSERT'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['CONTAINS'], kinds: ['contains'], sqlite: engineCall('FLOE_CONTAINS'), returns: bool, nullable: anyArgNullable },
  { names: ['STARTSWITH'], kinds: ['starts_with'], sqlite: engineCall('FLOE_STARTSWITH'), returns: bool, nullable: anyArgNullable },
  { names: ['ENDSWITH'], kinds: ['ends_with'], sqlite: engineCall('FLOE_ENDSWITH'), returns: bool, nullable: anyArgNullable },
  {
    names: ['LPAD', 'RPAD'],
    sqlite: (c) => { arity(c, 2, 3); return engineFn(c.name === 'LPAD' ? 'FLOE_LPAD' : 'FLOE_RPAD', c.args); },
    returns: (_a, c) => { const n = literalNumber(c.args[1]); return n !== null && n >= 0 ? varcharOf(n) : types.varchar(); },
    nullable: anyArgNullable,
  },
  { names: ['INITCAP'], kinds: ['initcap'], sqlite: engineCall('FLOE_INITCAP'), returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ['UPPER'], kinds: ['upper'], sqlite: engineCall('FLOE_UPPER'), returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ['LOWER'], kinds: ['lower'], sqlite: engineCall('FLOE_LOWER'), returns: lengthOfArg(0), nullable: anyArgNullable },
  // SQLite's TRIM family removes any of the given characters from the ends, as Snowflake does.
  { kinds: ['trim'], args: (p) => [p.this, ...(p.characters ? [p.characters] : [])], returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ['TRIM', 'LTRIM', 'RTRIM'], sqlite: (c) => { arity(c, 1, 2); return fn(c.name, c.args); }, returns: lengthOfArg(0), nullable: anyArgNullable },
  { names: ['LEFT'], sqlite: binaryOr('FLOE_LEFT', dialectBytes('LEFT')), returns: sameTypeOr(lengthOfArg(0)), nullable: anyArgNullable },
  { names: ['RIGHT'], sqlite: binaryOr('FLOE_RIGHT', dialectBytes('RIGHT')), returns: sameTypeOr(lengthOfArg(0)), nullable: anyArgNullable },
  {
    names: ['SUBSTR', 'SUBSTRING'],
    kinds: ['substring'],
    args: (p) => [p.this, p.start, ...(p.length ? [p.length] : [])],
    // Of a BINARY its bytes: SQLite's own SUBSTR counts a blob's bytes as Snowflake does.
    sqlite: binaryOr('FLOE_SUBSTR', (args) => fn('SUBSTR', args)),
    returns: sameTypeOr(lengthOfArg(0)),
    nullable: anyArgNullable,
  },
  // CHARINDEX(needle, haystack [, from]) and POSITION(needle IN haystack) / POSITION(needle, haystack [, from]).
  { names: ['CHARINDEX'], sqlite: engineCall('FLOE_POSITION'), returns: number, nullable: anyArgNullable },
  {
    kinds: ['str_position'],
    sqlNames: ['POSITION'],
    args: (p) => [p.substr, p.this, ...(p.position ? [p.position] : [])],
    sqlite: engineCall('FLOE_POSITION'),
    returns: number,
    nullable: anyArgNullable,
  },
  { names: ['REPEAT'], sqlite: engineCall('FLOE_REPEAT'), returns: () => types.varchar(), nullable: anyArgNullable },
  // SPACE(n) is REPEAT(' ', n): '' for n <= 0.
  { names: ['SPACE'], sqlite: (c) => { arity(c, 1); return engineFn('FLOE_REPEAT', [lit(' '), c.args[0]]); }, returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['SOUNDEX'], sqlite: engineCall('FLOE_SOUNDEX'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['SOUNDEX_P123'], sqlite: engineCall('FLOE_SOUNDEX_P123'), returns: () => types.varchar(), nullable: anyArgNullable },
  { names: ['REVERSE'], sqlite: binaryOr('FLOE_REVERSE', dialectBytes('REVERSE')), returns: sameTypeOr(lengthOfArg(0)), nullable: anyArgNullable },
  {
    // SQLite's REPLACE matches Snowflake's (an empty search string changes nothing) once the
    // optional replacement defaults to ''.
    names: ['REPLACE'],
    sqlite: (c) => { arity(c, 2, 3); return fn('REPLACE', c.args.length === 2 ? [...c.args, lit('')] : c.args); },
    returns: () => types.varchar(),
    nullable: anyArgNullable,
  },
  { names: ['TRANSLATE'], sqlite: engineCall('FLOE_TRANSLATE'), returns: lengthOfArg(0), nullable: anyArgNullable },
  // SQLite's LENGTH counts characters of text and bytes of binary, as Snowflake's does.
  // SQLite's UNICODE is NULL for '' where Snowflake's is 0; its OCTET_LENGTH counts UTF-8 bytes as Snowflake's does.
  { names: ['UNICODE'], sqlite: (c) => { arity(c, 1); return fn('IIF', [binary('eq', c.args[0], lit('')), lit(0), fn('UNICODE', c.args)]); }, returns: number, nullable: anyArgNullable },
  { names: ['OCTET_LENGTH'], sqlite: (c) => { arity(c, 1); return fn('OCTET_LENGTH', c.args); }, returns: number, nullable: anyArgNullable },
  { names: ['LENGTH', 'LEN'], kinds: ['length'], sqlite: (c) => { arity(c, 1); return fn('LENGTH', c.args); }, returns: number, nullable: anyArgNullable },
  { names: ['ASCII'], sqlite: engineCall('FLOE_ASCII'), returns: number, nullable: anyArgNullable },
  { names: ['CHR', 'CHAR'], sqlite: engineCall('FLOE_CHR'), returns: () => varcharOf(1), nullable: anyArgNullable },
  { names: ['EDITDISTANCE'], sqlite: engineCall('FLOE_EDITDISTANCE'), returns: number, nullable: anyArgNullable },
];
