import type { FunctionCase } from './types';

// Context functions and the constant-per-statement clock.
export const session: FunctionCase[] = [
  { sql: 'SELECT CURRENT_DATABASE()', rows: [[null]], types: [{ type: 'text', nullable: true }] },
  { sql: 'SELECT CURRENT_TIMESTAMP() = CURRENT_TIMESTAMP()', rows: [['true']] },
  { sql: 'SELECT CURRENT_TIMESTAMP()', types: [{ type: 'timestamp_ltz', scale: 9, nullable: false }] },
  { sql: 'SELECT CURRENT_USER()', rows: [['ADMIN']], types: [{ type: 'text', nullable: false }] },
  { sql: 'SELECT CURRENT_REGION(), CURRENT_VERSION()', rows: [['LOCAL', '0.1.0']], types: [{ type: 'text', nullable: false }, { type: 'text', nullable: false }] },
  { sql: "SELECT 1::NUMBER(10,2) AS N", rows: [['1.00']], types: [{ type: 'fixed', precision: 10, scale: 2 }] },
  { sql: "SELECT 1.5::FLOAT / 3", types: [{ type: 'real' }] },
];
