/**
 * The PostgreSQL function library: every manifest function's installed signatures, or why it is
 * unsupported on this engine (the dialect fails closed on those). The SQL that installs it:
 * install.ts (installFunctionLibrarySql); the conventions: types.ts and helpers.ts.
 */
import { engineFunctionNames } from '@/lib/engine/functions/manifest';
import { LIBRARY } from './library';
import type { PgFunctionEntry, PgFunctionTable } from './types';

function entryOf(def: (typeof LIBRARY)[keyof typeof LIBRARY]): PgFunctionEntry {
  if (!Array.isArray(def)) return { supported: false, reason: def.unsupported, sql: def.sql };
  return { supported: true, signatures: def.map(({ params, variadic, returns }) => (variadic ? { params, variadic, returns } : { params, returns })) };
}

export const PG_FUNCTIONS: PgFunctionTable = Object.fromEntries(engineFunctionNames.map((n) => [n, entryOf(LIBRARY[n])])) as PgFunctionTable;

/**
 * Forms of functions the library runs, but not in this form: such a call fails closed when it runs
 * (floe._unsupported: 002140 "Unsupported feature '<feature> (…)' on the PostgreSQL engine.").
 */
export const PG_UNSUPPORTED_FORMS: { feature: string; sql: string[]; reason: string }[] = [
  {
    feature: 'a number format model',
    sql: ['TO_CHAR', 'TO_VARCHAR', 'TO_NUMBER', 'TO_DECIMAL', 'TO_NUMERIC', 'TO_DOUBLE', 'TRY_TO_NUMBER', 'TRY_TO_DECIMAL', 'TRY_TO_NUMERIC', 'TRY_TO_DOUBLE'],
    reason: 'a constant format model runs on both engines (compiled once when the statement is: number-format.ts); one that is not a constant (a column, an expression, a bind variable) fails closed as `a number format model that is not a constant`',
  },
  {
    feature: 'JSON beyond strict JSON',
    sql: ['PARSE_JSON', 'TRY_PARSE_JSON'],
    reason: 'PARSE_JSON reads Snowflake\'s single quotes, bare keys, trailing commas, numbers such as .5, NaN, Infinity, undefined and an array\'s empty slots (`[1,,2]`, `[1,]`) here, stored as sql.js stores them; what fails closed is an object whose repeated key has an undefined value (which value stays depends on the parser\'s order)',
  },
  {
    feature: 'NaN or Infinity inside a VARIANT',
    sql: ['PARSE_JSON', 'TRY_PARSE_JSON'],
    reason: 'PARSE_JSON stores NaN, Infinity and -Infinity as sql.js does, but PostgreSQL\'s json cannot read them: a VARIANT function over such a value fails closed',
  },
  {
    feature: 'a lone surrogate or NUL character in a string',
    sql: ['PARSE_JSON', 'TRY_PARSE_JSON'],
    reason: 'PARSE_JSON keeps a string\'s lone surrogate or NUL escape (`"\\ud833x"`, `"\\u0000"`) as sql.js does where the string is the whole value, but no PostgreSQL text holds the character: such a string inside an object, or read as text, fails closed',
  },
  {
    feature: 'an array with missing elements',
    sql: ['ARRAY_CONSTRUCT', 'NULL', 'PARSE_JSON', 'TRY_PARSE_JSON'],
    reason: 'an array element that is a SQL NULL (ARRAY_CONSTRUCT(1, NULL), [1, NULL]) is stored missing, as `undefined` (as is PARSE_JSON(\'[1,,2]\')\'s empty slot), which PostgreSQL\'s json cannot read: the array functions over such a value are not ported yet',
  },
  {
    feature: 'a regular expression construct',
    sql: ['REGEXP_SUBSTR', 'REGEXP_SUBSTR_ALL', 'REGEXP_EXTRACT_ALL', 'REGEXP_REPLACE', 'REGEXP_COUNT', 'REGEXP_INSTR', 'RLIKE', 'REGEXP_LIKE'],
    reason: 'PostgreSQL\'s regular expressions take the leftmost-longest match where sql.js (JavaScript) takes the first its backtracking finds: the searching functions run only patterns on which the two agree (single-character atoms with greedy quantifiers, unquantified groups, anchors, and alternations of literal text where at most one branch can match at a place); others fail closed naming the construct: other alternations, quantified groups of more than one character, non-greedy quantifiers (Snowflake has none either), backreferences, lookarounds, case-insensitive matching of non-ASCII characters, repetition counts above 255. RLIKE and REGEXP_LIKE ask only whether the whole subject matches, so they also run any alternation, quantified group and non-greedy quantifier; the other constructs fail closed there too',
  },
];

/**
 * The functions unsupported on PostgreSQL with their reasons, as the Markdown list of
 * docs/architecture.md ("PostgreSQL function library"; a unit test keeps the two equal).
 */
export function unsupportedFunctionsMarkdown(): string {
  const names = (sql: string[]) => (sql.length ? ` (${sql.join(', ')} fail closed)` : '');
  const rows = engineFunctionNames.flatMap((n) => {
    const e = PG_FUNCTIONS[n];
    return e.supported ? [] : [`- \`${n}\`${names(e.sql)}: ${e.reason}.`];
  });
  const supported = engineFunctionNames.length - rows.length;
  return [
    `${supported} of ${engineFunctionNames.length} engine functions are installed; unsupported (${rows.length}):`, '', ...rows, '',
    'Forms that fail closed when they run:', '',
    ...PG_UNSUPPORTED_FORMS.map((f) => `- ${f.feature} (${f.sql.join(', ')}): ${f.reason}.`),
  ].join('\n');
}

export { FUNCTION_LIBRARY_VERSION, installFunctionLibrarySql, pgFunctionName, reinstallFunctionLibrarySql } from './install';
export { isNumberSource, numberFormatSpec } from './number-format';
export { pinSettingsQuery, readsLibrarySettings } from './session';
export * from './types';
