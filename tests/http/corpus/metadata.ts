// The console-facing metadata as Snowflake documents it: every SHOW / DESCRIBE / INFORMATION_SCHEMA
// output with its full ordered column list and types (the command and view pages, plus the
// behavior-change bundles generally enabled through 2025_07: budget removed from SHOW output by
// 2025_02, object_visibility and the classification profile columns from 2024_08, is_iceberg in
// SHOW OBJECTS from 2025_01, is_from_organization_user_group in SHOW ROLES from 2025_06), then the
// ordering (database, schema, name) and the LIKE / IN / STARTS WITH / LIMIT … FROM clauses.
import type { CorpusCase } from './types';

/** `name` or `name:type` (rowType type; text when omitted) → [name, type] pairs. */
const shape = (spec: string): [string, string][] => spec.trim().split(/\s+/).map((w) => {
  const i = w.lastIndexOf(':');
  return i > 0 ? [w.slice(0, i), w.slice(i + 1)] : [w, 'text'];
});

const TERSE = 'created_on:timestamp_ltz name kind database_name schema_name';
const SHOW_TABLES = `created_on:timestamp_ltz name database_name schema_name kind comment cluster_by rows:fixed bytes:fixed owner retention_time
  automatic_clustering change_tracking search_optimization search_optimization_progress search_optimization_bytes is_external enable_schema_evolution
  owner_role_type is_event is_hybrid is_iceberg is_dynamic is_immutable`;
const DESCRIBE = 'name type kind null? default primary_key unique_key check expression comment policy_name privacy_domain';
const INFO_TABLES = `TABLE_CATALOG TABLE_SCHEMA TABLE_NAME TABLE_OWNER TABLE_TYPE IS_TRANSIENT CLUSTERING_KEY ROW_COUNT:fixed BYTES:fixed RETENTION_TIME:fixed
  SELF_REFERENCING_COLUMN_NAME REFERENCE_GENERATION USER_DEFINED_TYPE_CATALOG USER_DEFINED_TYPE_SCHEMA USER_DEFINED_TYPE_NAME IS_INSERTABLE_INTO IS_TYPED COMMIT_ACTION
  CREATED:timestamp_ltz LAST_ALTERED:timestamp_ltz LAST_DDL:timestamp_ltz LAST_DDL_BY AUTO_CLUSTERING_ON COMMENT IS_TEMPORARY IS_ICEBERG IS_DYNAMIC IS_IMMUTABLE IS_HYBRID`;
const INFO_COLUMNS = `TABLE_CATALOG TABLE_SCHEMA TABLE_NAME COLUMN_NAME ORDINAL_POSITION:fixed COLUMN_DEFAULT IS_NULLABLE DATA_TYPE CHARACTER_MAXIMUM_LENGTH:fixed
  CHARACTER_OCTET_LENGTH:fixed NUMERIC_PRECISION:fixed NUMERIC_PRECISION_RADIX:fixed NUMERIC_SCALE:fixed DATETIME_PRECISION:fixed INTERVAL_TYPE INTERVAL_PRECISION:fixed
  CHARACTER_SET_CATALOG CHARACTER_SET_SCHEMA CHARACTER_SET_NAME COLLATION_CATALOG COLLATION_SCHEMA COLLATION_NAME DOMAIN_CATALOG DOMAIN_SCHEMA DOMAIN_NAME UDT_CATALOG
  UDT_SCHEMA UDT_NAME SCOPE_CATALOG SCOPE_SCHEMA SCOPE_NAME MAXIMUM_CARDINALITY:fixed DTD_IDENTIFIER IS_SELF_REFERENCING IS_IDENTITY IDENTITY_GENERATION IDENTITY_START
  IDENTITY_INCREMENT IDENTITY_MAXIMUM IDENTITY_MINIMUM IDENTITY_CYCLE IDENTITY_ORDERED SCHEMA_EVOLUTION_RECORD COMMENT`;

