/**
 * The tables of the state Floe nodes share when the engine is PostgreSQL (schema `floe_state`):
 * the nodes and their leases, the statement registry, stored result partitions (by day, so that
 * retention drops a whole day's table), console worksheets and the object id sequence. Created by versioned migrations
 * under an advisory lock, so that nodes starting at once migrate once; a database at an older
 * version is brought up to date, one at this version is left alone.
 */
import type { Pool, PoolClient } from 'pg';
import { resourceError } from '@/lib/limits/resource-errors';
import { StorageError } from './durable-file';
import { refuseNewerSchema } from './schema-version';

export const STATE_SCHEMA = 'floe_state';

/** pg_advisory_xact_lock keys (a fixed pair, so that no other user of the database collides by chance). */
export const STATE_LOCKS: Record<'migrate' | 'resultDays' | 'prune' | 'sweep', [number, number]> = {
  migrate: [0x666c6f65, 1], resultDays: [0x666c6f65, 2], prune: [0x666c6f65, 3], sweep: [0x666c6f65, 4],
};

/** pg_advisory_xact_lock(key, hashtext(name)) namespaces: admission checks of one user, of one warehouse. */
export const ADMISSION_LOCKS = { user: 0x666c6f66, warehouse: 0x666c6f67 } as const;

/**
 * admit's and admit_many's first steps (PL/pgSQL): the user's and the warehouse's locks, then the
 * counts of live nodes' requests into mine, wh, mine_wh (running: the user's, the warehouse's,
 * the user's on it) and places, my_places (warehouse places taken: all, the user's).
 */
const ADMISSION_COUNTS = `        PERFORM pg_advisory_xact_lock(${ADMISSION_LOCKS.user}, hashtext(p_user));
        IF p_warehouse IS NOT NULL THEN PERFORM pg_advisory_xact_lock(${ADMISSION_LOCKS.warehouse}, hashtext(p_warehouse)); END IF;
        SELECT count(*) FILTER (WHERE r.user_name = p_user), count(*) FILTER (WHERE r.warehouse = p_warehouse),
               count(*) FILTER (WHERE r.user_name = p_user AND r.warehouse = p_warehouse),
               count(*) FILTER (WHERE r.slot_warehouse = p_warehouse),
               count(*) FILTER (WHERE r.slot_warehouse = p_warehouse AND r.user_name = p_user)
          INTO mine, wh, mine_wh, places, my_places
          FROM floe_state.running r JOIN floe_state.nodes n ON n.node_id = r.node_id AND n.lease_until >= now()
          WHERE r.user_name = p_user OR r.warehouse = p_warehouse OR r.slot_warehouse = p_warehouse;`;

