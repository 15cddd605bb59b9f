import type { FunctionCase } from './types';

// Conditional expressions (https://docs.snowflake.com/en/sql-reference/expressions-conditional).
export const conditional: FunctionCase[] = [
  { sql: "SELECT COALESCE(NULL, 'x')", rows: [['x']] },
];