/** Statement → documented columns. The DESCRIBE names have spaces: `_` stands for one there. */
const SHAPES: [string, string, string[]?][] = [
  ['SHOW DATABASES', `created_on:timestamp_ltz name is_default is_current origin owner comment options retention_time kind owner_role_type object_visibility:object`],
  ['SHOW TERSE DATABASES', TERSE],
  ['SHOW SCHEMAS', `created_on:timestamp_ltz name is_default is_current database_name owner comment options retention_time owner_role_type
    classification_profile_database classification_profile_schema classification_profile object_visibility:object`],
  ['SHOW TERSE SCHEMAS', TERSE],
  ['SHOW TABLES', SHOW_TABLES],
  ['SHOW TERSE TABLES', TERSE],
  ['SHOW VIEWS', 'created_on:timestamp_ltz name reserved database_name schema_name owner comment text is_secure:boolean is_materialized:boolean owner_role_type change_tracking'],
  ['SHOW TERSE VIEWS', TERSE],
  ['SHOW OBJECTS', 'created_on:timestamp_ltz name database_name schema_name kind comment cluster_by rows:fixed bytes:fixed owner retention_time owner_role_type is_hybrid is_dynamic is_iceberg'],
  ['SHOW TERSE OBJECTS', TERSE],
  ['SHOW COLUMNS', 'table_name schema_name column_name data_type null? default kind expression comment database_name autoincrement schema_evolution_record'],
  ['SHOW FUNCTIONS', `created_on:timestamp_ltz name schema_name is_builtin is_aggregate is_ansi min_num_arguments:fixed max_num_arguments:fixed arguments description
    catalog_name is_table_function valid_for_clustering is_secure secrets external_access_integrations is_external_function language is_memoizable is_data_metric`],
  ['SHOW USER FUNCTIONS', `created_on:timestamp_ltz name schema_name is_builtin is_aggregate is_ansi min_num_arguments:fixed max_num_arguments:fixed arguments description
    catalog_name is_table_function valid_for_clustering is_secure secrets external_access_integrations is_external_function language is_memoizable is_data_metric`],
  ['SHOW ROLES', `created_on:timestamp_ltz name is_default is_current is_inherited assigned_to_users:fixed granted_to_roles:fixed granted_roles:fixed owner comment
    is_from_organization_user_group:boolean`],
  ['SHOW USERS', `name created_on:timestamp_ltz login_name display_name first_name last_name email mins_to_unlock days_to_expiry comment disabled must_change_password
    snowflake_lock default_warehouse default_namespace default_role default_secondary_roles ext_authn_duo ext_authn_uid mins_to_bypass_mfa owner
    last_success_login:timestamp_ltz expires_at_time:timestamp_ltz locked_until_time:timestamp_ltz has_password has_rsa_public_key type has_mfa`],
  ['SHOW PARAMETERS', 'key value default level description type'],
  ['SHOW WAREHOUSES', `name state type size min_cluster_count:fixed max_cluster_count:fixed started_clusters:fixed running:fixed queued:fixed is_default is_current
    auto_suspend:fixed auto_resume available provisioning quiescing other created_on:timestamp_ltz resumed_on:timestamp_ltz updated_on:timestamp_ltz owner comment
    enable_query_acceleration query_acceleration_max_scale_factor:fixed resource_monitor actives:fixed pendings:fixed failed:fixed suspended:fixed uuid scaling_policy
    owner_role_type resource_constraint`],
  ['DESCRIBE TABLE T', DESCRIBE],
  ['DESC VIEW V', DESCRIBE],
  ['SELECT * FROM INFORMATION_SCHEMA.TABLES', INFO_TABLES],
  ['SELECT * FROM INFORMATION_SCHEMA.COLUMNS', INFO_COLUMNS],
  ['SELECT * FROM INFORMATION_SCHEMA.SCHEMATA', `CATALOG_NAME SCHEMA_NAME SCHEMA_OWNER IS_TRANSIENT IS_MANAGED_ACCESS RETENTION_TIME:fixed DEFAULT_CHARACTER_SET_CATALOG
    DEFAULT_CHARACTER_SET_SCHEMA DEFAULT_CHARACTER_SET_NAME SQL_PATH CREATED:timestamp_ltz LAST_ALTERED:timestamp_ltz COMMENT OBJECT_VISIBILITY:object`],
  ['SELECT * FROM INFORMATION_SCHEMA.VIEWS', `TABLE_CATALOG TABLE_SCHEMA TABLE_NAME TABLE_OWNER VIEW_DEFINITION CHECK_OPTION IS_UPDATABLE INSERTABLE_INTO IS_SECURE
    CREATED:timestamp_ltz LAST_ALTERED:timestamp_ltz LAST_DDL:timestamp_ltz LAST_DDL_BY COMMENT`],
  ['SELECT * FROM INFORMATION_SCHEMA.DATABASES', `DATABASE_NAME DATABASE_OWNER IS_TRANSIENT COMMENT CREATED:timestamp_ltz LAST_ALTERED:timestamp_ltz RETENTION_TIME:fixed TYPE
    OWNER_ROLE_TYPE OBJECT_VISIBILITY:object`],
  ['SELECT * FROM TABLE(INFORMATION_SCHEMA.QUERY_HISTORY())', `QUERY_ID QUERY_TEXT DATABASE_NAME SCHEMA_NAME QUERY_TYPE SESSION_ID:fixed USER_NAME ROLE_NAME
    WAREHOUSE_NAME WAREHOUSE_SIZE WAREHOUSE_TYPE CLUSTER_NUMBER:fixed QUERY_TAG EXECUTION_STATUS ERROR_CODE ERROR_MESSAGE START_TIME:timestamp_ltz END_TIME:timestamp_ltz
    TOTAL_ELAPSED_TIME:fixed BYTES_SCANNED:fixed ROWS_PRODUCED:fixed COMPILATION_TIME:fixed EXECUTION_TIME:fixed`],
];