/** In order; a migration once released never changes (a new one follows it; shared text such as ADMISSION_COUNTS reads the same in each). */
export const STATE_MIGRATIONS: { version: number; sql: string }[] = [
  {
    version: 1,
    sql: `
      CREATE TABLE floe_state.nodes (
        node_id text PRIMARY KEY,
        started_on timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz NOT NULL
      );
      -- One row per statement: the fields lookups filter on, and the record as Floe writes it.
      CREATE TABLE floe_state.statements (
        handle text PRIMARY KEY,
        user_name text NOT NULL,
        request_id text NOT NULL,
        is_child boolean NOT NULL,
        warehouse text,
        internal boolean NOT NULL,
        created_on bigint NOT NULL,
        ended_on bigint,
        status text NOT NULL,
        -- The node running it (a running statement is lost when that node's lease ends).
        owner text,
        cancel_requested boolean NOT NULL DEFAULT false,
        result_bytes bigint NOT NULL DEFAULT 0,
        record text NOT NULL
      );
      CREATE INDEX statements_request ON floe_state.statements (user_name, request_id) WHERE NOT is_child;
      CREATE INDEX statements_history ON floe_state.statements (created_on DESC, handle COLLATE "C" DESC);
      CREATE INDEX statements_running ON floe_state.statements (owner) WHERE status = 'running';
      CREATE INDEX statements_results ON floe_state.statements (ended_on) WHERE result_bytes > 0;
      -- Partitions of stored results, one table per day of the statements' creation.
      CREATE TABLE floe_state.result_partitions (
        day date NOT NULL,
        handle text NOT NULL,
        n integer NOT NULL,
        data bytea NOT NULL,
        PRIMARY KEY (day, handle, n)
      ) PARTITION BY RANGE (day);
      CREATE TABLE floe_state.worksheets (
        user_name text PRIMARY KEY,
        doc text NOT NULL
      );`,
  },
  {
    version: 2,
    // Object ids for every node, a block of OBJECT_ID_BLOCK at a time; above any id a node's
    // clock made before (now × 100), so that ids keep growing.
    sql: `
      DO $$ BEGIN
        EXECUTE format('CREATE SEQUENCE floe_state.object_ids INCREMENT BY 1000 START WITH %s',
          (floor(extract(epoch FROM clock_timestamp()) * 1000) * 100)::bigint + 100000000);
      END $$;`,
  },
  {
    version: 3,
    // The catalog's version: every catalog write bumps it in its own transaction (CATALOG_BUMP).
    sql: `
      CREATE TABLE floe_state.catalog_version (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        version bigint NOT NULL
      );
      INSERT INTO floe_state.catalog_version (version) VALUES (0);`,
  },
  {
    version: 4,
    sql: `
      -- Every committed write of a table's data moves its version (in the writing transaction), so
      -- that a node's result cache sees other nodes' writes (lib/statements/result-cache.ts).
      CREATE TABLE floe_state.table_versions (
        table_id bigint PRIMARY KEY,
        version bigint NOT NULL
      );
      -- Requests running on some node (admission counts: per user, per warehouse) and the warehouse
      -- place each holds now; a dead node's rows stop counting when its lease ends.
      CREATE TABLE floe_state.running (
        handle text PRIMARY KEY,
        node_id text NOT NULL,
        user_name text NOT NULL,
        warehouse text,
        slot_warehouse text,
        slot_reads boolean NOT NULL DEFAULT false
      );
      CREATE INDEX running_node ON floe_state.running (node_id);
      CREATE INDEX running_user ON floe_state.running (user_name);
      CREATE INDEX running_warehouse ON floe_state.running (warehouse);
      CREATE INDEX running_slot ON floe_state.running (slot_warehouse) WHERE slot_warehouse IS NOT NULL;
      -- The node a session with temporary objects runs on: when its lease ends, another node drops them.
      CREATE TABLE floe_state.session_nodes (
        session_id text PRIMARY KEY,
        node_id text NOT NULL
      );
      -- A request starts running unless its user, its warehouse or its user on that warehouse has
      -- reached its limit over every live node (one round trip; the locks last to its commit).
      CREATE FUNCTION floe_state.enter_running(p_handle text, p_node text, p_user text, p_warehouse text,
          p_per_user integer, p_per_warehouse integer, p_per_user_on_warehouse integer) RETURNS boolean
      LANGUAGE plpgsql AS $$
      DECLARE mine integer; wh integer; mine_wh integer;
      BEGIN
        PERFORM pg_advisory_xact_lock(${ADMISSION_LOCKS.user}, hashtext(p_user));
        IF p_warehouse IS NOT NULL THEN PERFORM pg_advisory_xact_lock(${ADMISSION_LOCKS.warehouse}, hashtext(p_warehouse)); END IF;
        SELECT count(*) FILTER (WHERE r.user_name = p_user), count(*) FILTER (WHERE r.warehouse = p_warehouse),
               count(*) FILTER (WHERE r.user_name = p_user AND r.warehouse = p_warehouse)
          INTO mine, wh, mine_wh
          FROM floe_state.running r JOIN floe_state.nodes n ON n.node_id = r.node_id AND n.lease_until >= now()
          WHERE r.user_name = p_user OR r.warehouse = p_warehouse;
        IF mine >= p_per_user OR wh >= p_per_warehouse OR mine_wh >= p_per_user_on_warehouse THEN RETURN false; END IF;
        INSERT INTO floe_state.running (handle, node_id, user_name, warehouse) VALUES (p_handle, p_node, p_user, p_warehouse);
        RETURN true;
      END $$;
      -- A place on a warehouse while it has fewer than p_max statements running over every live
      -- node and the user fewer than p_user_max of them (p_force: taken whatever the count).
      CREATE FUNCTION floe_state.take_place(p_handle text, p_node text, p_user text, p_warehouse text, p_reads boolean,
          p_max integer, p_user_max integer, p_force boolean) RETURNS boolean
      LANGUAGE plpgsql AS $$
      DECLARE total integer; mine integer;
      BEGIN
        PERFORM pg_advisory_xact_lock(${ADMISSION_LOCKS.warehouse}, hashtext(p_warehouse));
        IF NOT p_force THEN
          SELECT count(*), count(*) FILTER (WHERE r.user_name = p_user) INTO total, mine
            FROM floe_state.running r JOIN floe_state.nodes n ON n.node_id = r.node_id AND n.lease_until >= now()
            WHERE r.slot_warehouse = p_warehouse;
          IF total >= p_max OR mine >= p_user_max THEN RETURN false; END IF;
        END IF;
        INSERT INTO floe_state.running AS r (handle, node_id, user_name, slot_warehouse, slot_reads) VALUES (p_handle, p_node, p_user, p_warehouse, p_reads)
          ON CONFLICT (handle) DO UPDATE SET slot_warehouse = excluded.slot_warehouse, slot_reads = excluded.slot_reads;
        RETURN true;
      END $$;`,
  },
  {
    version: 5,
    sql: `
      -- enter_running and take_place in one round trip: a request enters (or not, as enter_running
      -- decides) and, when p_max is not null, also takes a place on p_warehouse if there is room
      -- (as take_place decides). With the catalog version it ran at, so that a node whose copy is
      -- older follows before compiling (a GRANT, REVOKE or DROP on another node holds here at once).
      CREATE FUNCTION floe_state.admit(p_handle text, p_node text, p_user text, p_warehouse text,
          p_per_user integer, p_per_warehouse integer, p_per_user_on_warehouse integer, p_max integer, p_user_max integer,
          OUT entered boolean, OUT placed boolean, OUT catalog_version bigint)
      LANGUAGE plpgsql AS $$
      DECLARE mine integer; wh integer; mine_wh integer; places integer; my_places integer;
      BEGIN
        SELECT v.version INTO catalog_version FROM floe_state.catalog_version v;
${ADMISSION_COUNTS}
        entered := NOT (mine >= p_per_user OR wh >= p_per_warehouse OR mine_wh >= p_per_user_on_warehouse);
        placed := entered AND p_warehouse IS NOT NULL AND p_max IS NOT NULL AND places < p_max AND my_places < p_user_max;
        IF entered THEN
          INSERT INTO floe_state.running (handle, node_id, user_name, warehouse, slot_warehouse)
            VALUES (p_handle, p_node, p_user, p_warehouse, CASE WHEN placed THEN p_warehouse END);
        END IF;
      END $$;`,
  },
  {
    version: 6,
    sql: `
      -- admit for several requests of one user on one warehouse at once (a node sends those that
      -- came while its previous admit was under way as one call): the same decisions, in the
      -- array's order, as that many admit calls one after the other; one row per request.
      CREATE FUNCTION floe_state.admit_many(p_handles text[], p_node text, p_user text, p_warehouse text,
          p_per_user integer, p_per_warehouse integer, p_per_user_on_warehouse integer, p_max integer[], p_user_max integer[])
        RETURNS TABLE (handle text, entered boolean, placed boolean, catalog_version bigint)
      LANGUAGE plpgsql AS $$
      DECLARE mine integer; wh integer; mine_wh integer; places integer; my_places integer; version bigint;
        i integer; ins_handles text[] := '{}'; ins_slots text[] := '{}';
      BEGIN
        SELECT v.version INTO version FROM floe_state.catalog_version v;
${ADMISSION_COUNTS}
        FOR i IN 1 .. coalesce(array_length(p_handles, 1), 0) LOOP
          handle := p_handles[i];
          catalog_version := version;
          entered := NOT (mine >= p_per_user OR wh >= p_per_warehouse OR mine_wh >= p_per_user_on_warehouse);
          placed := entered AND p_warehouse IS NOT NULL AND p_max[i] IS NOT NULL AND places < p_max[i] AND my_places < p_user_max[i];
          IF entered THEN
            mine := mine + 1;
            -- (No warehouse: admit counts none of its requests' warehouse rows either.)
            IF p_warehouse IS NOT NULL THEN wh := wh + 1; mine_wh := mine_wh + 1; END IF;
            IF placed THEN places := places + 1; my_places := my_places + 1; END IF;
            ins_handles := ins_handles || handle;
            ins_slots := ins_slots || CASE WHEN placed THEN p_warehouse END;
          END IF;
          RETURN NEXT;
        END LOOP;
        INSERT INTO floe_state.running (handle, node_id, user_name, warehouse, slot_warehouse)
          SELECT h, p_node, p_user, p_warehouse, s FROM unnest(ins_handles, ins_slots) AS u(h, s);
      END $$;
      -- One implementation: admit (nodes of the previous version still call it) is one request's admit_many.
      CREATE OR REPLACE FUNCTION floe_state.admit(p_handle text, p_node text, p_user text, p_warehouse text,
          p_per_user integer, p_per_warehouse integer, p_per_user_on_warehouse integer, p_max integer, p_user_max integer,
          OUT entered boolean, OUT placed boolean, OUT catalog_version bigint)
      LANGUAGE sql AS $$
        SELECT a.entered, a.placed, a.catalog_version FROM floe_state.admit_many(ARRAY[p_handle], p_node, p_user, p_warehouse,
          p_per_user, p_per_warehouse, p_per_user_on_warehouse, ARRAY[p_max], ARRAY[p_user_max]) a
      $$;`,
  },
];

