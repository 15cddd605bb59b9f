/**
 * lib/catalog's operations: the steps each returns, applied to a fresh catalog database (the
 * system tables as a data dir has them), read back through the catalog's own queries. Every
 * step is also checked for SQLite-only syntax (the steps are what a PostgreSQL engine runs too).
 */
import initSqlJs, { type Database } from 'sql.js';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setAccountParameter, unsetAccountParameter } from '@/lib/catalog/account';
import { addAgent, removeAgent, setAgentDefinition } from '@/lib/catalog/agents';
import { createDatabase, createSchema, dropDatabase, dropSchema, setDatabaseComment, setSchemaComment } from '@/lib/catalog/databases';
import { addSequence, alterSequence, dropSequence } from '@/lib/catalog/sequences';
import { addColumn, addTable, dropTable, renameColumn, renameTable, setClusterBy, setColumnComment, setColumnDefault, setColumns, setTableComment, setTableConstraints } from '@/lib/catalog/tables';
import { Catalog, CATALOG_QUERIES, type CatalogRows, type ColumnInfo, type IntegrationInfo, type SequenceInfo, type TableInfo, type WarehouseInfo } from '@/lib/catalog/catalog';
import { grantPrivilege, moveObjectGrants, revokeObjectGrants, revokePrivilege, setOwner } from '@/lib/catalog/grants';
import { createIntegration, createIntegrationIfMissing, dropIntegration, upsertIntegration } from '@/lib/catalog/integrations';
import { dropRole, grantRole, revokeRole, upsertRole } from '@/lib/catalog/roles';
import { COLUMN_MIGRATIONS, MIGRATIONS, SYSTEM_TABLES_SQL } from '@/lib/catalog/system-tables';
import { addToken, removeClientTokens, removeExpiredTokens, removeNamedToken, removeToken, setTokenSecret, type NewToken } from '@/lib/catalog/tokens';
import { createUser, dropUser, setUserProperties } from '@/lib/catalog/users';
import { dropWarehouse, renameWarehouse, resumeWarehouse, upsertWarehouse } from '@/lib/catalog/warehouses';
import type { SqlStep } from '@/lib/engine/types';

let SQL: Awaited<ReturnType<typeof initSqlJs>>;
let db: Database;

beforeAll(async () => { SQL = await initSqlJs(); });
beforeEach(() => {
  db = new SQL.Database();
  for (const sql of [...SYSTEM_TABLES_SQL, ...MIGRATIONS.map((m) => m.sql), ...COLUMN_MIGRATIONS.map((c) => c.sql)]) db.run(sql);
  // (Without the starting grants a migration gives an account.)
  db.run('DELETE FROM _floe_grants');
});

