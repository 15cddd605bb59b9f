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
  // Context functions answered from the session; one local server has no organization or client address.
  { sql: 'SELECT CURRENT_ACCOUNT_NAME() = CURRENT_ACCOUNT(), CURRENT_ORGANIZATION_NAME(), CURRENT_IP_ADDRESS(), CURRENT_CLIENT()', rows: [['true', 'FLOE', '127.0.0.1', 'SQL API 2.0']], types: ['boolean', { type: 'text', nullable: false }, 'text', 'text'] },
  { sql: 'SELECT CURRENT_TRANSACTION(), LAST_TRANSACTION()', rows: [[null, null]], types: [{ type: 'text', nullable: true }, { type: 'text', nullable: true }] },
  { sql: 'SELECT CURRENT_SECONDARY_ROLES()', rows: [['{"roles":"","value":""}']], types: [{ type: 'text', nullable: false }] },
  { sql: "SELECT CURRENT_AVAILABLE_ROLES() LIKE '%\"ACCOUNTADMIN\"%', CURRENT_AVAILABLE_ROLES() LIKE '%\"PUBLIC\"%', PARSE_JSON(CURRENT_AVAILABLE_ROLES())[0] IS NOT NULL", rows: [['true', 'true', 'true']] },
  // IS_ROLE_IN_SESSION: the current role, the roles it inherits, and PUBLIC.
  { sql: "SELECT IS_ROLE_IN_SESSION(CURRENT_ROLE()), IS_ROLE_IN_SESSION('public'), IS_ROLE_IN_SESSION('NO_SUCH_ROLE'), IS_ROLE_IN_SESSION(NULL)", rows: [['true', 'true', 'false', null]], types: ['boolean', 'boolean', 'boolean', 'boolean'] },
  { sql: "SELECT IS_ROLE_IN_SESSION('SYSADMIN'), IS_ROLE_IN_SESSION('\"sysadmin\"'), IS_ROLE_IN_SESSION('sysadmin'), IS_ROLE_IN_SESSION(LOWER('SysAdmin'))", rows: [['true', 'false', 'true', 'true']] },
  { sql: 'SELECT IS_ROLE_IN_SESSION()', error: '000938' },
  { sql: "SELECT IS_ROLE_IN_SESSION('PUBLIC', 'SYSADMIN')", error: '000939' },
  // SYSTEM$TYPEOF: the compiled SQL type and its physical form (documented examples).
  { sql: "SELECT SYSTEM$TYPEOF(NULL), SYSTEM$TYPEOF(1), SYSTEM$TYPEOF(10000), SYSTEM$TYPEOF('something'), SYSTEM$TYPEOF(CONCAT('every', 'body'))", rows: [['NULL[LOB]', 'NUMBER(1,0)[SB1]', 'NUMBER(5,0)[SB2]', 'VARCHAR(9)[LOB]', 'VARCHAR(9)[LOB]']], types: [{ type: 'text', nullable: false }, 'text', 'text', 'text', 'text'] },
  { sql: "SELECT SYSTEM$TYPEOF(1.5::FLOAT), SYSTEM$TYPEOF(TRUE), SYSTEM$TYPEOF(PARSE_JSON('1')), SYSTEM$TYPEOF('2024-01-01'::DATE)", rows: [['FLOAT[DOUBLE]', 'BOOLEAN[SB1]', 'VARIANT[LOB]', 'DATE[SB4]']] },
  { sql: 'SELECT SYSTEM$TYPEOF()', error: '000938' },
];
