/**
 * The request thread's copy of the catalog, reloaded from the engine after every statement that
 * changes it. Name resolution and type inference read it without a round trip to a worker.
 */
/** transient: CREATE TRANSIENT DATABASE|SCHEMA (a transient database's schemas and tables are transient too). */
export interface DatabaseInfo { id: number; name: string; owner: string | null; comment: string | null; createdOn: number; transient: boolean }
export interface SchemaInfo { id: number; databaseId: number; name: string; owner: string | null; comment: string | null; createdOn: number; transient: boolean }
/** defaultSql: the DEFAULT expression as Snowflake SQL; identity: the hidden sequence of an IDENTITY column. */
export interface ColumnInfo { name: string; type: string; nullable: boolean; defaultSql: string | null; comment: string | null; identity?: number | null }
/**
 * A sequence (name null: the hidden one of an IDENTITY column of table tableId). Its next value
 * is not kept here: it changes with every use and is read in the engine.
 */
export interface SequenceInfo { id: number; schemaId: number; name: string | null; tableId: number | null; start: number; increment: number; ordered: boolean; owner: string | null; comment: string | null; createdOn: number }
/** How long a table (or view) lives: Snowflake's permanent, transient and temporary tables. */
export type TableLifetime = 'PERMANENT' | 'TRANSIENT' | 'TEMPORARY';
/** A table constraint as Snowflake keeps it: named (SYS_CONSTRAINT_… when unnamed), over columns in order. */
export interface TableConstraint {
  kind: 'PRIMARY KEY' | 'UNIQUE' | 'FOREIGN KEY';
  name: string;
  columns: string[];
  createdOn: number;
  /** FOREIGN KEY: the referenced table's names and columns (its primary key when none are written). */
  references?: { database: string; schema: string; table: string; columns: string[] };
}

export interface TableInfo {
  id: number; schemaId: number; name: string; kind: 'TABLE' | 'VIEW'; owner: string | null; comment: string | null; createdOn: number; columns: ColumnInfo[];
  /** A view's CREATE text. */ text: string | null;
  lifetime: TableLifetime;
  /** The session a TEMPORARY object belongs to (only it sees the object; it is dropped when the session ends). */
  sessionId: string | null;
  /** The clustering key (CLUSTER BY's expressions as written, e.g. `a, b`), or null. */
  clusterBy?: string | null;
  /** PRIMARY KEY / UNIQUE / FOREIGN KEY constraints (stored, not enforced, as in Snowflake). */
  constraints?: TableConstraint[];
}
export interface AgentInfo { id: number; schemaId: number; name: string; owner: string | null; comment: string | null; profile: string | null; spec: string; createdOn: number }
export interface UserInfo {
  name: string; defaultRole: string | null; defaultWarehouse: string | null; defaultNamespace: string | null; disabled: boolean;
  hasPassword: boolean; /** scrypt string (secrets.ts) of the console password, or null. */ passwordHash: string | null; rsaPublicKey: string | null; rsaPublicKey2: string | null; comment: string | null; createdOn: number;
}
/** oauthClient: the client_id of the OAuth integration an OAuth token was issued to (null: console or PAT). */
export interface TokenInfo { id: number; userName: string; name: string; lookup: string; secretHash: string; roleRestriction: string | null; expiresAt: number | null; comment: string | null; createdOn: number; oauthClient: string | null }
/**
 * A security integration (Snowflake OAuth for a custom client). properties: its settings as
 * CREATE / ALTER set them (upper-case keys, lib/auth/oauth-clients.ts reads them with their
 * defaults); secretGenerations: how often each of its two client secrets was refreshed.
 */
export interface IntegrationInfo {
  name: string; type: string; clientId: string; properties: Record<string, string>; secretGenerations: [number, number];
  owner: string | null; comment: string | null; createdOn: number;
}
export interface RoleInfo { name: string; owner: string | null; comment: string | null; createdOn: number }
/** A warehouse: its size and concurrency, and the other properties Floe keeps for SHOW WAREHOUSES. */
export interface WarehouseInfo {
  name: string; size: string; maxConcurrency: number; owner: string | null; comment: string | null; createdOn: number;
  /** AUTO_SUSPEND, AUTO_RESUME, STATE, WAREHOUSE_TYPE, MIN/MAX_CLUSTER_COUNT, SCALING_POLICY, … (upper-case keys). */
  properties: Record<string, string>;
}
/** Role `role` granted to a user or to another role. */
export interface RoleGrant { role: string; granteeKind: 'USER' | 'ROLE'; grantee: string }
/**
 * A privilege on an object granted to a role (lib/access). objectKind is ACCOUNT, WAREHOUSE,
 * DATABASE, SCHEMA, TABLE (views too: they share the table ids) or AGENT; objectId is the
 * object's id ('' for the account, the name for a warehouse).
 */
