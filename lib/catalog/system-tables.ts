/**
 * Floe's own catalog lives in the engine database next to the data, so that DDL and the data it
 * describes commit, journal, replicate and checkpoint together. User tables are stored as
 * SQLite tables named t<id>: Snowflake names are case-sensitive and three-part, SQLite's are not.
 */
export const SYSTEM_TABLES_SQL = [
  `CREATE TABLE _floe_meta (key TEXT PRIMARY KEY, value TEXT)`,
  `CREATE TABLE _floe_databases (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, owner TEXT, comment TEXT, kind TEXT NOT NULL DEFAULT 'STANDARD', created_on INTEGER NOT NULL)`,
  `CREATE TABLE _floe_schemas (id INTEGER PRIMARY KEY, database_id INTEGER NOT NULL, name TEXT NOT NULL, owner TEXT, comment TEXT, kind TEXT NOT NULL DEFAULT 'STANDARD', created_on INTEGER NOT NULL, UNIQUE(database_id, name))`,
  `CREATE TABLE _floe_tables (id INTEGER PRIMARY KEY, schema_id INTEGER NOT NULL, name TEXT NOT NULL, kind TEXT NOT NULL DEFAULT 'TABLE', owner TEXT, comment TEXT, created_on INTEGER NOT NULL, UNIQUE(schema_id, name))`,
  `CREATE TABLE _floe_columns (table_id INTEGER NOT NULL, position INTEGER NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL, nullable INTEGER NOT NULL DEFAULT 1, default_sql TEXT, comment TEXT, PRIMARY KEY(table_id, position))`,
  `CREATE TABLE _floe_warehouses (name TEXT PRIMARY KEY, size TEXT NOT NULL DEFAULT 'X-Small', max_concurrency INTEGER NOT NULL DEFAULT 8, owner TEXT, comment TEXT, created_on INTEGER NOT NULL)`,
  `CREATE TABLE _floe_roles (name TEXT PRIMARY KEY, owner TEXT, comment TEXT, created_on INTEGER NOT NULL)`,
  `CREATE TABLE _floe_role_grants (role TEXT NOT NULL, grantee_kind TEXT NOT NULL, grantee TEXT NOT NULL, PRIMARY KEY(role, grantee_kind, grantee))`,
  `CREATE TABLE _floe_users (name TEXT PRIMARY KEY, password_hash TEXT, default_role TEXT, default_warehouse TEXT, default_namespace TEXT, disabled INTEGER NOT NULL DEFAULT 0, rsa_public_key TEXT, rsa_public_key_2 TEXT, comment TEXT, created_on INTEGER NOT NULL)`,
  `CREATE TABLE _floe_tokens (id INTEGER PRIMARY KEY, user_name TEXT NOT NULL, name TEXT NOT NULL, lookup TEXT NOT NULL, secret_hash TEXT NOT NULL, role_restriction TEXT, expires_at INTEGER, comment TEXT, created_on INTEGER NOT NULL, UNIQUE(user_name, name))`,
];

/**
 * System tables added after the first release. Older data dirs lack them, so each is created
 * at boot when missing (a journaled write like any other); fresh data dirs get them the same way.
 */