/** Where a freed warehouse place is announced (payload: the warehouse), so that waiting statements on every node look again. */
export const ADMISSION_CHANNEL = 'floe_admission';

/**
 * The step, in a write's own transaction, that moves the versions of the tables it may change
 * (ids in order, so that two writers lock the rows in the same order).
 */
export function tableBump(ids: number[]): { sql: string; params: [] } | null {
  const sorted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id)).sort((x, y) => x - y);
  if (sorted.length === 0) return null;
  return {
    sql: `INSERT INTO ${STATE_SCHEMA}.table_versions AS v (table_id, version) VALUES ${sorted.map((id) => `(${id}, 1)`).join(', ')}
          ON CONFLICT (table_id) DO UPDATE SET version = v.version + 1`,
    params: [],
  };
}

/** Where a committed catalog write is announced to the other nodes (payload: the new version). */
export const CATALOG_CHANNEL = 'floe_catalog';

/**
 * The last step of every catalog write on PostgreSQL: the version moves and the other nodes are
 * told, in the writing transaction (the row lock orders writers; NOTIFY is delivered at commit,
 * and not at all on rollback).
 */
export const CATALOG_BUMP = {
  sql: `WITH v AS (UPDATE ${STATE_SCHEMA}.catalog_version SET version = version + 1 RETURNING version)
        SELECT pg_notify('${CATALOG_CHANNEL}', version::text) FROM v`,
};