export interface ObjectGrant { privilege: string; objectKind: string; objectId: string; grantee: string; grantedBy: string | null; createdOn: number }

export interface CatalogRows {
  databases: unknown[][];
  schemas: unknown[][];
  tables: unknown[][];
  columns: unknown[][];
  users: unknown[][];
  tokens: unknown[][];
  warehouses: unknown[][];
  roles: unknown[][];
  agents: unknown[][];
  roleGrants: unknown[][];
  grants: unknown[][];
  meta: unknown[][];
  sequences: unknown[][];
  integrations: unknown[][];
}

export const CATALOG_QUERIES: Record<keyof CatalogRows, string> = {
  databases: 'SELECT id, name, owner, comment, created_on, kind FROM _floe_databases',
  schemas: 'SELECT id, database_id, name, owner, comment, created_on, kind FROM _floe_schemas',
  tables: 'SELECT id, schema_id, name, kind, owner, comment, created_on, text, lifetime, session_id, cluster_by, constraints FROM _floe_tables',
  columns: 'SELECT table_id, position, name, type, nullable, default_sql, comment, identity_sequence FROM _floe_columns ORDER BY table_id, position',
  users: 'SELECT name, default_role, default_warehouse, default_namespace, disabled, password_hash IS NOT NULL, rsa_public_key, rsa_public_key_2, comment, created_on, password_hash FROM _floe_users',
  tokens: 'SELECT id, user_name, name, lookup, secret_hash, role_restriction, expires_at, comment, created_on, oauth_client FROM _floe_tokens',
  warehouses: 'SELECT name, size, max_concurrency, owner, comment, created_on, properties FROM _floe_warehouses',
  roles: 'SELECT name, owner, comment, created_on FROM _floe_roles',
  roleGrants: 'SELECT role, grantee_kind, grantee FROM _floe_role_grants',
  agents: 'SELECT id, schema_id, name, owner, comment, profile, spec, created_on FROM _floe_agents',
  grants: 'SELECT privilege, object_kind, object_id, grantee, granted_by, created_on FROM _floe_grants',
  meta: 'SELECT key, value FROM _floe_meta',
  sequences: 'SELECT id, schema_id, name, table_id, start_value, increment, ordered, owner, comment, created_on FROM _floe_sequences',
  integrations: 'SELECT name, type, client_id, properties, secret_generation, secret_generation_2, owner, comment, created_on FROM _floe_integrations',
};

/** The objects a restricted copy of the catalog keeps (Catalog.subset). */
export interface CatalogSubset { databases: Set<number>; schemas: Set<number>; tables: Set<number>; agents: Set<number>; warehouses: Set<string> }

/** What a view of a catalog keeps (each kind: all when absent). */
interface ViewFilter {
  database?: (id: number) => boolean;
  schema?: (id: number) => boolean;
  table?: (id: number) => boolean;
  agent?: (id: number) => boolean;
  warehouse?: (name: string) => boolean;
}

/** A view's rows until asked for (Catalog.sourceRows computes them). */
const EMPTY_ROWS = {} as CatalogRows;

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

export class Catalog {
  readonly databases = new Map<string, DatabaseInfo>();
  readonly schemas = new Map<number, SchemaInfo>();
  readonly tables = new Map<number, TableInfo>();
  readonly users = new Map<string, UserInfo>();
  readonly tokens: TokenInfo[] = [];
  readonly warehouses = new Map<string, WarehouseInfo>();
  readonly roles = new Map<string, RoleInfo>();
  readonly roleGrants: RoleGrant[] = [];
  readonly agents = new Map<number, AgentInfo>();
  readonly grants: ObjectGrant[] = [];
  /** _floe_meta: account parameters (upper-case keys) and bookkeeping. */
  readonly meta = new Map<string, string>();
  /** TEMPORARY tables and views by the session that made them (most catalogs have none). */
  readonly temporary = new Map<string, TableInfo[]>();
  readonly sequences = new Map<number, SequenceInfo>();
  /** Security integrations by name. */
  readonly integrations = new Map<string, IntegrationInfo>();
  /** The whole catalog this one was cut from (itself when it is whole). */
  readonly unfiltered: Catalog;
  private readonly schemaByName = new Map<string, SchemaInfo>();
  private readonly tableByName = new Map<string, TableInfo>();
  private readonly agentByName = new Map<string, AgentInfo>();
  private readonly sequenceByName = new Map<string, SequenceInfo>();

