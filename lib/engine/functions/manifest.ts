/**
 * Every function the engine adds to its SQL, declared once: the compiler builds calls only through
 * these names (lib/sql/tree/ast.ts engineFn), and each engine implements exactly these (sql.js:
 * lib/engine/worker/functions, checked by TypeScript and by tests/unit/engine/function-manifest.test.ts).
 * Engine-neutral on purpose: it is the list a second engine implements.
 *
 * Names: FLOE_* are Floe's own helpers, reached only from compiled SQL (a user's call of one is
 * refused, lib/sql/functions/engine-only.ts). Any other name is the Snowflake function of that
 * name and signature, which a user's call reaches as written.
 *
 * Table functions return their rows as a JSON array of rows (the compiled SQL reads it with the
 * engine's JSON table source); the FLOE_AGG_* "finals" are scalars over a JSON array of a group's
 * or a window frame's values (lib/engine/worker/functions/aggregate.ts says why).
 */

export type EngineFunctionKind = 'scalar' | 'aggregate' | 'table';

export interface EngineFunction {
  kind: EngineFunctionKind;
  /**
   * Fewest arguments the compiler passes. Also the count a call that reaches the function with its
   * arguments as written is checked against while compiling (a user's SQRT(…), ARRAY_SLICE(…):
   * lib/sql/functions/arity.ts engineArity), so the engine never sees a wrong count.
   */
  minArgs: number;
  /** Most arguments the compiler passes; null: any number. */
  maxArgs: number | null;
  /**
   * The same arguments always give the same result. False when the result reads the clock, a
   * random source, state kept across calls of a statement, or the session (time zone, week
   * start): such a call cannot be precomputed, cached or indexed.
   */
  deterministic: boolean;
  /**
   * Each call answers anew within one statement (a generator, a row counter, a sequence, a wait):
   * a query that names such a call's value twice must have it computed once (see
   * lib/sql/dialect/sqlite-once.ts). Absent: calls of the same arguments in one statement agree.
   */
  perCall?: true;
  /** What it computes, in one line. */
  purpose: string;
}

type Arity = number | [min: number, max: number | null];

const spec = <K extends EngineFunctionKind>(kind: K, deterministic: boolean) => (arity: Arity, purpose: string): EngineFunction & { kind: K } => {
  const [minArgs, maxArgs] = typeof arity === 'number' ? [arity, arity] : arity;
  return { kind, minArgs, maxArgs, deterministic, purpose };
};

const scalar = spec('scalar', true);
/** A scalar that reads the clock, randomness, statement state or the session. */
const volatile = spec('scalar', false);
/** A volatile scalar whose every call answers anew (EngineFunction.perCall). */
const perCall = (arity: Arity, purpose: string) => ({ ...volatile(arity, purpose), perCall: true as const });
const aggregate = spec('aggregate', true);
const table = spec('table', false);
/** Any number of arguments from `min`. */
const from = (min: number): Arity => [min, null];

