import { OK, status, type CorpusCase } from './types';

// Warehouses are account objects: each case names its own after the case's database.
const WH = '{db}_WH';
const SHOW = `SHOW WAREHOUSES LIKE '${WH}'`;

export const warehouses: CorpusCase[] = [
  { name: 'CREATE WAREHOUSE status', sql: `CREATE WAREHOUSE ${WH}`, expect: status(`Warehouse ${WH} successfully created.`) },
  { name: 'CREATE WAREHOUSE twice fails', setup: [`CREATE WAREHOUSE ${WH}`], sql: `CREATE WAREHOUSE ${WH}`, expect: { error: '002002', sqlState: '42710' } },
  { name: 'CREATE WAREHOUSE IF NOT EXISTS twice', setup: [`CREATE WAREHOUSE ${WH}`], sql: `CREATE WAREHOUSE IF NOT EXISTS ${WH}`, expect: status(`${WH} already exists, statement succeeded.`) },
  { name: 'SHOW WAREHOUSES defaults', setup: [`CREATE WAREHOUSE ${WH}`], sql: SHOW,
    expect: { pick: ['name', 'state', 'type', 'size', 'auto_suspend', 'auto_resume', 'is_current', 'comment'], rows: [[WH, 'STARTED', 'STANDARD', 'X-Small', '600', 'true', 'N', '']] } },
  { name: 'SHOW WAREHOUSES running and queued of an idle warehouse', setup: [`CREATE WAREHOUSE ${WH}`], sql: SHOW, expect: { pick: ['running', 'queued'], rows: [['0', '0']] } },
  { name: 'a query over a table on a suspended AUTO_RESUME warehouse resumes it', setup: ['CREATE TABLE T (A INT)', `CREATE WAREHOUSE ${WH} WITH INITIALLY_SUSPENDED = TRUE`],
    sql: `USE WAREHOUSE ${WH}; SELECT COUNT(*) FROM T; ${SHOW}`, multi: true, expect: { pick: ['state'], rows: [['STARTED']] } },
  { name: 'CREATE WAREHOUSE WITH properties', setup: [`CREATE WAREHOUSE ${WH} WITH WAREHOUSE_SIZE = 'SMALL' AUTO_SUSPEND = 60 AUTO_RESUME = FALSE INITIALLY_SUSPENDED = TRUE COMMENT = 'etl'`],
    sql: SHOW, expect: { pick: ['size', 'state', 'auto_suspend', 'auto_resume', 'comment'], rows: [['Small', 'SUSPENDED', '60', 'false', 'etl']] } },
  { name: 'a new warehouse becomes the current one', sql: `CREATE WAREHOUSE ${WH}; SELECT CURRENT_WAREHOUSE()`, multi: true, expect: { rows: [[WH]] } },
  { name: 'SHOW WAREHOUSES marks the current one', sql: `CREATE WAREHOUSE ${WH}; ${SHOW}`, multi: true, expect: { pick: ['is_current'], rows: [['Y']] } },
  { name: 'ALTER WAREHOUSE SET size with a dash', setup: [`CREATE WAREHOUSE ${WH}`, `ALTER WAREHOUSE ${WH} SET WAREHOUSE_SIZE = X-LARGE MAX_CONCURRENCY_LEVEL = 4`], sql: SHOW,
    expect: { pick: ['size'], rows: [['X-Large']] } },
  { name: 'ALTER WAREHOUSE status', setup: [`CREATE WAREHOUSE ${WH}`], sql: `ALTER WAREHOUSE ${WH} SET COMMENT = 'x'`, expect: OK },
  { name: 'ALTER WAREHOUSE SUSPEND', setup: [`CREATE WAREHOUSE ${WH}`, `ALTER WAREHOUSE ${WH} SUSPEND`], sql: SHOW, expect: { pick: ['state', 'started_clusters'], rows: [['SUSPENDED', '0']] } },
  { name: 'ALTER WAREHOUSE RESUME IF SUSPENDED', setup: [`CREATE WAREHOUSE ${WH}`, `ALTER WAREHOUSE ${WH} SUSPEND`, `ALTER WAREHOUSE ${WH} RESUME IF SUSPENDED`], sql: SHOW,
    expect: { pick: ['state'], rows: [['STARTED']] } },
  { name: 'ALTER WAREHOUSE UNSET COMMENT', setup: [`CREATE WAREHOUSE ${WH} COMMENT = 'c'`, `ALTER WAREHOUSE ${WH} UNSET COMMENT`], sql: SHOW, expect: { pick: ['comment'], rows: [['']] } },
  { name: 'ALTER WAREHOUSE RENAME TO', setup: [`CREATE WAREHOUSE ${WH}`, `ALTER WAREHOUSE ${WH} RENAME TO ${WH}2`], sql: `SHOW WAREHOUSES LIKE '${WH}%'`, expect: { pick: ['name'], rows: [[`${WH}2`]] } },
  { name: 'ALTER a missing warehouse fails', sql: `ALTER WAREHOUSE ${WH} SUSPEND`, expect: { error: '002003', sqlState: '42S02' } },
  { name: 'ALTER WAREHOUSE IF EXISTS of a missing one', sql: `ALTER WAREHOUSE IF EXISTS ${WH} SUSPEND`, expect: OK },
  { name: 'an unknown warehouse property fails', sql: `CREATE WAREHOUSE ${WH} WITH COLOUR = 'blue'`, expect: { error: '001008', sqlState: '42601' } },
  { name: 'an unknown warehouse size fails', sql: `CREATE WAREHOUSE ${WH} WAREHOUSE_SIZE = 'HUGE'`, expect: { error: '002031' } },
  { name: 'DROP WAREHOUSE', setup: [`CREATE WAREHOUSE ${WH}`], sql: `DROP WAREHOUSE ${WH}`, expect: status(`${WH} successfully dropped.`) },
  { name: 'a dropped warehouse is gone', setup: [`CREATE WAREHOUSE ${WH}`, `DROP WAREHOUSE ${WH}`], sql: SHOW, expect: { rows: [] } },
  { name: 'DROP a missing warehouse fails', sql: `DROP WAREHOUSE ${WH}`, expect: { error: '002003', sqlState: '42S02' } },
  { name: 'DROP WAREHOUSE IF EXISTS of a missing one', sql: `DROP WAREHOUSE IF EXISTS ${WH}`, expect: status(`Drop statement executed successfully (${WH} already dropped).`) },
  { name: 'USE WAREHOUSE', setup: [`CREATE WAREHOUSE ${WH}`], sql: `USE WAREHOUSE ${WH}; SELECT CURRENT_WAREHOUSE()`, multi: true, expect: { rows: [[WH]] } },
  { name: 'USE an unknown warehouse fails', sql: `USE WAREHOUSE ${WH}`,
    expect: { error: '002043', sqlState: '02000', message: 'SQL compilation error:\nObject does not exist, or operation cannot be performed.' } },
  { name: 'DESCRIBE WAREHOUSE', setup: [`CREATE WAREHOUSE ${WH}`], sql: `DESCRIBE WAREHOUSE ${WH}`, expect: { names: ['created_on', 'name', 'kind'], pick: ['name', 'kind'], rows: [[WH, 'WAREHOUSE']] } },
];