  /** The rows of a view (subset, withoutTables), computed when first asked for (rarely: catalogs sent to another thread are whole ones). */
  private rowsOfView: (() => CatalogRows) | null = null;

  /** `view`: not built from rows but a view of `of` keeping what `keep` accepts, sharing its objects (subset, withoutTables). */
  constructor(private rows: CatalogRows, whole?: Catalog, view?: { of: Catalog; keep: ViewFilter }) {
    this.unfiltered = whole ?? this;
    if (view) {
      const { of } = view;
      // (What a view never narrows is shared as it is.)
      this.users = of.users; this.tokens = of.tokens; this.roles = of.roles; this.roleGrants = of.roleGrants;
      this.grants = of.grants; this.meta = of.meta; this.integrations = of.integrations;
      this.takeView(of, view.keep);
      return;
    }
    for (const [id, name, owner, comment, created, kind] of rows.databases) {
      this.databases.set(String(name), { id: Number(id), name: String(name), owner: str(owner), comment: str(comment), createdOn: Number(created), transient: kind === 'TRANSIENT' });
    }
    for (const [id, dbId, name, owner, comment, created, kind] of rows.schemas) {
      const s = { id: Number(id), databaseId: Number(dbId), name: String(name), owner: str(owner), comment: str(comment), createdOn: Number(created), transient: kind === 'TRANSIENT' };
      this.schemas.set(s.id, s);
      this.schemaByName.set(`${s.databaseId}\u0000${s.name}`, s);
    }
    for (const [id, schemaId, name, kind, owner, comment, created, text, lifetime, session, clusterBy, constraints] of rows.tables) {
      const t: TableInfo = {
        id: Number(id), schemaId: Number(schemaId), name: String(name), kind: kind === 'VIEW' ? 'VIEW' : 'TABLE', owner: str(owner), comment: str(comment), createdOn: Number(created),
        columns: [], text: str(text), lifetime: lifetime === 'TRANSIENT' || lifetime === 'TEMPORARY' ? lifetime : 'PERMANENT', sessionId: str(session),
        clusterBy: str(clusterBy), constraints: constraints ? (JSON.parse(String(constraints)) as TableConstraint[]) : [],
      };
      this.addTable(t);
    }
    for (const [tableId, , name, type, nullable, def, comment, identity] of rows.columns) {
      this.tables.get(Number(tableId))?.columns.push({
        name: String(name), type: String(type), nullable: Number(nullable) !== 0, defaultSql: str(def), comment: str(comment), identity: identity === null || identity === undefined ? null : Number(identity),
      });
    }
    for (const [id, schemaId, name, tableId, start, increment, ordered, owner, comment, created] of rows.sequences ?? []) {
      const q: SequenceInfo = {
        id: Number(id), schemaId: Number(schemaId), name: str(name), tableId: tableId === null ? null : Number(tableId), start: Number(start), increment: Number(increment),
        ordered: Number(ordered) !== 0, owner: str(owner), comment: str(comment), createdOn: Number(created),
      };
      this.sequences.set(q.id, q);
      if (q.name !== null) this.sequenceByName.set(`${q.schemaId}\u0000${q.name}`, q);
    }
    for (const [name, role, wh, ns, disabled, hasPw, key1, key2, comment, created, pwHash] of rows.users) {
      this.users.set(String(name), {
        name: String(name), defaultRole: str(role), defaultWarehouse: str(wh), defaultNamespace: str(ns), disabled: Number(disabled) !== 0,
        hasPassword: Number(hasPw) !== 0, passwordHash: str(pwHash), rsaPublicKey: str(key1), rsaPublicKey2: str(key2), comment: str(comment), createdOn: Number(created),
      });
    }
    for (const [id, user, name, lookup, hash, rr, exp, comment, created, client] of rows.tokens) {
      this.tokens.push({
        id: Number(id), userName: String(user), name: String(name), lookup: String(lookup), secretHash: String(hash), roleRestriction: str(rr),
        expiresAt: exp === null ? null : Number(exp), comment: str(comment), createdOn: Number(created), oauthClient: str(client),
      });
    }
    for (const [name, type, clientId, props, gen1, gen2, owner, comment, created] of rows.integrations ?? []) {
      this.integrations.set(String(name), {
        name: String(name), type: String(type), clientId: String(clientId), properties: JSON.parse(String(props)) as Record<string, string>,
        secretGenerations: [Number(gen1), Number(gen2)], owner: str(owner), comment: str(comment), createdOn: Number(created),
      });
    }
    for (const [name, size, conc, owner, comment, created, props] of rows.warehouses) {
      this.warehouses.set(String(name), {
        name: String(name), size: String(size), maxConcurrency: Number(conc), owner: str(owner), comment: str(comment), createdOn: Number(created),
        properties: props ? (JSON.parse(String(props)) as Record<string, string>) : {},
      });
    }
    for (const [name, owner, comment, created] of rows.roles) this.roles.set(String(name), { name: String(name), owner: str(owner), comment: str(comment), createdOn: Number(created) });
    for (const [role, kind, grantee] of rows.roleGrants) this.roleGrants.push({ role: String(role), granteeKind: kind === 'ROLE' ? 'ROLE' : 'USER', grantee: String(grantee) });
    for (const [id, schemaId, name, owner, comment, profile, spec, created] of rows.agents) {
      const a: AgentInfo = { id: Number(id), schemaId: Number(schemaId), name: String(name), owner: str(owner), comment: str(comment), profile: str(profile), spec: String(spec), createdOn: Number(created) };
      this.agents.set(a.id, a);
      this.agentByName.set(`${a.schemaId}\u0000${a.name}`, a);
    }
    for (const [privilege, kind, id, grantee, by, created] of rows.grants) {
      this.grants.push({ privilege: String(privilege), objectKind: String(kind), objectId: String(id), grantee: String(grantee), grantedBy: str(by), createdOn: Number(created) });
    }
    for (const [key, value] of rows.meta) this.meta.set(String(key), String(value));
  }

