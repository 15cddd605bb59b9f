/**
 * The whole library: every manifest function's definition (TypeScript checks none is missing),
 * and the helpers each family needs, in install order.
 */
import type { EngineFunctionName } from '@/lib/engine/functions/manifest';
import { AGGREGATE_FUNCTIONS, AGGREGATE_HELPERS } from './aggregate';
import { CHECK_JSON_FUNCTIONS, CHECK_JSON_HELPERS } from './check-json';
import { CONVERSION_FUNCTIONS, CONVERSION_HELPERS } from './conversion';
import { DATETIME_FUNCTIONS, DATETIME_HELPERS } from './datetime';
import { DATETIME_PARSE_HELPERS } from './datetime-parse';
import type { PgDefinition } from './define';
import { HELPER_STATEMENTS } from './helpers';
import { NUMBER_FORMAT_HELPERS } from './number-format';
import { NUMERIC_FUNCTIONS, NUMERIC_HELPERS } from './numeric';
import { REGEXP_FUNCTIONS, REGEXP_HELPERS } from './regexp';
import { SEMI_STRUCTURED_FUNCTIONS, SEMI_STRUCTURED_HELPERS } from './semi-structured';
import { STRING_FUNCTIONS, STRING_HELPERS } from './string';
import { STRING_ENCODING_FUNCTIONS, STRING_ENCODING_HELPERS } from './string-encoding';
import { SYSTEM_FUNCTIONS, SYSTEM_HELPERS } from './system';

export const LIBRARY: Record<EngineFunctionName, PgDefinition> = {
  ...SYSTEM_FUNCTIONS,
  ...CONVERSION_FUNCTIONS,
  ...DATETIME_FUNCTIONS,
  ...NUMERIC_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...STRING_ENCODING_FUNCTIONS,
  ...REGEXP_FUNCTIONS,
  ...SEMI_STRUCTURED_FUNCTIONS,
  ...CHECK_JSON_FUNCTIONS,
  ...AGGREGATE_FUNCTIONS,
};

/** Helpers before the functions; a family's helpers after the ones they call. */
export const LIBRARY_HELPERS: string[] = [
  ...HELPER_STATEMENTS,
  ...STRING_HELPERS,
  ...NUMERIC_HELPERS,
  ...STRING_ENCODING_HELPERS,
  ...CONVERSION_HELPERS,
  ...NUMBER_FORMAT_HELPERS,
  ...REGEXP_HELPERS,
  ...DATETIME_PARSE_HELPERS,
  ...DATETIME_HELPERS,
  ...AGGREGATE_HELPERS,
  ...SEMI_STRUCTURED_HELPERS,
  ...CHECK_JSON_HELPERS,
  ...SYSTEM_HELPERS,
];