export const ENGINE_FUNCTIONS = {
  // System
  SYSTEM$WAIT: perCall([1, 2], 'SYSTEM$WAIT(n [, unit]): sleeps (cancellably) and answers the wait text'),

  // Sequences: values handed out per statement, saved at its end
  FLOE_NEXTVAL: perCall(3, 'next value of a sequence in this statement (id, stored next value, increment)'),
  FLOE_SEQ_SAVE: volatile(2, 'the next value a sequence keeps after this statement (id, stored next value)'),

  // Table functions and row numbering (state per call site and statement)
  FLOE_FLATTEN: table(7, 'FLATTEN rows (site, tag, input, path, outer, recursive, mode): SEQ, KEY, PATH, INDEX, VALUE, THIS'),
  FLOE_SPLIT_TO_TABLE: table(3, 'SPLIT_TO_TABLE rows (site, string, delimiter): SEQ, INDEX, VALUE'),
  FLOE_STRTOK_SPLIT_TO_TABLE: table(3, 'STRTOK_SPLIT_TO_TABLE rows (site, string, delimiters): SEQ, INDEX, VALUE'),
  FLOE_SEQ: perCall(1, 'SEQ1/2/4/8: the next row number of a call site, from 0'),
  FLOE_SAMPLE_DRAW: perCall(3, 'SAMPLE: a fraction in [0, 1) per row (site, seed or NULL, a column of the row)'),

  // Conversion
  FLOE_TO_DATE: volatile(1, 'a value as a DATE (text in the session time zone)'),
  FLOE_TO_TIME: scalar(1, 'a value as a TIME'),
  FLOE_TO_TIMESTAMP_NTZ: scalar(1, 'a value as a TIMESTAMP_NTZ'),
  FLOE_TO_TIMESTAMP_LTZ: volatile(1, 'a value as a TIMESTAMP_LTZ (in the session time zone)'),
  FLOE_TO_TIMESTAMP_TZ: volatile(1, 'a value as a TIMESTAMP_TZ (in the session time zone)'),
  FLOE_TO_BOOLEAN: scalar(1, 'a value as a BOOLEAN (Snowflake\'s words and numbers)'),
  FLOE_TO_NUMBER: scalar(3, 'a value as NUMBER(precision, scale), checked against the precision'),
  FLOE_TO_BINARY: scalar(2, 'text as BINARY in a format (HEX, BASE64, UTF-8)'),
  FLOE_TO_VARCHAR: scalar(1, 'a stored value as VARCHAR (binary as hex)'),
  FLOE_CONVERT: volatile(5, 'a cast that depends on the source: (value, source kind, target, format, try)'),
  FLOE_EPOCH_TO: volatile(4, 'TO_DATE/TO_TIMESTAMP*(n, scale): n units of 10^-scale seconds (value, scale, target, try)'),
  FLOE_STORE_VARCHAR: scalar(2, 'a write into VARCHAR(n): text longer than n characters is refused'),
  FLOE_FIXED_TEXT: scalar(2, 'a NUMBER as text with its scale\'s decimals (1.50 as \'1.50\')'),

  // Date and time (parts and kinds as text arguments; the session's time zone and week settings)
  FLOE_TZ_GREATEST: scalar(from(1), 'GREATEST of TIMESTAMP_TZ values by instant'),
  FLOE_TZ_LEAST: scalar(from(1), 'LEAST of TIMESTAMP_TZ values by instant'),
  FLOE_TZ_INSTANT: scalar(1, 'a TIMESTAMP_TZ as its UTC instant in sortable text'),
  FLOE_NOW_LTZ: volatile(0, 'CURRENT_TIMESTAMP: the statement\'s pinned instant'),
  FLOE_SYSDATE: volatile(0, 'SYSDATE: the statement\'s pinned instant as UTC wall clock'),
  FLOE_CURRENT_DATE: volatile(0, 'CURRENT_DATE in the session time zone'),
  FLOE_CURRENT_TIME: volatile(0, 'CURRENT_TIME in the session time zone'),
  FLOE_DATEADD: volatile(5, 'DATEADD (part, n, value, kind in, kind out)'),
  FLOE_DATEDIFF: volatile(5, 'DATEDIFF (part, a, kind of a, b, kind of b)'),
  FLOE_DATE_TRUNC: volatile(3, 'DATE_TRUNC (part, value, kind)'),
  FLOE_TIME_SLICE: volatile(5, 'TIME_SLICE (value, length, part, kind, end?)'),
  FLOE_DATE_PART: volatile(3, 'DATE_PART / EXTRACT / YEAR() … (part, value, kind)'),
  FLOE_LAST_DAY: volatile(3, 'LAST_DAY (value, kind, part)'),
  FLOE_ADD_MONTHS: volatile(4, 'ADD_MONTHS (value, n, kind in, kind out)'),
  FLOE_MONTHS_BETWEEN: volatile(4, 'MONTHS_BETWEEN (a, kind of a, b, kind of b)'),
  FLOE_NEXT_DAY: volatile(3, 'NEXT_DAY (value, kind, day name)'),
  FLOE_PREVIOUS_DAY: volatile(3, 'PREVIOUS_DAY (value, kind, day name)'),
  FLOE_DATE_FROM_PARTS: scalar(3, 'DATE_FROM_PARTS (year, month, day), out-of-range parts carried'),
  FLOE_TIME_FROM_PARTS: scalar([3, 4], 'TIME_FROM_PARTS (hour, minute, second [, nanosecond])'),
  FLOE_TIMESTAMP_FROM_PARTS: volatile([3, 9], 'TIMESTAMP_*_FROM_PARTS (kind, parts… [, zone]) or (kind, date, time)'),
  FLOE_CONVERT_TIMEZONE: volatile([3, 4], 'CONVERT_TIMEZONE ([source,] target, value, kind)'),

  // Numbers: randomness
  FLOE_RANDOM: perCall(0, 'RANDOM(): the next value of the statement\'s seeded generator'),
  FLOE_RANDOM_SEEDED: perCall(1, 'RANDOM(seed): the next value of a sequence that restarts from the seed in each statement'),
  FLOE_UNIFORM_INT: scalar(3, 'UNIFORM over integers (min, max, generator value)'),
  FLOE_UNIFORM_FLOAT: scalar(3, 'UNIFORM over FLOAT (min, max, generator value)'),
  FLOE_NORMAL: scalar(3, 'NORMAL (mean, stddev, generator value)'),
  RANDSTR: scalar(2, 'RANDSTR (length, generator value)'),

  // Numbers: exact fixed point (values as numbers or as text beyond a double)
  FLOE_DEC_ADD: scalar(3, 'exact a + b at a result scale'),
  FLOE_DEC_SUB: scalar(3, 'exact a - b at a result scale'),
  FLOE_DEC_MUL: scalar(5, 'exact a * b (a, b, scale of a, scale of b, result scale)'),
  FLOE_DEC_DIV: scalar(3, 'exact a / b rounded to a result scale'),
  FLOE_DEC_MOD: scalar(3, 'exact a % b at a result scale'),
  FLOE_NUMERIC: scalar(1, 'numeric text as a number, as arithmetic reads it'),
  FLOE_DEC_NEG: scalar(1, 'exact -a'),
  FLOE_DEC_ABS: scalar(1, 'exact ABS'),
  FLOE_DEC_CMP: scalar(2, 'exact comparison of two numbers: -1, 0 or 1'),
  FLOE_DEC_KEY: scalar(1, 'ORDER BY key of a text-stored number: its nearest double'),
  FLOE_DEC_RESIDUE: scalar(1, 'ORDER BY tie-breaker of a text-stored number: what its double misses'),
  FLOE_DEC_SUM_PARTS: scalar(3, 'an integer SUM from the sums of the high and low 32 bits and of the text rows'),
  FLOE_DEC_AVG: scalar(3, 'AVG from an exact sum and a count (sum, count, result scale)'),
  FLOE_DEC_SUM_WINDOW: scalar(4, 'a window frame\'s exact SUM from its parts (high, low, other values as JSON, scale)'),
  FLOE_DEC_EXTREME_WINDOW: scalar(3, 'a window frame\'s exact MIN/MAX (native extreme, text values as JSON, sign)'),
  FLOE_DEC_GREATEST: scalar(from(1), 'exact GREATEST of NUMBER values'),
  FLOE_DEC_LEAST: scalar(from(1), 'exact LEAST of NUMBER values'),
  FLOE_SUM_DEC: aggregate(2, 'exact SUM of NUMBER values with a scale (value, scale)'),
  FLOE_SUM_TEXT_EXCESS: aggregate(1, 'what text-stored integers of a SUM exceed the nearest int64, as text'),
  FLOE_AVG_DEC: aggregate(3, 'exact AVG of NUMBER values with a scale (value, scale, result scale)'),
  FLOE_MIN_DEC: aggregate(1, 'exact MIN of text-stored NUMBER values'),
  FLOE_MAX_DEC: aggregate(1, 'exact MAX of text-stored NUMBER values'),

  // Numbers: arithmetic and rounding
  FLOE_DIV: scalar(2, 'division of FLOAT or NUMBER, with Snowflake\'s division-by-zero error'),
  FLOE_FMOD: scalar(2, 'MOD of FLOAT values'),
  FLOE_ROUND: scalar(2, 'ROUND of a NUMBER, half away from zero (value, scale)'),
  FLOE_ROUND_EVEN: scalar(2, 'ROUND of a NUMBER, half to even (value, scale)'),
  FLOE_TRUNC: scalar(2, 'TRUNC of a NUMBER (value, scale)'),
  FLOE_FLOOR: scalar(2, 'FLOOR of a NUMBER (value, scale)'),
  FLOE_CEIL: scalar(2, 'CEIL of a NUMBER (value, scale)'),
  FLOE_ROUND_FLOAT: scalar(2, 'ROUND of a FLOAT, half away from zero (value, scale)'),
  FLOE_ROUND_EVEN_FLOAT: scalar(2, 'ROUND of a FLOAT, half to even (value, scale)'),
  FLOE_TRUNC_FLOAT: scalar(2, 'TRUNC of a FLOAT (value, scale)'),
  FLOE_FLOOR_FLOAT: scalar(2, 'FLOOR of a FLOAT (value, scale)'),
  FLOE_CEIL_FLOAT: scalar(2, 'CEIL of a FLOAT (value, scale)'),
  FLOE_SIGN: scalar(1, 'SIGN of a number, exact for text-stored ones'),
  FLOE_LOG: scalar(2, 'LOG(base, x)'),
  FLOE_SQUARE: scalar(1, 'SQUARE'),

  // Numbers: Snowflake's FLOAT functions (the engine's own math functions differ at the edges)
  SQRT: scalar(1, 'square root'),
  EXP: scalar(1, 'e to the power'),
  LN: scalar(1, 'natural logarithm, an error for x <= 0'),
  CBRT: scalar(1, 'cube root'),
  DEGREES: scalar(1, 'radians to degrees'),
  RADIANS: scalar(1, 'degrees to radians'),
  SIN: scalar(1, 'sine'),
  COS: scalar(1, 'cosine'),
  TAN: scalar(1, 'tangent'),
  ASIN: scalar(1, 'arc sine'),
  ACOS: scalar(1, 'arc cosine'),
  ATAN: scalar(1, 'arc tangent'),
  SINH: scalar(1, 'hyperbolic sine'),
  COSH: scalar(1, 'hyperbolic cosine'),
  TANH: scalar(1, 'hyperbolic tangent'),
  COT: scalar(1, 'cotangent'),
  PI: scalar(0, 'the number pi'),
  ATAN2: scalar(2, 'arc tangent of y / x'),
  POWER: scalar(2, 'x to the power y'),
  HAVERSINE: scalar(4, 'great-circle distance in km of two (latitude, longitude) points'),
  WIDTH_BUCKET: scalar(4, 'the bucket of a value in an equal-width histogram'),
  FACTORIAL: scalar(1, 'n! for 0 <= n <= 33'),

  // Numbers: 64-bit integers
  BITAND: scalar(2, 'bitwise AND'),
  BITOR: scalar(2, 'bitwise OR'),
  BITXOR: scalar(2, 'bitwise XOR'),
  BITSHIFTLEFT: scalar(2, 'shift left within 64 bits'),
  BITSHIFTRIGHT: scalar(2, 'arithmetic shift right'),
  BITNOT: scalar(1, 'bitwise NOT'),
  HASH: scalar(from(1), 'HASH: a signed 64-bit hash of the arguments'),

  // Semi-structured data (VARIANT as JSON text; a tag argument says how to read a plain value)
  PARSE_JSON: scalar([1, 2], 'PARSE_JSON (text [, \'d\' to allow duplicate keys])'),
  TRY_PARSE_JSON: scalar(1, 'TRY_PARSE_JSON: NULL for invalid JSON'),
  FLOE_TO_VARIANT: scalar(2, 'a value as a VARIANT (tag, value)'),
  FLOE_TO_ARRAY: scalar(2, 'TO_ARRAY (tag, value)'),
  TO_OBJECT: scalar(1, 'a VARIANT holding an object as an OBJECT'),
  FLOE_FROM_VARIANT: scalar(2, 'a VARIANT as a plain value (value, for text: 1 keeps booleans as words)'),
  FLOE_OBJECT_CONSTRUCT: scalar(from(1), 'OBJECT_CONSTRUCT (tags, key, value, …) without NULL values'),
  FLOE_OBJECT_CONSTRUCT_KEEP_NULL: scalar(from(1), 'OBJECT_CONSTRUCT_KEEP_NULL (tags, key, value, …)'),
  FLOE_OBJECT_INSERT: scalar([4, 5], 'OBJECT_INSERT (tags, object, key, value [, update])'),
  OBJECT_DELETE: scalar(from(1), 'OBJECT_DELETE (object, key, …)'),
  OBJECT_PICK: scalar(from(1), 'OBJECT_PICK (object, key, …)'),
  OBJECT_KEYS: scalar(1, 'OBJECT_KEYS: an object\'s keys as an array'),
  FLOE_ARRAY_CONSTRUCT: scalar(from(1), 'ARRAY_CONSTRUCT (tags, value, …)'),
  FLOE_ARRAY_CONSTRUCT_COMPACT: scalar(from(1), 'ARRAY_CONSTRUCT_COMPACT (tags, value, …) without NULLs'),
  ARRAY_SIZE: scalar(1, 'ARRAY_SIZE'),
  FLOE_ARRAY_CONTAINS: scalar(3, 'ARRAY_CONTAINS (tags, value, array)'),
  FLOE_ARRAY_POSITION: scalar(3, 'ARRAY_POSITION (tags, value, array)'),
  FLOE_ARRAY_APPEND: scalar(3, 'ARRAY_APPEND (tags, array, value)'),
  FLOE_ARRAY_PREPEND: scalar(3, 'ARRAY_PREPEND (tags, array, value)'),
  FLOE_ARRAY_INSERT: scalar(4, 'ARRAY_INSERT (tags, array, position, value)'),
  ARRAY_REMOVE_AT: scalar(2, 'ARRAY_REMOVE_AT (array, position)'),
  ARRAYS_ZIP: scalar(from(1), 'ARRAYS_ZIP: an array of objects $1, $2 … by position'),
  ARRAY_CAT: scalar(2, 'ARRAY_CAT: two arrays joined'),
  ARRAY_SLICE: scalar(3, 'ARRAY_SLICE (array, from, to)'),
  ARRAY_TO_STRING: scalar(2, 'ARRAY_TO_STRING (array, separator)'),
  ARRAY_DISTINCT: scalar(1, 'ARRAY_DISTINCT'),
  ARRAY_COMPACT: scalar(1, 'ARRAY_COMPACT: without NULL and missing elements'),
  ARRAY_REVERSE: scalar(1, 'ARRAY_REVERSE'),
  ARRAY_SORT: scalar([1, 3], 'ARRAY_SORT (array [, ascending [, nulls first]])'),
  ARRAY_MIN: scalar(1, 'ARRAY_MIN: the least element'),
  ARRAY_MAX: scalar(1, 'ARRAY_MAX: the greatest element'),
  ARRAY_GENERATE_RANGE: scalar([2, 3], 'ARRAY_GENERATE_RANGE (start, stop [, step])'),
  ARRAY_FLATTEN: scalar(1, 'ARRAY_FLATTEN: an array of arrays as one array'),
  ARRAYS_OVERLAP: scalar(2, 'ARRAYS_OVERLAP'),
  ARRAY_INTERSECTION: scalar(2, 'ARRAY_INTERSECTION (as multisets)'),
  ARRAY_EXCEPT: scalar(2, 'ARRAY_EXCEPT (as multisets)'),
  FLOE_GET: scalar(2, 'GET / v[k] / v:k: an element by index or key'),
  FLOE_GET_IGNORE_CASE: scalar(2, 'GET_IGNORE_CASE: an element by key in any case'),
  GET_PATH: scalar(2, 'GET_PATH / v:a.b[0]: an element by path'),
  FLOE_IS: scalar(3, 'IS_<type> (type, tag, value)'),
  FLOE_AS: scalar(3, 'AS_<type> (type, tag, value)'),
  FLOE_TYPEOF: scalar(1, 'TYPEOF of a VARIANT'),
  STRIP_NULL_VALUE: scalar(1, 'STRIP_NULL_VALUE: a JSON null as SQL NULL'),
  CHECK_JSON: scalar(1, 'CHECK_JSON: NULL for valid JSON, else the error'),

  // Aggregate finals over a JSON array of the values (group or window frame)
  FLOE_AGG_MEDIAN: scalar(1, 'MEDIAN'),
  FLOE_AGG_PERCENTILE_CONT: scalar(3, 'PERCENTILE_CONT (values, fraction, 1 for a descending WITHIN GROUP order)'),
  FLOE_AGG_PERCENTILE_DISC: scalar(2, 'PERCENTILE_DISC (values, fraction)'),
  FLOE_AGG_APPROX_PERCENTILE: scalar(2, 'APPROX_PERCENTILE (values, fraction), computed exactly'),
  FLOE_AGG_MODE: scalar(1, 'MODE: the most frequent value'),
  FLOE_AGG_VAR_SAMP: scalar(1, 'VAR_SAMP'),
  FLOE_AGG_VAR_POP: scalar(1, 'VAR_POP'),
  FLOE_AGG_STDDEV_SAMP: scalar(1, 'STDDEV_SAMP'),
  FLOE_AGG_STDDEV_POP: scalar(1, 'STDDEV_POP'),
  FLOE_AGG_KURTOSIS: scalar(1, 'KURTOSIS'),
  FLOE_AGG_SKEW: scalar(1, 'SKEW'),
  FLOE_AGG_COVAR_SAMP: scalar(1, 'COVAR_SAMP over (y, x) pairs'),
  FLOE_AGG_COVAR_POP: scalar(1, 'COVAR_POP over (y, x) pairs'),
  FLOE_AGG_CORR: scalar(1, 'CORR over (y, x) pairs'),
  FLOE_AGG_REGR_AVGX: scalar(1, 'REGR_AVGX over (y, x) pairs'),
  FLOE_AGG_REGR_AVGY: scalar(1, 'REGR_AVGY over (y, x) pairs'),
  FLOE_AGG_REGR_SLOPE: scalar(1, 'REGR_SLOPE over (y, x) pairs'),
  FLOE_AGG_REGR_INTERCEPT: scalar(1, 'REGR_INTERCEPT over (y, x) pairs'),
  FLOE_AGG_REGR_R2: scalar(1, 'REGR_R2 over (y, x) pairs'),
  FLOE_AGG_REGR_SXX: scalar(1, 'REGR_SXX over (y, x) pairs'),
  FLOE_AGG_REGR_SYY: scalar(1, 'REGR_SYY over (y, x) pairs'),
  FLOE_AGG_REGR_SXY: scalar(1, 'REGR_SXY over (y, x) pairs'),
  FLOE_AGG_BOOLXOR: scalar(1, 'BOOLXOR_AGG: exactly one true value'),
  FLOE_AGG_LISTAGG: scalar(2, 'LISTAGG (values, separator)'),
  FLOE_AGG_ARRAY: scalar(2, 'ARRAY_AGG (values, tag)'),
  FLOE_AGG_OBJECT: scalar(2, 'OBJECT_AGG over (key, value) pairs (pairs, tag)'),
  FLOE_AGG_EXTREME_BY: scalar(4, 'MAX_BY / MIN_BY over (key, value) pairs (pairs, order, n or NULL, tag)'),
  FLOE_AGG_NTH_NONNULL: scalar(3, 'LAG/LEAD/FIRST_VALUE/LAST_VALUE … IGNORE NULLS (values, n, from end)'),
  FLOE_JSON_DISTINCT: scalar(2, 'DISTINCT over a window frame: its values once each (values, drop NULLs)'),
  FLOE_AGG_BITAND: scalar(1, 'BITAND_AGG'),
  FLOE_AGG_BITOR: scalar(1, 'BITOR_AGG'),
  FLOE_AGG_BITXOR: scalar(1, 'BITXOR_AGG'),
  FLOE_AGG_HASH: scalar(1, 'HASH_AGG: order-independent hash of the rows\' hashes'),
  FLOE_AGG_UNIQUE: scalar(2, 'ARRAY_UNIQUE_AGG (values, tag)'),
  FLOE_AGG_UNION: scalar(2, 'ARRAY_UNION_AGG: multiset union of arrays (arrays, tag)'),
  FLOE_AGG_ARRAY_SUM: scalar(2, 'ARRAY_SUM aggregate: position-wise sums of arrays (arrays, tag)'),
  FLOE_AGG_CHANGES: scalar(1, 'CONDITIONAL_CHANGE_EVENT: changes between adjacent present values'),

  // Strings
  FLOE_SPLIT: scalar(2, 'SPLIT: the parts between separators, as an array'),
  FLOE_SPLIT_PART: scalar(3, 'SPLIT_PART (string, delimiter, part number)'),
  FLOE_STRTOK: scalar([1, 3], 'STRTOK (string [, delimiters [, part number]])'),
  FLOE_STRTOK_TO_ARRAY: scalar([1, 2], 'STRTOK_TO_ARRAY (string [, delimiters])'),
  FLOE_INSERT: scalar(4, 'INSERT (string, position, length, insertion)'),
  FLOE_CONTAINS: scalar(2, 'CONTAINS'),
  FLOE_STARTSWITH: scalar(2, 'STARTSWITH'),
  FLOE_ENDSWITH: scalar(2, 'ENDSWITH'),
  FLOE_LPAD: scalar([2, 3], 'LPAD (string, length [, pad])'),
  FLOE_RPAD: scalar([2, 3], 'RPAD (string, length [, pad])'),
  FLOE_INITCAP: scalar([1, 2], 'INITCAP (string [, delimiters])'),
  FLOE_UPPER: scalar(1, 'UPPER of any character'),
  FLOE_LOWER: scalar(1, 'LOWER of any character'),
  FLOE_LEFT: scalar(2, 'LEFT in characters'),
  FLOE_RIGHT: scalar(2, 'RIGHT in characters'),
  FLOE_SUBSTR: scalar([2, 3], 'SUBSTR (string, start [, length]) in characters'),
  FLOE_POSITION: scalar([2, 3], 'POSITION / CHARINDEX (needle, haystack [, start])'),
  FLOE_REPEAT: scalar(2, 'REPEAT (string, n)'),
  FLOE_SOUNDEX: scalar(1, 'SOUNDEX'),
  FLOE_SOUNDEX_P123: scalar(1, 'SOUNDEX_P123'),
  FLOE_REVERSE: scalar(1, 'REVERSE in characters, of a BINARY in bytes'),
  FLOE_TRANSLATE: scalar(3, 'TRANSLATE (string, from characters, to characters)'),
  FLOE_ASCII: scalar(1, 'ASCII: the first character\'s code point'),
  FLOE_CHR: scalar(1, 'CHR: the character of a code point'),
  FLOE_EDITDISTANCE: scalar([2, 3], 'EDITDISTANCE (a, b [, max])'),

  // String encodings and hashes
  FLOE_MD5: scalar(1, 'MD5 as hex'),
  FLOE_MD5_NUMBER_UPPER64: scalar(1, 'MD5_NUMBER_UPPER64'),
  FLOE_MD5_NUMBER_LOWER64: scalar(1, 'MD5_NUMBER_LOWER64'),
  FLOE_SHA1: scalar(1, 'SHA1 as hex'),
  FLOE_SHA2: scalar([1, 2], 'SHA2 (value [, digest size]) as hex'),
  FLOE_BASE64_ENCODE: scalar([1, 3], 'BASE64_ENCODE (value [, line length [, alphabet]])'),
  FLOE_BASE64_DECODE_STRING: scalar([1, 2], 'BASE64_DECODE_STRING (text [, alphabet])'),
  FLOE_TRY_BASE64_DECODE_STRING: scalar([1, 2], 'TRY_BASE64_DECODE_STRING: NULL when invalid'),
  FLOE_HEX_ENCODE: scalar([1, 2], 'HEX_ENCODE (value [, upper case])'),
  FLOE_HEX_DECODE_STRING: scalar(1, 'HEX_DECODE_STRING'),
  FLOE_TRY_HEX_DECODE_STRING: scalar(1, 'TRY_HEX_DECODE_STRING: NULL when invalid'),
  FLOE_UUID_STRING: perCall([0, 2], 'UUID_STRING: version 4 from the statement seed, or version 5 of (namespace, name)'),

  // Pattern matching
  FLOE_LIKE: scalar(4, 'LIKE / ILIKE (subject, pattern, escape, case-insensitive)'),
  FLOE_RLIKE: scalar([2, 3], 'RLIKE / REGEXP_LIKE (subject, pattern [, parameters])'),
  FLOE_REGEXP_SUBSTR: scalar([2, 6], 'REGEXP_SUBSTR'),
  FLOE_REGEXP_SUBSTR_ALL: scalar([2, 6], 'REGEXP_SUBSTR_ALL as an array'),
  FLOE_REGEXP_REPLACE: scalar([2, 6], 'REGEXP_REPLACE'),
  FLOE_REGEXP_COUNT: scalar([2, 4], 'REGEXP_COUNT'),
  FLOE_REGEXP_INSTR: scalar([2, 7], 'REGEXP_INSTR'),
} as const satisfies Record<string, EngineFunction>;