  /** The rows this catalog was built from (another thread builds the same catalog from them). */
  get sourceRows(): CatalogRows {
    if (this.rowsOfView) {
      this.rows = this.rowsOfView();
      this.rowsOfView = null;
    }
    return this.rows;
  }

  private addTable(t: TableInfo): void {
    this.tables.set(t.id, t);
    this.tableByName.set(`${t.schemaId}\u0000${t.name}`, t);
    if (t.sessionId !== null) this.temporary.set(t.sessionId, [...(this.temporary.get(t.sessionId) ?? []), t]);
  }

  /** The catalog as seen holding only the given databases, schemas, tables, agents and warehouses (what a role sees). */
  subset(keep: CatalogSubset): Catalog {
    return new Catalog(EMPTY_ROWS, this.unfiltered, { of: this, keep: {
      database: (id) => keep.databases.has(id), schema: (id) => keep.schemas.has(id), table: (id) => keep.tables.has(id),
      agent: (id) => keep.agents.has(id), warehouse: (name) => keep.warehouses.has(name),
    } });
  }

  /** This catalog without the given tables and views (another session's temporary ones). */
  withoutTables(ids: ReadonlySet<number>): Catalog {
    return new Catalog(EMPTY_ROWS, this.unfiltered, { of: this, keep: { table: (id) => !ids.has(id) } });
  }

