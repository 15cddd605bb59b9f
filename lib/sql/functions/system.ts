/** SYSTEM$ functions. */
import { types } from '../types';
import type { FunctionDef } from './types';

export const systemFunctions: FunctionDef[] = [
  // The deterministic long statement (also reached by CALL SYSTEM$WAIT(n)).
  { names: ['SYSTEM$WAIT'], returns: () => types.varchar(), nullable: () => false },
];