const SQLITE_ONLY = /\bINSERT\s+OR\b|\bREPLACE\s+INTO\b|`/i;

function apply(steps: SqlStep[]): void {
  for (const st of steps) {
    expect(st.sql).not.toMatch(SQLITE_ONLY);
    db.run(st.sql, (st.params ?? []) as (string | number | null)[]);
  }
}

function catalog(): Catalog {
  const rows = {} as CatalogRows;
  for (const [k, sql] of Object.entries(CATALOG_QUERIES)) rows[k as keyof CatalogRows] = db.exec(sql)[0]?.values ?? [];
  return new Catalog(rows);
}

const token = (over: Partial<NewToken> = {}): NewToken => ({
  userName: 'U', name: 'T', lookup: 'look', secretHash: 'hash', roleRestriction: null, expiresAt: null, comment: null, createdOn: 1, ...over,
});
const warehouse = (over: Partial<WarehouseInfo> = {}): WarehouseInfo => ({
  name: 'W', size: 'X-Small', maxConcurrency: 8, owner: 'SYSADMIN', comment: null, createdOn: 1, properties: { AUTO_SUSPEND: '60' }, ...over,
});
const integration = (over: Partial<IntegrationInfo> = {}): IntegrationInfo => ({
  name: 'I', type: 'OAUTH', clientId: 'client-1', properties: { ENABLED: 'true' }, secretGenerations: [1, 1], owner: 'ACCOUNTADMIN', comment: null, createdOn: 1, ...over,
});

describe('users', () => {
  test('create, set and unset properties, drop with its tokens and role grants', () => {
    apply(createUser('U', { passwordHash: 'h', defaultRole: 'PUBLIC', disabled: true, comment: 'c' }, 42));
    let u = catalog().users.get('U')!;
    expect(u).toMatchObject({ hasPassword: true, passwordHash: 'h', defaultRole: 'PUBLIC', disabled: true, comment: 'c', createdOn: 42, rsaPublicKey: null });
    apply(setUserProperties('U', { disabled: false, comment: null, defaultWarehouse: 'W' }));
    u = catalog().users.get('U')!;
    expect(u).toMatchObject({ disabled: false, comment: null, defaultWarehouse: 'W', defaultRole: 'PUBLIC' });
    expect(setUserProperties('U', {})).toEqual([]);
    apply([...createUser('V', {}, 1), ...upsertRole({ name: 'R', owner: null, comment: null, createdOn: 1 })]);
    apply([...addToken(token()), ...addToken(token({ userName: 'V' })), ...grantRole({ role: 'R', granteeKind: 'USER', grantee: 'U' }), ...grantRole({ role: 'R', granteeKind: 'USER', grantee: 'V' })]);
    apply(dropUser('U'));
    const c = catalog();
    expect([...c.users.keys()]).toEqual(['V']);
    expect(c.tokens.map((t) => t.userName)).toEqual(['V']);
    expect(c.roleGrants.map((g) => g.grantee)).toEqual(['V']);
  });
});

describe('tokens', () => {
  test('add, rotate, remove by id and by name', () => {
    apply([...addToken(token({ name: 'A', roleRestriction: 'R', expiresAt: 99, comment: 'x' })), ...addToken(token({ name: 'B', oauthClient: 'client-1' }))]);
    const [a, b] = catalog().tokens;
    expect(a).toMatchObject({ name: 'A', roleRestriction: 'R', expiresAt: 99, comment: 'x', oauthClient: null });
    expect(b).toMatchObject({ name: 'B', expiresAt: null, oauthClient: 'client-1' });
    apply(setTokenSecret(a.id, 'new-look', 'new-hash'));
    expect(catalog().tokens[0]).toMatchObject({ id: a.id, lookup: 'new-look', secretHash: 'new-hash' });
    apply(removeToken(a.id));
    apply(removeNamedToken('U', 'B'));
    expect(catalog().tokens).toEqual([]);
  });

  test('expired tokens of a prefix, and the tokens of an OAuth client', () => {
    apply([
      ...addToken(token({ name: 'OAUTH_OLD', expiresAt: 5 })), ...addToken(token({ name: 'OAUTH_NEW', expiresAt: 50 })),
      ...addToken(token({ name: 'PAT_OLD', expiresAt: 5 })), ...addToken(token({ name: 'OAUTH_OTHER', userName: 'V', expiresAt: 5 })),
    ]);
    apply(removeExpiredTokens('U', 'OAUTH_', 10));
    expect(catalog().tokens.map((t) => t.name).sort()).toEqual(['OAUTH_NEW', 'OAUTH_OTHER', 'PAT_OLD']);
    apply([...addToken(token({ name: 'C1', oauthClient: 'c1' })), ...addToken(token({ name: 'C2', oauthClient: 'c2' }))]);
    apply(removeClientTokens('c1'));
    expect(catalog().tokens.map((t) => t.name).sort()).toEqual(['C2', 'OAUTH_NEW', 'OAUTH_OTHER', 'PAT_OLD']);
  });
});

describe('roles', () => {
  test('upsert replaces the row; grants are idempotent and revocable', () => {
    apply(upsertRole({ name: 'R', owner: 'ACCOUNTADMIN', comment: 'one', createdOn: 1 }));
    apply(upsertRole({ name: 'R', owner: 'ACCOUNTADMIN', comment: 'two', createdOn: 2 }));
    expect([...catalog().roles.values()]).toEqual([{ name: 'R', owner: 'ACCOUNTADMIN', comment: 'two', createdOn: 2 }]);
    const g = { role: 'R', granteeKind: 'ROLE', grantee: 'SYSADMIN' } as const;
    apply([...grantRole(g), ...grantRole(g)]);
    expect(catalog().roleGrants).toEqual([g]);
    expect(catalog().rolesUnder('SYSADMIN').has('R')).toBe(true);
    apply(revokeRole(g));
    expect(catalog().roleGrants).toEqual([]);
  });

  test('drop: its role grants and privileges go, what it owned passes to the heir', () => {
    apply([
      ...upsertRole({ name: 'R', owner: null, comment: null, createdOn: 1 }), ...upsertRole({ name: 'S', owner: null, comment: null, createdOn: 1 }),
      ...grantRole({ role: 'R', granteeKind: 'USER', grantee: 'U' }), ...grantRole({ role: 'S', granteeKind: 'ROLE', grantee: 'R' }),
      ...grantRole({ role: 'S', granteeKind: 'USER', grantee: 'U' }),
      ...upsertWarehouse(warehouse({ owner: 'R' })), ...upsertWarehouse(warehouse({ name: 'X', owner: 'S' })),
      ...grantPrivilege({ privilege: 'USAGE', objectKind: 'WAREHOUSE', objectId: 'X', grantee: 'R', grantedBy: 'S', createdOn: 1 }),
    ]);
    apply(dropRole('R', 'SYSADMIN'));
    const c = catalog();
    expect([...c.roles.keys()]).toEqual(['S']);
    expect(c.roleGrants).toEqual([{ role: 'S', granteeKind: 'USER', grantee: 'U' }]);
    expect(c.grants).toEqual([]);
    expect(c.warehouses.get('W')!.owner).toBe('SYSADMIN');
    expect(c.warehouses.get('X')!.owner).toBe('S');
  });
});

describe('grants', () => {
  const usage = { privilege: 'USAGE', objectKind: 'WAREHOUSE', objectId: 'W', grantee: 'R', grantedBy: 'ACCOUNTADMIN', createdOn: 7 };

  test('grant (idempotent), revoke, move with a renamed object, revoke all on an object', () => {
    apply([...grantPrivilege(usage), ...grantPrivilege(usage), ...grantPrivilege({ ...usage, privilege: 'MONITOR' })]);
    expect(catalog().grants).toHaveLength(2);
    apply(revokePrivilege({ ...usage, privilege: 'MONITOR' }));
    expect(catalog().grants).toEqual([usage]);
    apply(moveObjectGrants('WAREHOUSE', 'W', 'W2'));
    expect(catalog().grants).toEqual([{ ...usage, objectId: 'W2' }]);
    apply(revokeObjectGrants('WAREHOUSE', 'W2'));
    expect(catalog().grants).toEqual([]);
  });

  test('ownership: a warehouse by name, a database by id', () => {
    apply(upsertWarehouse(warehouse()));
    db.run("INSERT INTO _floe_databases(id, name, owner, created_on) VALUES (17, 'D', 'SYSADMIN', 1)");
    apply([...setOwner('WAREHOUSE', 'W', 'R'), ...setOwner('DATABASE', '17', 'R')]);
    const c = catalog();
    expect(c.warehouses.get('W')!.owner).toBe('R');
    expect(c.databases.get('D')!.owner).toBe('R');
  });
});

describe('warehouses', () => {
  test('upsert round trip, resume, rename with its grants, drop with its grants', () => {
    apply(upsertWarehouse(warehouse({ comment: 'c', properties: { STATE: 'SUSPENDED', AUTO_RESUME: 'true' } })));
    let w = catalog().warehouses.get('W')!;
    expect(w).toEqual(warehouse({ comment: 'c', properties: { STATE: 'SUSPENDED', AUTO_RESUME: 'true' } }));
    apply(resumeWarehouse(w));
    w = catalog().warehouses.get('W')!;
    expect(w.properties).toEqual({ STATE: 'STARTED', AUTO_RESUME: 'true' });
    apply(grantPrivilege({ privilege: 'USAGE', objectKind: 'WAREHOUSE', objectId: 'W', grantee: 'PUBLIC', grantedBy: null, createdOn: 1 }));
    apply(renameWarehouse('W', { ...w, name: 'V', size: 'Large' }));
    let c = catalog();
    expect([...c.warehouses.keys()]).toEqual(['V']);
    expect(c.warehouses.get('V')).toMatchObject({ size: 'Large', comment: 'c', createdOn: 1 });
    expect(c.grants.map((g) => g.objectId)).toEqual(['V']);
    apply(dropWarehouse('V'));
    c = catalog();
    expect(c.warehouses.size).toBe(0);
    expect(c.grants).toEqual([]);
  });
});

describe('integrations', () => {
  test('create, replace (the old client\'s tokens end), alter, drop', () => {
    apply(createIntegration(integration()));
    apply(addToken(token({ oauthClient: 'client-1' })));
    expect(catalog().integrations.get('I')).toEqual(integration());
    apply(createIntegration(integration({ clientId: 'client-2' }), integration()));
    expect(catalog().integrations.get('I')!.clientId).toBe('client-2');
    expect(catalog().tokens).toEqual([]);
    apply(upsertIntegration(integration({ clientId: 'client-2', secretGenerations: [2, 1], comment: 'c' })));
    expect(catalog().integrations.get('I')).toMatchObject({ secretGenerations: [2, 1], comment: 'c' });
    apply(addToken(token({ oauthClient: 'client-2' })));
    apply(dropIntegration(catalog().integrations.get('I')!));
    expect(catalog().integrations.size).toBe(0);
    expect(catalog().tokens).toEqual([]);
  });

  test('created if missing: an existing one (same name or client_id) is kept', () => {
    apply(createIntegrationIfMissing(integration({ comment: 'first' })));
    apply(createIntegrationIfMissing(integration({ comment: 'second' })));
    apply(createIntegrationIfMissing(integration({ name: 'J', comment: 'same client' })));
    expect([...catalog().integrations.values()].map((i) => i.comment)).toEqual(['first']);
  });
});

describe('account', () => {
  test('set, set again, unset', () => {
    apply(setAccountParameter('SQL_API_ENABLED', 'FALSE'));
    apply(setAccountParameter('SQL_API_ENABLED', 'TRUE'));
    expect(catalog().meta.get('SQL_API_ENABLED')).toBe('TRUE');
    apply(unsetAccountParameter('SQL_API_ENABLED'));
    expect(catalog().meta.has('SQL_API_ENABLED')).toBe(false);
  });
});

const BIG_ID = 178_000_000_000_000; // newObjectId's range: beyond 32 bits
const table = (over: Partial<TableInfo> = {}): Omit<TableInfo, 'columns'> => ({
  id: BIG_ID + 10, schemaId: BIG_ID + 2, name: 'T', kind: 'TABLE', owner: 'SYSADMIN', comment: null, createdOn: 1, text: null, lifetime: 'PERMANENT', sessionId: null,
  clusterBy: null, constraints: [], ...over,
});
const col = (name: string, over: Partial<ColumnInfo> = {}): ColumnInfo => ({ name, type: 'NUMBER(38,0)', nullable: true, defaultSql: null, comment: null, identity: null, ...over });
const sequence = (over: Partial<SequenceInfo> = {}): SequenceInfo => ({
  id: BIG_ID + 20, schemaId: BIG_ID + 2, name: 'S', tableId: null, start: 5, increment: 2, ordered: false, owner: 'SYSADMIN', comment: null, createdOn: 1, ...over,
});

describe('databases and schemas', () => {
  test('create (transient), comment, drop a schema, drop a database with its schemas, agents and sequences', () => {
    apply([
      ...createDatabase({ id: BIG_ID + 1, name: 'D', owner: 'SYSADMIN', transient: true, createdOn: 1 }),
      ...createSchema({ id: BIG_ID + 2, databaseId: BIG_ID + 1, name: 'PUBLIC', owner: 'SYSADMIN', transient: true, createdOn: 1 }),
      ...createSchema({ id: BIG_ID + 3, databaseId: BIG_ID + 1, name: 'S2', owner: 'SYSADMIN', transient: false, createdOn: 1 }),
      ...setDatabaseComment(BIG_ID + 1, 'd'), ...setSchemaComment(BIG_ID + 3, 's'),
    ]);
    let c = catalog();
    expect(c.databases.get('D')).toMatchObject({ id: BIG_ID + 1, transient: true, comment: 'd' });
    expect(c.schema(BIG_ID + 1, 'PUBLIC')).toMatchObject({ transient: true });
    expect(c.schema(BIG_ID + 1, 'S2')).toMatchObject({ transient: false, comment: 's' });
    apply(dropSchema(BIG_ID + 3));
    expect(catalog().schemasOf(BIG_ID + 1).map((x) => x.name)).toEqual(['PUBLIC']);
    apply([...addSequence(sequence()), ...addAgent({ id: BIG_ID + 30, schemaId: BIG_ID + 2, name: 'A', owner: null, comment: null, profile: null, spec: '{}', createdOn: 1 })]);
    apply(dropDatabase(BIG_ID + 1));
    c = catalog();
    expect([c.databases.size, c.schemas.size, c.sequences.size, c.agents.size]).toEqual([0, 0, 0, 0]);
  });
});

describe('tables', () => {
  test('a table with its columns; rename, comment, defaults, cluster key, constraints; columns renumbered; drop', () => {
    const pk = { kind: 'PRIMARY KEY' as const, name: 'PK', columns: ['A'], createdOn: 1 };
    apply([...addTable(table({ constraints: [pk], comment: 'c', lifetime: 'TEMPORARY', sessionId: 'sess' })), ...addColumn(BIG_ID + 10, 1, col('A', { nullable: false })), ...addColumn(BIG_ID + 10, 2, col('B', { defaultSql: '7' }))]);
    let t = catalog().tables.get(BIG_ID + 10)!;
    expect(t).toMatchObject({ name: 'T', kind: 'TABLE', comment: 'c', lifetime: 'TEMPORARY', sessionId: 'sess', constraints: [pk] });
    expect(t.columns).toEqual([col('A', { nullable: false }), col('B', { defaultSql: '7' })]);
    apply([
      ...renameTable(BIG_ID + 10, BIG_ID + 3, 'U'), ...renameColumn(BIG_ID + 10, 'B', 'C'), ...setColumnDefault(BIG_ID + 10, 'C', null), ...setColumnComment(BIG_ID + 10, 'A', 'a'),
      ...setTableComment(BIG_ID + 10, null), ...setClusterBy(BIG_ID + 10, 'A, C'), ...setTableConstraints(BIG_ID + 10, []),
    ]);
    t = catalog().tables.get(BIG_ID + 10)!;
    expect(t).toMatchObject({ name: 'U', schemaId: BIG_ID + 3, comment: null, clusterBy: 'A, C', constraints: [] });
    expect(t.columns).toEqual([col('A', { nullable: false, comment: 'a' }), col('C')]);
    apply(setColumns(BIG_ID + 10, [col('C')]));
    expect(catalog().tables.get(BIG_ID + 10)!.columns).toEqual([col('C')]);
    apply([...addSequence(sequence({ name: null, tableId: BIG_ID + 10 })), ...addSequence(sequence({ id: BIG_ID + 21, name: 'KEEP' }))]);
    apply(dropTable(BIG_ID + 10));
    const c = catalog();
    expect(c.tables.size).toBe(0);
    expect([...c.sequences.values()].map((q) => q.name)).toEqual(['KEEP']);
  });
});

describe('sequences', () => {
  test('add, alter what is given, drop; next_value starts at start', () => {
    apply(addSequence(sequence()));
    expect(catalog().sequence(BIG_ID + 2, 'S')).toEqual(sequence());
    expect(db.exec(`SELECT next_value FROM _floe_sequences WHERE id = ${BIG_ID + 20}`)[0].values).toEqual([[5]]);
    apply(alterSequence(BIG_ID + 20, { increment: 3, ordered: true, comment: 'c' }));
    expect(catalog().sequences.get(BIG_ID + 20)).toEqual(sequence({ increment: 3, ordered: true, comment: 'c' }));
    apply(alterSequence(BIG_ID + 20, { name: 'R', schemaId: BIG_ID + 3, comment: null }));
    expect(catalog().sequences.get(BIG_ID + 20)).toEqual(sequence({ name: 'R', schemaId: BIG_ID + 3, increment: 3, ordered: true }));
    expect(alterSequence(BIG_ID + 20, {})).toEqual([]);
    apply(dropSequence(BIG_ID + 20));
    expect(catalog().sequences.size).toBe(0);
  });
});

describe('agents', () => {
  test('add, set its definition, remove', () => {
    const a = { id: BIG_ID + 30, schemaId: BIG_ID + 2, name: 'A', owner: 'SYSADMIN', comment: null, profile: null, spec: '{"x":1}', createdOn: 1 };
    apply(addAgent(a));
    expect(catalog().agents.get(a.id)).toEqual(a);
    apply(setAgentDefinition(a.id, { comment: 'c', profile: '{}', spec: '{"x":2}' }));
    expect(catalog().agents.get(a.id)).toEqual({ ...a, comment: 'c', profile: '{}', spec: '{"x":2}' });
    apply(removeAgent(a.id));
    expect(catalog().agents.size).toBe(0);
  });
});