export const MIGRATIONS: { table: string; sql: string }[] = [
  {
    table: '_floe_agents',
    sql: `CREATE TABLE IF NOT EXISTS _floe_agents (id INTEGER PRIMARY KEY, schema_id INTEGER NOT NULL, name TEXT NOT NULL, owner TEXT, comment TEXT, profile TEXT, spec TEXT NOT NULL, created_on INTEGER NOT NULL, UNIQUE(schema_id, name))`,
  },
  // Object privileges (lib/access). Both steps run only when the table is new: the account's
  // starting grants are SYSADMIN's account privileges and PUBLIC's use of COMPUTE_WH.
  {
    table: '_floe_grants',
    sql: `CREATE TABLE IF NOT EXISTS _floe_grants (privilege TEXT NOT NULL, object_kind TEXT NOT NULL, object_id TEXT NOT NULL, grantee TEXT NOT NULL, granted_by TEXT, created_on INTEGER NOT NULL, PRIMARY KEY(privilege, object_kind, object_id, grantee))`,
  },
  {
    table: '_floe_grants',
    sql: `INSERT INTO _floe_grants(privilege, object_kind, object_id, grantee, granted_by, created_on)
      SELECT 'CREATE DATABASE', 'ACCOUNT', '', 'SYSADMIN', 'ACCOUNTADMIN', 0 UNION ALL SELECT 'CREATE WAREHOUSE', 'ACCOUNT', '', 'SYSADMIN', 'ACCOUNTADMIN', 0
      UNION ALL SELECT 'USAGE', 'WAREHOUSE', name, 'PUBLIC', 'ACCOUNTADMIN', 0 FROM _floe_warehouses WHERE name = 'COMPUTE_WH'
      ON CONFLICT DO NOTHING`,
  },
  // Sequences (CREATE SEQUENCE) and the hidden ones behind IDENTITY columns (name NULL, table_id
  // set). next_value lives here, in the engine database, so that journal replay advances it alike.
  {
    table: '_floe_sequences',
    sql: `CREATE TABLE IF NOT EXISTS _floe_sequences (id INTEGER PRIMARY KEY, schema_id INTEGER NOT NULL, name TEXT, table_id INTEGER, start_value INTEGER NOT NULL, next_value INTEGER NOT NULL, increment INTEGER NOT NULL, ordered INTEGER NOT NULL DEFAULT 0, owner TEXT, comment TEXT, created_on INTEGER NOT NULL, UNIQUE(schema_id, name))`,
  },
  // Security integrations (OAuth clients, lib/auth/oauth-clients.ts). No secret is stored: a
  // client secret is derived from the data dir's server key, client_id and its generation.
  {
    table: '_floe_integrations',
    sql: `CREATE TABLE IF NOT EXISTS _floe_integrations (name TEXT PRIMARY KEY, type TEXT NOT NULL, client_id TEXT NOT NULL UNIQUE, properties TEXT NOT NULL, secret_generation INTEGER NOT NULL DEFAULT 1, secret_generation_2 INTEGER NOT NULL DEFAULT 1, owner TEXT, comment TEXT, created_on INTEGER NOT NULL)`,
  },
];

/** Columns added to existing system tables after the first release (added at boot when missing). */
export const COLUMN_MIGRATIONS: { table: string; column: string; sql: string }[] = [
  // A view's CREATE text (SHOW VIEWS.text, INFORMATION_SCHEMA.VIEWS.VIEW_DEFINITION).
  { table: '_floe_tables', column: 'text', sql: 'ALTER TABLE _floe_tables ADD COLUMN text TEXT' },
  // A warehouse's other properties as JSON (SHOW WAREHOUSES).
  { table: '_floe_warehouses', column: 'properties', sql: 'ALTER TABLE _floe_warehouses ADD COLUMN properties TEXT' },
  // PERMANENT, TRANSIENT or TEMPORARY (tables created before were permanent), and a temporary
  // table's session.
  { table: '_floe_tables', column: 'lifetime', sql: "ALTER TABLE _floe_tables ADD COLUMN lifetime TEXT NOT NULL DEFAULT 'PERMANENT'" },
  { table: '_floe_tables', column: 'session_id', sql: 'ALTER TABLE _floe_tables ADD COLUMN session_id TEXT' },
  // The hidden sequence of an IDENTITY / AUTOINCREMENT column.
  { table: '_floe_columns', column: 'identity_sequence', sql: 'ALTER TABLE _floe_columns ADD COLUMN identity_sequence INTEGER' },
  // A table's clustering key as written (CLUSTER BY), and its constraints as JSON (TableConstraint[]):
  // Snowflake stores both without enforcing them (except NOT NULL).
  { table: '_floe_tables', column: 'cluster_by', sql: 'ALTER TABLE _floe_tables ADD COLUMN cluster_by TEXT' },
  { table: '_floe_tables', column: 'constraints', sql: 'ALTER TABLE _floe_tables ADD COLUMN constraints TEXT' },
  // The OAuth client (integration client_id) an access or refresh token was issued to.
  { table: '_floe_tokens', column: 'oauth_client', sql: 'ALTER TABLE _floe_tokens ADD COLUMN oauth_client TEXT' },
];

/** SQLite name of a user table. */
export const tableStorageName = (id: number) => `t${id}`;
