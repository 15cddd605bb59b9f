// Statements Floe does not run: each fails with 000002 naming its statement type, never a 500 and
// never a silent success. (The SQL API itself does not run PUT and GET; stages, pipes, streams,
// tasks and procedural objects do not exist in Floe.)
import type { CorpusCase } from './types';

const unsupported = (name: string, sql: string, type: string): CorpusCase =>
  ({ name, sql, expect: { error: '000002', sqlState: '0A000', message: `Unsupported statement type '${type}'.` } });

export const unsupportedStatements: CorpusCase[] = [
  unsupported('PUT', 'PUT file:///tmp/data.csv @my_stage', 'PUT_FILES'),
  unsupported('GET', 'GET @my_stage file:///tmp/', 'GET_FILES'),
  unsupported('LIST @stage', 'LIST @my_stage', 'LIST_FILES'),
  unsupported('LS @stage', "LS @my_stage PATTERN = '.*csv'", 'LIST_FILES'),
  unsupported('REMOVE', 'REMOVE @my_stage/old', 'REMOVE_FILES'),
  unsupported('RM', 'RM @my_stage', 'REMOVE_FILES'),
  unsupported('COPY INTO a table', "COPY INTO T FROM @my_stage FILE_FORMAT = (TYPE = 'CSV')", 'COPY'),
  unsupported('COPY INTO a stage', 'COPY INTO @my_stage/out FROM T', 'UNLOAD'),
  unsupported('CREATE STAGE', 'CREATE STAGE my_stage', 'CREATE_STAGE'),
  unsupported('CREATE OR REPLACE TEMPORARY STAGE', "CREATE OR REPLACE TEMPORARY STAGE my_stage URL = 's3://bucket/path'", 'CREATE_STAGE'),
  unsupported('ALTER STAGE', "ALTER STAGE my_stage SET URL = 's3://b'", 'ALTER_STAGE'),
  unsupported('DROP STAGE', 'DROP STAGE IF EXISTS my_stage', 'DROP_STAGE'),
  unsupported('DESCRIBE STAGE', 'DESCRIBE STAGE my_stage', 'DESCRIBE_STAGE'),
  unsupported('CREATE PIPE', 'CREATE PIPE my_pipe AS COPY INTO T FROM @my_stage', 'CREATE_PIPE'),
  unsupported('ALTER PIPE', 'ALTER PIPE my_pipe REFRESH', 'ALTER_PIPE'),
  unsupported('CREATE STREAM', 'CREATE STREAM my_stream ON TABLE T', 'CREATE_STREAM'),
  unsupported('DROP STREAM', 'DROP STREAM my_stream', 'DROP_STREAM'),
  unsupported('CREATE TASK', "CREATE TASK my_task WAREHOUSE = COMPUTE_WH SCHEDULE = '5 MINUTE' AS SELECT 1", 'CREATE_TASK'),
  unsupported('ALTER TASK', 'ALTER TASK my_task RESUME', 'ALTER_TASK'),
  unsupported('EXECUTE TASK', 'EXECUTE TASK my_task', 'EXECUTE_TASK'),
  unsupported('CREATE FILE FORMAT', "CREATE FILE FORMAT my_csv TYPE = 'CSV'", 'CREATE_FILE_FORMAT'),
  unsupported('CREATE FUNCTION', "CREATE FUNCTION f() RETURNS INT AS '1'", 'CREATE_FUNCTION'),
  unsupported('CREATE PROCEDURE', "CREATE OR REPLACE PROCEDURE p() RETURNS INT LANGUAGE SQL AS 'BEGIN RETURN 1; END'", 'CREATE_PROCEDURE'),
  unsupported('CREATE EXTERNAL TABLE', 'CREATE EXTERNAL TABLE ext (A INT) LOCATION = @my_stage', 'CREATE_EXTERNAL_TABLE'),
  unsupported('CREATE DYNAMIC TABLE', "CREATE DYNAMIC TABLE dt TARGET_LAG = '1 minute' WAREHOUSE = COMPUTE_WH AS SELECT 1 X", 'CREATE_DYNAMIC_TABLE'),
  unsupported('CREATE MATERIALIZED VIEW', 'CREATE OR REPLACE SECURE MATERIALIZED VIEW mv AS SELECT 1 X', 'CREATE_MATERIALIZED_VIEW'),
  unsupported('CREATE STORAGE INTEGRATION', "CREATE STORAGE INTEGRATION si TYPE = EXTERNAL_STAGE STORAGE_PROVIDER = 'S3' ENABLED = TRUE", 'CREATE_STORAGE_INTEGRATION'),
  unsupported('CREATE MASKING POLICY', 'CREATE MASKING POLICY mp AS (v STRING) RETURNS STRING -> v', 'CREATE_MASKING_POLICY'),
  unsupported('CREATE ROW ACCESS POLICY', 'CREATE ROW ACCESS POLICY rap AS (v STRING) RETURNS BOOLEAN -> TRUE', 'CREATE_ROW_ACCESS_POLICY'),
  unsupported('CREATE SHARE', 'CREATE SHARE sh', 'CREATE_SHARE'),
  unsupported('CREATE ALERT', "CREATE ALERT al WAREHOUSE = COMPUTE_WH SCHEDULE = '1 minute' IF (EXISTS (SELECT 1)) THEN SELECT 1", 'CREATE_ALERT'),
  unsupported('CREATE TAG', 'CREATE TAG cost_center', 'CREATE_TAG'),
  unsupported('CREATE RESOURCE MONITOR', 'CREATE RESOURCE MONITOR rm1 WITH CREDIT_QUOTA = 1', 'CREATE_RESOURCE_MONITOR'),
  unsupported('EXECUTE IMMEDIATE', "EXECUTE IMMEDIATE 'SELECT 1'", 'EXECUTE_IMMEDIATE'),
  unsupported('Snowflake Scripting DECLARE', 'DECLARE x INT DEFAULT 1', 'DECLARE'),
  unsupported('EXPLAIN', 'EXPLAIN SELECT 1', 'EXPLAIN'),
  unsupported('UNDROP', 'UNDROP TABLE T', 'UNDROP'),
  { name: 'an unsupported statement inside a multi-statement request stops it', sql: 'SELECT 1; PUT file:///tmp/x @s; SELECT 2', multi: true, expect: { error: '100132' } },
];