const OBJECTS = ['CREATE TABLE T (A INT NOT NULL, B VARCHAR(5))', 'CREATE VIEW V AS SELECT A, B FROM T'];

const shapeCases: CorpusCase[] = SHAPES.map(([sql, spec]) => ({
  name: `${sql} columns`,
  setup: OBJECTS,
  sql,
  expect: { columns: shape(spec).map(([n, t]) => [sql.startsWith('DESC') ? n.replace('_', ' ') : n, t] as [string, string]) },
}));

// Three schemas whose names sort differently from their tables' names, to see the database/schema order.
const SPREAD = ['CREATE SCHEMA A_S', 'CREATE SCHEMA Z_S', 'CREATE TABLE Z_S.A (X INT)', 'CREATE TABLE A_S.B (X INT, Y INT)', 'CREATE TABLE PUBLIC.C (X INT)',
  'CREATE VIEW Z_S.VA AS SELECT X FROM Z_S.A', 'CREATE VIEW A_S.VB AS SELECT X FROM A_S.B'];

const orderAndFilterCases: CorpusCase[] = [
  // Ordering: database, then schema, then name.
  { name: 'SHOW TABLES orders by schema, then name', setup: SPREAD, sql: 'SHOW TABLES IN DATABASE {db}', expect: { pick: ['schema_name', 'name'], rows: [['A_S', 'B'], ['PUBLIC', 'C'], ['Z_S', 'A']] } },
  { name: 'SHOW TABLES without IN uses the current database', setup: SPREAD, sql: 'SHOW TABLES', expect: { pick: ['schema_name', 'name'], rows: [['A_S', 'B'], ['PUBLIC', 'C'], ['Z_S', 'A']] } },
  { name: 'SHOW VIEWS orders by schema, then name', setup: SPREAD, sql: 'SHOW VIEWS', expect: { pick: ['schema_name', 'name'], rows: [['A_S', 'VB'], ['Z_S', 'VA']] } },
  { name: 'SHOW OBJECTS orders by schema, then name', setup: SPREAD, sql: 'SHOW TERSE OBJECTS', expect: { pick: ['schema_name', 'name', 'kind'], rows: [['A_S', 'B', 'TABLE'], ['A_S', 'VB', 'VIEW'], ['PUBLIC', 'C', 'TABLE'], ['Z_S', 'A', 'TABLE'], ['Z_S', 'VA', 'VIEW']] } },
  { name: 'SHOW COLUMNS orders by schema, table, position', setup: SPREAD, sql: 'SHOW COLUMNS IN DATABASE {db}',
    expect: { pick: ['schema_name', 'table_name', 'column_name'], rows: [['A_S', 'B', 'X'], ['A_S', 'B', 'Y'], ['A_S', 'VB', 'X'], ['PUBLIC', 'C', 'X'], ['Z_S', 'A', 'X'], ['Z_S', 'VA', 'X']] } },
  { name: 'SHOW SCHEMAS orders by database, then name', setup: ['CREATE SCHEMA {db}.Q1', 'CREATE DATABASE {db}_B', 'CREATE SCHEMA {db}_B.Q0'], sql: "SHOW SCHEMAS LIKE 'Q%' IN ACCOUNT",
    expect: { pick: ['database_name', 'name'], rows: [['{db}', 'Q1'], ['{db}_B', 'Q0']] } },
  // IN ACCOUNT | DATABASE | SCHEMA.
  { name: 'SHOW TABLES IN SCHEMA', setup: SPREAD, sql: 'SHOW TABLES IN SCHEMA {db}.Z_S', expect: { pick: ['name'], rows: [['A']] } },
  { name: 'SHOW TABLES IN <schema>', setup: SPREAD, sql: 'SHOW TABLES IN {db}.A_S', expect: { pick: ['name'], rows: [['B']] } },
  { name: 'SHOW TABLES IN SCHEMA (current)', setup: SPREAD, sql: 'SHOW TABLES IN SCHEMA', expect: { pick: ['name'], rows: [['C']] } },
  { name: 'SHOW VIEWS IN SCHEMA', setup: SPREAD, sql: 'SHOW VIEWS IN SCHEMA {db}.A_S', expect: { pick: ['name'], rows: [['VB']] } },
  { name: 'SHOW OBJECTS IN DATABASE', setup: SPREAD, sql: "SHOW OBJECTS LIKE 'V%' IN DATABASE {db}", expect: { pick: ['name'], rows: [['VB'], ['VA']] } },
  { name: 'SHOW OBJECTS IN ACCOUNT', setup: ['CREATE VIEW {db}_V AS SELECT 1 AS X'], sql: "SHOW OBJECTS IN ACCOUNT STARTS WITH '{db}_'", expect: { pick: ['database_name', 'name'], rows: [['{db}', '{db}_V']] } },
  { name: 'SHOW COLUMNS IN SCHEMA', setup: SPREAD, sql: 'SHOW COLUMNS IN SCHEMA {db}.Z_S', expect: { pick: ['table_name', 'column_name'], rows: [['A', 'X'], ['VA', 'X']] } },
  { name: 'SHOW SCHEMAS IN DATABASE', setup: SPREAD, sql: 'SHOW TERSE SCHEMAS IN DATABASE {db}', expect: { pick: ['name', 'kind', 'database_name', 'schema_name'],
    rows: [['A_S', null, '{db}', null], ['INFORMATION_SCHEMA', null, '{db}', null], ['PUBLIC', null, '{db}', null], ['Z_S', null, '{db}', null]] } },
  // LIKE is case-insensitive everywhere.
  { name: 'SHOW DATABASES LIKE in lower case', sql: "SHOW TERSE DATABASES LIKE '{dblower}'", expect: { pick: ['name', 'kind', 'database_name', 'schema_name'], rows: [['{db}', null, null, null]] } },
  { name: 'SHOW SCHEMAS LIKE in lower case', sql: "SHOW SCHEMAS LIKE 'public'", expect: { pick: ['name'], rows: [['PUBLIC']] } },
  { name: 'SHOW TABLES LIKE in lower case', setup: SPREAD, sql: "SHOW TABLES LIKE 'c'", expect: { pick: ['name'], rows: [['C']] } },
  { name: 'SHOW VIEWS LIKE in lower case', setup: SPREAD, sql: "SHOW VIEWS LIKE 'v_'", expect: { pick: ['name'], rows: [['VB'], ['VA']] } },
  { name: 'SHOW OBJECTS LIKE in lower case', setup: SPREAD, sql: "SHOW OBJECTS LIKE 'b'", expect: { pick: ['name', 'kind'], rows: [['B', 'TABLE']] } },
  { name: 'SHOW COLUMNS LIKE in lower case', setup: SPREAD, sql: "SHOW COLUMNS LIKE 'y' IN DATABASE {db}", expect: { pick: ['table_name', 'column_name'], rows: [['B', 'Y']] } },
  { name: 'SHOW FUNCTIONS LIKE in lower case', sql: "SHOW FUNCTIONS LIKE 'upper'", expect: { pick: ['name', 'is_builtin', 'is_aggregate'], rows: [['UPPER', 'Y', 'N']] } },
  { name: 'SHOW FUNCTIONS marks aggregates', sql: "SHOW FUNCTIONS LIKE 'variance_samp'", expect: { pick: ['name', 'is_aggregate'], rows: [['VARIANCE_SAMP', 'Y']] } },
  { name: 'SHOW FUNCTIONS lists aggregates the parser knows by node', sql: "SHOW FUNCTIONS LIKE 'listagg'",
    expect: { pick: ['name', 'is_builtin', 'is_aggregate', 'min_num_arguments', 'max_num_arguments', 'arguments'], rows: [['LISTAGG', 'Y', 'Y', '1', '2', 'LISTAGG(VARCHAR [, VARCHAR]) RETURN VARCHAR']] } },
  { name: 'SHOW FUNCTIONS AVG', sql: "SHOW FUNCTIONS LIKE 'AVG'", expect: { pick: ['name', 'is_aggregate', 'arguments'], rows: [['AVG', 'Y', 'AVG(NUMBER) RETURN NUMBER']] } },
  { name: 'SHOW FUNCTIONS MAX', sql: "SHOW FUNCTIONS LIKE 'max'", expect: { pick: ['name', 'is_aggregate', 'min_num_arguments', 'arguments'], rows: [['MAX', 'Y', '1', 'MAX(ANY) RETURN ANY']] } },
  { name: 'SHOW FUNCTIONS MOD', sql: "SHOW FUNCTIONS LIKE 'MOD'", expect: { pick: ['name', 'is_aggregate', 'arguments'], rows: [['MOD', 'N', 'MOD(NUMBER, NUMBER) RETURN NUMBER']] } },
  { name: 'SHOW FUNCTIONS signature of IFF', sql: "SHOW FUNCTIONS LIKE 'IFF'",
    expect: { pick: ['name', 'is_aggregate', 'min_num_arguments', 'max_num_arguments', 'arguments'], rows: [['IFF', 'N', '3', '3', 'IFF(BOOLEAN, ANY, ANY) RETURN ANY']] } },
  { name: 'SHOW FUNCTIONS window functions are not aggregates', sql: "SHOW FUNCTIONS LIKE 'ROW_NUMBER'", expect: { pick: ['name', 'is_aggregate'], rows: [['ROW_NUMBER', 'N']] } },
  { name: 'SHOW USER FUNCTIONS lists no built-ins', sql: 'SHOW USER FUNCTIONS', expect: { rows: [] } },
  { name: 'SHOW ROLES LIKE in lower case', sql: "SHOW ROLES LIKE 'sysadmin'", expect: { pick: ['name', 'is_from_organization_user_group'], rows: [['SYSADMIN', 'false']] } },
  { name: 'SHOW USERS LIKE in lower case', sql: "SHOW USERS LIKE 'admin'", expect: { pick: ['name'], rows: [['ADMIN']] } },
  { name: 'SHOW PARAMETERS LIKE in lower case', sql: "SHOW PARAMETERS LIKE 'timezone'", expect: { pick: ['key'], rows: [['TIMEZONE']] } },
  { name: 'SHOW WAREHOUSES LIKE in lower case', sql: "SHOW WAREHOUSES LIKE 'compute_wh'", expect: { pick: ['name'], rows: [['COMPUTE_WH']] } },
  // STARTS WITH (case-sensitive) and LIMIT … FROM.
  { name: 'SHOW SCHEMAS STARTS WITH', setup: SPREAD, sql: "SHOW SCHEMAS STARTS WITH 'Z'", expect: { pick: ['name'], rows: [['Z_S']] } },
  { name: 'SHOW SCHEMAS STARTS WITH is case-sensitive', setup: SPREAD, sql: "SHOW SCHEMAS STARTS WITH 'z'", expect: { pick: ['name'], rows: [] } },
  { name: 'SHOW SCHEMAS LIMIT … FROM', setup: SPREAD, sql: "SHOW SCHEMAS LIMIT 2 FROM 'I'", expect: { pick: ['name'], rows: [['INFORMATION_SCHEMA'], ['PUBLIC']] } },
  { name: 'SHOW VIEWS STARTS WITH', setup: SPREAD, sql: "SHOW VIEWS STARTS WITH 'VA'", expect: { pick: ['name'], rows: [['VA']] } },
  { name: 'SHOW OBJECTS LIMIT', setup: SPREAD, sql: 'SHOW OBJECTS LIMIT 2', expect: { pick: ['name'], rows: [['B'], ['VB']] } },
  { name: 'SHOW OBJECTS LIMIT … FROM', setup: SPREAD, sql: "SHOW OBJECTS IN SCHEMA {db}.A_S LIMIT 5 FROM 'V'", expect: { pick: ['name'], rows: [['VB']] } },
  { name: 'SHOW DATABASES STARTS WITH', sql: "SHOW DATABASES LIKE '{db}' STARTS WITH '{db}'", expect: { pick: ['name'], rows: [['{db}']] } },
  { name: 'SHOW ROLES STARTS WITH and LIMIT', sql: "SHOW ROLES STARTS WITH 'SYS' LIMIT 1", expect: { pick: ['name'], rows: [['SYSADMIN']] } },
  { name: 'SHOW ROLES LIMIT … FROM', sql: "SHOW ROLES LIKE '%ADMIN' LIMIT 1 FROM 'B'", expect: { pick: ['name'], rows: [['SYSADMIN']] } },
  { name: 'SHOW USERS STARTS WITH', sql: "SHOW USERS STARTS WITH 'ADM'", expect: { pick: ['name'], rows: [['ADMIN']] } },
  { name: 'SHOW FUNCTIONS STARTS WITH and LIMIT', sql: "SHOW FUNCTIONS STARTS WITH 'UPPE' LIMIT 1", expect: { pick: ['name'], rows: [['UPPER']] } },
  // Values as Snowflake shows them.
  { name: 'SHOW DATABASES values', sql: "SHOW DATABASES LIKE '{db}'",
    expect: { pick: ['name', 'is_default', 'is_current', 'origin', 'owner', 'comment', 'options', 'retention_time', 'kind', 'owner_role_type', 'object_visibility'],
      rows: [['{db}', 'N', 'Y', '', 'ACCOUNTADMIN', '', '', '1', 'STANDARD', 'ROLE', null]] } },
  { name: 'SHOW SCHEMAS values', sql: "SHOW SCHEMAS IN DATABASE {db}",
    expect: { pick: ['name', 'is_current', 'owner', 'options', 'retention_time', 'owner_role_type'],
      rows: [['INFORMATION_SCHEMA', 'N', '', '', '1', ''], ['PUBLIC', 'Y', 'ACCOUNTADMIN', '', '1', 'ROLE']] } },
  { name: 'SHOW TABLES values', setup: ['CREATE TABLE T (A INT)', "COMMENT ON TABLE T IS 'c'"], sql: 'SHOW TABLES',
    expect: { pick: ['name', 'kind', 'comment', 'cluster_by', 'owner', 'retention_time', 'owner_role_type', 'is_event', 'is_immutable'],
      rows: [['T', 'TABLE', 'c', '', 'ACCOUNTADMIN', '1', 'ROLE', 'N', 'N']] } },
  { name: 'SHOW VIEWS values', setup: OBJECTS, sql: 'SHOW VIEWS', expect: { pick: ['name', 'reserved', 'owner', 'is_secure', 'is_materialized', 'owner_role_type', 'change_tracking'],
    rows: [['V', '', 'ACCOUNTADMIN', 'false', 'false', 'ROLE', 'OFF']] } },
  { name: 'SHOW OBJECTS values', setup: OBJECTS, sql: 'SHOW OBJECTS', expect: { pick: ['name', 'kind', 'retention_time', 'is_hybrid', 'is_dynamic', 'is_iceberg'],
    rows: [['T', 'TABLE', '1', 'N', 'N', 'N'], ['V', 'VIEW', null, 'N', 'N', 'N']] } },
  { name: 'SCHEMATA rows in name order', setup: SPREAD, sql: 'SELECT SCHEMA_NAME, SCHEMA_OWNER FROM INFORMATION_SCHEMA.SCHEMATA',
    expect: { rows: [['A_S', 'ACCOUNTADMIN'], ['INFORMATION_SCHEMA', null], ['PUBLIC', 'ACCOUNTADMIN'], ['Z_S', 'ACCOUNTADMIN']] } },
];

export const metadata: CorpusCase[] = [...shapeCases, ...orderAndFilterCases];