/** Object ids a node takes from floe_state.object_ids at once: its INCREMENT BY (migration 2). */
export const OBJECT_ID_BLOCK = 1000;

/**
 * SQLSTATEs of a server that cannot serve anyone now, besides class 08 (connection exceptions):
 * shutting down (57P01), crashed (57P02), starting (57P03), out of connections (53300), or it ended
 * an idle session (57P05). Waiting and trying again helps; other class 53/57 states are this
 * request's own (a dropped database, a temp_file_limit).
 */
const UNREACHABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '53300']);
/** node-postgres's own failures of a connection (they carry no code), and socket errors that lost theirs. */
const CONNECTION_FAILURES = /^(?:connect|read|write|getaddrinfo) E[A-Z]+\b|Connection terminated|timeout exceeded when trying to connect|timeout expired|Client has encountered a connection error|Client was closed and is not queryable|Connection refused|Query read timeout/i;

/**
 * Whether a failure means PostgreSQL cannot be reached now (down, restarting, refusing
 * connections), not that it refused this request: the one rule for statements (000603 "try
 * again", mapPostgresError in lib/engine/postgres/postgres-errors.ts) and for the shared state
 * (503 + Retry-After, stateError below). A socket error (node's E… codes), a connection
 * SQLSTATE, or the client's own connection failures; anything else (a bug of ours, a server
 * error) is not.
 */
