/** Semi-structured data: VARIANT, OBJECT and ARRAY functions. */
import { types } from '../types';
import type { FunctionDef } from './types';

export const semiStructuredFunctions: FunctionDef[] = [
  { names: ['TRY_PARSE_JSON'], returns: types.variant },
  { names: ['OBJECT_CONSTRUCT'], returns: types.object, nullable: () => false },
  { names: ['ARRAY_CONSTRUCT'], returns: types.array, nullable: () => false },
];