export type EngineFunctionName = keyof typeof ENGINE_FUNCTIONS;

/** Names of the engine functions of one kind. */
export type EngineFunctionOfKind<K extends EngineFunctionKind> = {
  [N in EngineFunctionName]: (typeof ENGINE_FUNCTIONS)[N]['kind'] extends K ? N : never;
}[EngineFunctionName];

/** The engine functions named `<prefix><suffix>`, by suffix (FLOE_AGG_MEDIAN: MEDIAN for `FLOE_AGG_`). */
export type EngineFunctionSuffix<P extends string> = EngineFunctionName extends infer N ? (N extends `${P}${infer S}` ? S : never) : never;

/** The prefix of Floe's own helpers: reserved, a user's call of such a name is refused. */
export const INTERNAL_PREFIX = 'FLOE_';

/** Whether a (upper-case) function name is Floe's own: one of the manifest's helpers, or reserved for one. */
export const isInternalFunction = (name: string): boolean => name.startsWith(INTERNAL_PREFIX);

export const engineFunctionNames = Object.keys(ENGINE_FUNCTIONS) as EngineFunctionName[];

export const isEngineFunction = (name: string): name is EngineFunctionName => Object.hasOwn(ENGINE_FUNCTIONS, name);

/** An engine function's name where SQL is written as text: checked against the manifest. */
export const engineName = <N extends EngineFunctionName>(name: N): N => name;

/** Whether `name` is an engine function whose every call answers anew (EngineFunction.perCall). */
export const answersPerCall = (name: string): boolean => isEngineFunction(name) && (ENGINE_FUNCTIONS[name] as EngineFunction).perCall === true;