  /**
   * Becomes a view of `of`: its maps hold what `keep` accepts of `of`'s objects, the objects
   * themselves shared (a catalog's objects never change once built). Role cuts and every session
   * beside another's temporary table make one, so it costs maps, not a catalog built again from
   * rows (parsed constraints and properties, a column object per column).
   */
  private takeView(of: Catalog, keep: ViewFilter): void {
    const all = () => true;
    const database = keep.database ?? all, schema = keep.schema ?? all, table = keep.table ?? all, agent = keep.agent ?? all;
    const warehouse = keep.warehouse ?? all;
    // A schema's sequences are seen with the schema (one owned by a hidden table with it).
    const sequence = (schemaId: number, tableId: number | null) => schema(schemaId) && (tableId === null || table(tableId));
    for (const [k, d] of of.databases) if (database(d.id)) this.databases.set(k, d);
    for (const [k, x] of of.schemas) if (schema(x.id)) this.schemas.set(k, x);
    for (const [k, x] of of.schemaByName) if (schema(x.id)) this.schemaByName.set(k, x);
    for (const t of of.tables.values()) if (table(t.id)) this.addTable(t);
    for (const [k, a] of of.agents) if (agent(a.id)) this.agents.set(k, a);
    for (const [k, a] of of.agentByName) if (agent(a.id)) this.agentByName.set(k, a);
    for (const [k, q] of of.sequences) if (sequence(q.schemaId, q.tableId)) this.sequences.set(k, q);
    for (const [k, q] of of.sequenceByName) if (sequence(q.schemaId, q.tableId)) this.sequenceByName.set(k, q);
    for (const [k, w] of of.warehouses) if (warehouse(w.name)) this.warehouses.set(k, w);
    const from = of.sourceRows;
    const id = (r: unknown[]) => Number(r[0]);
    this.rowsOfView = () => ({
      ...from,
      databases: from.databases.filter((r) => database(id(r))),
      schemas: from.schemas.filter((r) => schema(id(r))),
      tables: from.tables.filter((r) => table(id(r))),
      columns: from.columns.filter((r) => table(id(r))),
      agents: from.agents.filter((r) => agent(id(r))),
      sequences: (from.sequences ?? []).filter((r) => sequence(Number(r[1]), r[3] === null ? null : Number(r[3]))),
      warehouses: from.warehouses.filter((r) => warehouse(String(r[0]))),
    });
  }

  /** Roles a user may use: PUBLIC, the roles granted to him, and every role those inherit. */
  rolesOf(userName: string): Set<string> {
    const out = new Set<string>(['PUBLIC']);
    for (const g of this.roleGrants) {
      if (g.granteeKind === 'USER' && g.grantee === userName) for (const r of this.rolesUnder(g.role)) out.add(r);
    }
    return out;
  }

  /** Roles a role inherits (itself included). */
  rolesUnder(role: string): Set<string> {
    const out = new Set<string>([role]);
    const todo = [role];
    while (todo.length > 0) {
      const r = todo.pop()!;
      for (const g of this.roleGrants) if (g.granteeKind === 'ROLE' && g.grantee === r && !out.has(g.role)) { out.add(g.role); todo.push(g.role); }
    }
    return out;
  }

  database(name: string): DatabaseInfo | undefined {
    return this.databases.get(name);
  }

  schema(databaseId: number, name: string): SchemaInfo | undefined {
    return this.schemaByName.get(`${databaseId}\u0000${name}`);
  }

  table(schemaId: number, name: string): TableInfo | undefined {
    return this.tableByName.get(`${schemaId}\u0000${name}`);
  }

  agent(schemaId: number, name: string): AgentInfo | undefined {
    return this.agentByName.get(`${schemaId}\u0000${name}`);
  }

  /** The integration whose OAuth client_id this is. */
  integrationByClientId(clientId: string): IntegrationInfo | undefined {
    for (const i of this.integrations.values()) if (i.clientId === clientId) return i;
    return undefined;
  }

  sequence(schemaId: number, name: string): SequenceInfo | undefined {
    return this.sequenceByName.get(`${schemaId}\u0000${name}`);
  }

  /** The named sequences of a schema. */
  sequencesOf(schemaId: number): SequenceInfo[] {
    return [...this.sequences.values()].filter((q) => q.schemaId === schemaId && q.name !== null);
  }

  agentsOf(schemaId: number): AgentInfo[] {
    return [...this.agents.values()].filter((a) => a.schemaId === schemaId);
  }

  /** Database and schema of a schema id. */
  schemaPath(schemaId: number): { database: string; schema: string } {
    const s = this.schemas.get(schemaId)!;
    const d = [...this.databases.values()].find((x) => x.id === s.databaseId)!;
    return { database: d.name, schema: s.name };
  }

  schemasOf(databaseId: number): SchemaInfo[] {
    return [...this.schemas.values()].filter((s) => s.databaseId === databaseId);
  }

  tablesOf(schemaId: number): TableInfo[] {
    return [...this.tables.values()].filter((t) => t.schemaId === schemaId);
  }

  /** Fully qualified display name of a table: DB.SCHEMA.NAME. */
  qualifiedName(t: TableInfo): { database: string; schema: string; name: string } {
    return { ...this.schemaPath(t.schemaId), name: t.name };
  }
}