export function isPostgresUnreachable(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code.startsWith('08') || UNREACHABLE_STATES.has(code);
  const message = e instanceof Error ? e.message : typeof (e as { message?: unknown } | null)?.message === 'string' ? (e as { message: string }).message : '';
  return CONNECTION_FAILURES.test(message);
}

/** StorageError.errno of a shared-state failure while PostgreSQL is unreachable: HTTP 503, try again. */
export const UNREACHABLE = 'UNREACHABLE';

/** A PostgreSQL failure of the shared state, as the resource error a statement or request answers. */
export function stateError(e: unknown, what: string): StorageError {
  if (e instanceof StorageError) return e;
  const detail = e instanceof Error ? e.message : String(e);
  if (isPostgresUnreachable(e)) return new StorageError(resourceError('io', `${what} failed: PostgreSQL is unreachable (${detail}); try again`), UNREACHABLE);
  return new StorageError(resourceError('io', `${what} failed (PostgreSQL: ${detail})`));
}

/**
 * Runs `fn` in a transaction on one connection of the pool. A connection that failed (or whose
 * statement went unanswered past the pool's `query_timeout`: it may still be busy) is closed,
 * not given back for the next transaction to queue behind.
 */
export async function inTransaction<T>(pool: Pool, fn: (c: PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  let failed: Error | undefined;
  try {
    await c.query('BEGIN');
    const out = await fn(c);
    await c.query('COMMIT');
    return out;
  } catch (e) {
    if (isPostgresUnreachable(e)) failed = e as Error;
    else await c.query('ROLLBACK').catch((r: unknown) => { failed = r as Error; });
    throw e;
  } finally {
    c.release(failed);
  }
}

const refuseNewerState = (have: Iterable<number>) =>
  refuseNewerSchema(`The PostgreSQL database's shared state (${STATE_SCHEMA}.migrations)`, have, STATE_MIGRATIONS.map((m) => m.version));

/**
 * Read only, at a start before anything is written (the engine's migrations come first): the
 * shared state of a newer Floe stops the start (`read` runs one query, its rows as arrays).
 */
export async function refuseNewerStateSchema(read: (sql: string) => Promise<unknown[][]>): Promise<void> {
  const present = Number((await read(`SELECT CASE WHEN to_regclass('${STATE_SCHEMA}.migrations') IS NULL THEN 0 ELSE 1 END`))[0][0]) === 1;
  if (present) refuseNewerState((await read(`SELECT version FROM ${STATE_SCHEMA}.migrations`)).map((r) => Number(r[0])));
}

/** Brings the schema to the latest version; returns the versions applied now (none when current). */
export async function migrateStateSchema(pool: Pool): Promise<number[]> {
  return inTransaction(pool, async (c) => {
    await c.query('SELECT pg_advisory_xact_lock($1, $2)', STATE_LOCKS.migrate);
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${STATE_SCHEMA}`);
    await c.query(`CREATE TABLE IF NOT EXISTS ${STATE_SCHEMA}.migrations (version integer PRIMARY KEY, applied_on timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await c.query<{ version: number }>(`SELECT version FROM ${STATE_SCHEMA}.migrations`)).rows.map((r) => r.version));
    refuseNewerState(done);
    const applied: number[] = [];
    for (const m of STATE_MIGRATIONS) {
      if (done.has(m.version)) continue;
      await c.query(m.sql);
      await c.query(`INSERT INTO ${STATE_SCHEMA}.migrations (version) VALUES ($1)`, [m.version]);
      applied.push(m.version);
    }
    return applied;
  });
}
