/**
 * CREATE [OR REPLACE] WAREHOUSE, ALTER WAREHOUSE (SET / UNSET / SUSPEND / RESUME / RENAME TO),
 * DROP WAREHOUSE, SHOW WAREHOUSES and DESCRIBE WAREHOUSE. Size and MAX_CONCURRENCY_LEVEL are
 * columns of their own (what the engine can act on); the other properties are kept for SHOW.
 */
import type { Catalog, WarehouseInfo } from '@/lib/catalog/catalog';
import { dropWarehouse, renameWarehouse, upsertWarehouse } from '@/lib/catalog/warehouses';
import { SqlError, sqlErrors } from '../errors';
import { column, type Compiled } from '../compile/types';
import type { Session } from '../session';
import { types } from '../types';
import { alreadyExistsOk, dropCommand, invalidProperty, invalidValue, storedTimestamp } from './access';
import { Access } from '@/lib/access/check';
import { securables } from '@/lib/access/objects';
import { createMatches, TokenReader } from './reader';
import { applyNameFilters, readShowClauses } from './show-filters';
import type { Command } from './types';

/** Accepted sizes (as written, without '-' and '_') → how SHOW WAREHOUSES prints them. */
const SIZES: Record<string, string> = {
  XSMALL: 'X-Small', SMALL: 'Small', MEDIUM: 'Medium', LARGE: 'Large', XLARGE: 'X-Large',
  XXLARGE: '2X-Large', X2LARGE: '2X-Large', '2XLARGE': '2X-Large', XXXLARGE: '3X-Large', X3LARGE: '3X-Large', '3XLARGE': '3X-Large',
  X4LARGE: '4X-Large', '4XLARGE': '4X-Large', X5LARGE: '5X-Large', '5XLARGE': '5X-Large', X6LARGE: '6X-Large', '6XLARGE': '6X-Large',
};

/** Sizes as SHOW WAREHOUSES prints them, smallest first: each is twice the one before. */
export const SIZE_ORDER = ['X-Small', 'Small', 'Medium', 'Large', 'X-Large', '2X-Large', '3X-Large', '4X-Large', '5X-Large', '6X-Large'];

const DEFAULTS: Record<string, string> = {
  WAREHOUSE_TYPE: 'STANDARD', MIN_CLUSTER_COUNT: '1', MAX_CLUSTER_COUNT: '1', SCALING_POLICY: 'STANDARD', AUTO_SUSPEND: '600', AUTO_RESUME: 'true',
  ENABLE_QUERY_ACCELERATION: 'false', QUERY_ACCELERATION_MAX_SCALE_FACTOR: '8', RESOURCE_MONITOR: 'null', STATEMENT_TIMEOUT_IN_SECONDS: '172800',
  STATEMENT_QUEUED_TIMEOUT_IN_SECONDS: '0', STATE: 'STARTED',
};
const KEPT = new Set([...Object.keys(DEFAULTS).filter((k) => k !== 'STATE'), 'INITIALLY_SUSPENDED']);
const INTEGER = new Set(['MIN_CLUSTER_COUNT', 'MAX_CLUSTER_COUNT', 'AUTO_SUSPEND', 'QUERY_ACCELERATION_MAX_SCALE_FACTOR', 'STATEMENT_TIMEOUT_IN_SECONDS', 'STATEMENT_QUEUED_TIMEOUT_IN_SECONDS', 'MAX_CONCURRENCY_LEVEL']);
const BOOLEAN = new Set(['AUTO_RESUME', 'ENABLE_QUERY_ACCELERATION', 'INITIALLY_SUSPENDED']);

interface Settings { size?: string; maxConcurrency?: number; comment?: string | null; properties: Record<string, string> }

/** A property value; sizes may be written unquoted with a dash (X-SMALL). */
function readValue(r: TokenReader): string {
  let v = r.value();
  while (r.acceptPunct('-')) v += `-${r.value()}`;
  return v;
}

function normalizeValue(name: string, raw: string): string {
  if (name === 'WAREHOUSE_SIZE') {
    const size = SIZES[raw.toUpperCase().replace(/[-_]/g, '')];
    if (!size) throw invalidValue(name, raw);
    return size;
  }
  if (INTEGER.has(name)) {
    if (!/^\d+$/.test(raw) && !(name === 'AUTO_SUSPEND' && raw.toUpperCase() === 'NULL')) throw invalidValue(name, raw);
    return raw.toUpperCase() === 'NULL' ? '0' : String(Number(raw));
  }
  if (BOOLEAN.has(name)) {
    const b = raw.toUpperCase();
    if (b !== 'TRUE' && b !== 'FALSE') throw invalidValue(name, raw);
    return b.toLowerCase();
  }
  if (name === 'WAREHOUSE_TYPE' || name === 'SCALING_POLICY') return raw.toUpperCase().replace(/_/g, '-') === 'SNOWPARK-OPTIMIZED' ? 'SNOWPARK-OPTIMIZED' : raw.toUpperCase();
  return raw;
}

/** `[WITH] NAME = value …` into settings. */
function readSettings(r: TokenReader, into: Settings): void {
  r.accept('WITH');
  while (!r.done) {
    const name = r.ident().toUpperCase();
    if (!r.acceptPunct('=')) r.fail();
    const raw = readValue(r);
    if (name === 'COMMENT') { into.comment = raw; continue; }
    if (name !== 'WAREHOUSE_SIZE' && name !== 'MAX_CONCURRENCY_LEVEL' && !KEPT.has(name)) throw invalidProperty(name, 'WAREHOUSE');
    const value = normalizeValue(name, raw);
    if (name === 'WAREHOUSE_SIZE') into.size = value;
    else if (name === 'MAX_CONCURRENCY_LEVEL') into.maxConcurrency = Number(value);
    else into.properties[name] = value;
  }
}

/** A property of a warehouse (upper-case key), or its default. */
export const warehouseSetting = (w: WarehouseInfo, key: string): string | undefined => w.properties[key] ?? DEFAULTS[key];

const missing = (name: string) => sqlErrors.objectMissing('Warehouse', name);

export const createWarehouseCommand: Command = {
  name: 'CREATE WAREHOUSE',
  matches: createMatches('WAREHOUSE'),
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    const { orReplace, ifNotExists } = r.createHeader('WAREHOUSE');
    const name = r.ident();
    const settings: Settings = { properties: {} };
    readSettings(r, settings);
    return {
      kind: 'action',
      async run(env) {
        const access = Access.of(env.catalog(), env.session.role);
        access.require('CREATE WAREHOUSE', securables.account());
        const exists = env.catalog().warehouses.has(name);
        if (exists && ifNotExists) return alreadyExistsOk(name);
        if (exists && !orReplace) throw sqlErrors.alreadyExists('Warehouse', name);
        if (exists) access.require('OWNERSHIP', securables.warehouse(env.catalog(), name));
        const { INITIALLY_SUSPENDED: suspended, ...props } = settings.properties;
        await env.write(upsertWarehouse({
          name, size: settings.size ?? 'X-Small', maxConcurrency: settings.maxConcurrency ?? 8, owner: env.session.role, comment: settings.comment ?? null,
          createdOn: Date.now(), properties: { ...props, STATE: suspended === 'true' ? 'SUSPENDED' : 'STARTED' },
        }));
        // Snowflake makes a new warehouse the session's current one.
        env.session.warehouse = name;
        return { status: `Warehouse ${name} successfully created.` };
      },
    };
  },
};

export const alterWarehouseCommand: Command = {
  name: 'ALTER WAREHOUSE',
  matches: (w) => w[0] === 'ALTER' && w[1] === 'WAREHOUSE',
  compile(stmt) {
    const r = new TokenReader(stmt.tokens);
    r.expect('ALTER', 'WAREHOUSE');
    const ifExists = r.accept('IF', 'EXISTS');
    const verbs = ['SET', 'UNSET', 'SUSPEND', 'RESUME', 'RENAME', 'ABORT'];
    const given = verbs.some((v) => r.at(v)) ? null : r.ident();
    let change: (w: WarehouseInfo, catalog: Catalog) => WarehouseInfo;
    let abort = false;
    // What the change needs (lib/access): MODIFY to set properties, OPERATE to suspend or resume.
    let privilege = 'MODIFY';
    if (r.at('SUSPEND') || r.at('RESUME') || r.at('ABORT')) privilege = 'OPERATE';
    else if (r.at('RENAME')) privilege = 'OWNERSHIP';
    if (r.accept('SET')) {
      const s: Settings = { properties: {} };
      readSettings(r, s);
      change = (w) => ({ ...w, size: s.size ?? w.size, maxConcurrency: s.maxConcurrency ?? w.maxConcurrency, comment: s.comment === undefined ? w.comment : s.comment, properties: { ...w.properties, ...s.properties } });
    } else if (r.accept('UNSET')) {
      const names: string[] = [];
      do names.push(r.ident().toUpperCase()); while (r.acceptPunct(','));
      r.end();
      for (const n of names) if (n !== 'COMMENT' && n !== 'WAREHOUSE_SIZE' && n !== 'MAX_CONCURRENCY_LEVEL' && !KEPT.has(n)) throw invalidProperty(n, 'WAREHOUSE');
      change = (w) => {
        const properties = { ...w.properties };
        for (const n of names) delete properties[n];
        return { ...w, properties, comment: names.includes('COMMENT') ? null : w.comment, size: names.includes('WAREHOUSE_SIZE') ? 'X-Small' : w.size, maxConcurrency: names.includes('MAX_CONCURRENCY_LEVEL') ? 8 : w.maxConcurrency };
      };
    } else if (r.accept('SUSPEND')) {
      r.end();
      change = (w) => ({ ...w, properties: { ...w.properties, STATE: 'SUSPENDED' } });
    } else if (r.accept('RESUME')) {
      r.accept('IF', 'SUSPENDED');
      r.end();
      change = (w) => ({ ...w, properties: { ...w.properties, STATE: 'STARTED' } });
    } else if (r.accept('ABORT', 'ALL', 'QUERIES')) {
      r.end();
      change = (w) => w;
      abort = true;
    } else {
      r.expect('RENAME', 'TO');
      const to = r.ident();
      r.end();
      change = (w, catalog) => {
        if (catalog.warehouses.has(to)) throw sqlErrors.alreadyExists('Warehouse', to);
        return { ...w, name: to };
      };
    }
    return {
      kind: 'action',
      async run(env) {
        const name = given ?? env.session.warehouse;
        const catalog = env.catalog();
        const w = name === null ? undefined : catalog.warehouses.get(name);
        if (!w) {
          if (ifExists) return { status: 'Statement executed successfully.' };
          throw missing(name ?? '');
        }
        Access.of(catalog, env.session.role).require(privilege, securables.warehouse(catalog, w.name));
        if (abort) {
          await env.abortQueries(w.name);
          return { status: 'Statement executed successfully.' };
        }
        const next = change(w, catalog);
        await env.write(next.name !== w.name ? renameWarehouse(w.name, next) : upsertWarehouse(next));
        if (next.name !== w.name && env.session.warehouse === w.name) env.session.warehouse = next.name;
        return { status: 'Statement executed successfully.' };
      },
    };
  },
};

export const dropWarehouseCommand = dropCommand('WAREHOUSE', {
  exists: (c, n) => c.warehouses.has(n),
  check: () => {},
  steps: dropWarehouse,
});

/** As documented; budget was removed from SHOW output by bundle 2025_02. */
export const SHOW_WAREHOUSES_COLUMNS: [string, 'text' | 'number' | 'time'][] = [
  ['name', 'text'], ['state', 'text'], ['type', 'text'], ['size', 'text'], ['min_cluster_count', 'number'], ['max_cluster_count', 'number'],
  ['started_clusters', 'number'], ['running', 'number'], ['queued', 'number'], ['is_default', 'text'], ['is_current', 'text'], ['auto_suspend', 'number'],
  ['auto_resume', 'text'], ['available', 'text'], ['provisioning', 'text'], ['quiescing', 'text'], ['other', 'text'], ['created_on', 'time'],
  ['resumed_on', 'time'], ['updated_on', 'time'], ['owner', 'text'], ['comment', 'text'], ['enable_query_acceleration', 'text'],
  ['query_acceleration_max_scale_factor', 'number'], ['resource_monitor', 'text'], ['actives', 'number'], ['pendings', 'number'], ['failed', 'number'],
  ['suspended', 'number'], ['uuid', 'text'], ['scaling_policy', 'text'], ['owner_role_type', 'text'], ['resource_constraint', 'text'],
];

function showRow(w: WarehouseInfo, session: Session, defaultWarehouse: string | null, load: { running: number; queued: number }): unknown[] {
  const p = { ...DEFAULTS, ...w.properties };
  const started = p.STATE === 'STARTED';
  const clusters = started ? Number(p.MIN_CLUSTER_COUNT) : 0;
  const values: Record<string, unknown> = {
    name: w.name, state: p.STATE, type: p.WAREHOUSE_TYPE, size: w.size, min_cluster_count: Number(p.MIN_CLUSTER_COUNT), max_cluster_count: Number(p.MAX_CLUSTER_COUNT),
    started_clusters: clusters, running: load.running, queued: load.queued, is_default: w.name === defaultWarehouse ? 'Y' : 'N', is_current: w.name === session.warehouse ? 'Y' : 'N',
    auto_suspend: Number(p.AUTO_SUSPEND) || null, auto_resume: p.AUTO_RESUME, available: started ? '100' : '', provisioning: started ? '0' : '', quiescing: started ? '0' : '',
    other: started ? '0' : '', created_on: storedTimestamp(w.createdOn), resumed_on: storedTimestamp(w.createdOn), updated_on: storedTimestamp(w.createdOn),
    owner: w.owner, comment: w.comment ?? '', enable_query_acceleration: p.ENABLE_QUERY_ACCELERATION,
    query_acceleration_max_scale_factor: Number(p.QUERY_ACCELERATION_MAX_SCALE_FACTOR), resource_monitor: p.RESOURCE_MONITOR, actives: clusters, pendings: 0, failed: 0,
    suspended: started ? 0 : Number(p.MIN_CLUSTER_COUNT), uuid: String(w.createdOn), scaling_policy: p.SCALING_POLICY, owner_role_type: 'ROLE', resource_constraint: null,
  };
  return SHOW_WAREHOUSES_COLUMNS.map(([n]) => values[n]);
}

export const showWarehousesCommand: Command = {
  name: 'SHOW WAREHOUSES',
  matches: (w) => w[0] === 'SHOW' && w[1] === 'WAREHOUSES',
  compile(stmt, ctx): Compiled {
    const r = new TokenReader(stmt.tokens);
    r.expect('SHOW', 'WAREHOUSES');
    const clauses = readShowClauses(r);
    const list = applyNameFilters([...ctx.catalog.warehouses.values()], (w) => w.name, clauses);
    const defaultWarehouse = ctx.catalog.users.get(ctx.session.user)?.defaultWarehouse ?? null;
    return {
      kind: 'rows',
      columns: SHOW_WAREHOUSES_COLUMNS.map(([n, t]) => column(n, t === 'number' ? types.number(38, 0) : t === 'time' ? types.timestampLtz(3) : types.varchar())),
      rows: list.map((w) => showRow(w, ctx.session, defaultWarehouse, ctx.services.warehouseLoad(w.name))),
    };
  },
};

export const describeWarehouseCommand: Command = {
  name: 'DESCRIBE WAREHOUSE',
  matches: (w) => (w[0] === 'DESCRIBE' || w[0] === 'DESC') && w[1] === 'WAREHOUSE',
  compile(stmt, ctx): Compiled {
    const r = new TokenReader(stmt.tokens);
    if (!r.accept('DESCRIBE')) r.expect('DESC');
    r.expect('WAREHOUSE');
    const name = r.ident();
    r.end();
    const w = ctx.catalog.warehouses.get(name);
    if (!w) throw missing(name);
    return { kind: 'rows', columns: [column('created_on', types.timestampLtz(3)), column('name', types.varchar()), column('kind', types.varchar())], rows: [[storedTimestamp(w.createdOn), w.name, 'WAREHOUSE']] };
  },
};

/** USE WAREHOUSE of an unknown warehouse, as Snowflake words it. */
export const warehouseNotUsable = () => new SqlError('002043', '02000', 'SQL compilation error:\nObject does not exist, or operation cannot be performed.');

export const WAREHOUSE_COMMANDS: Command[] = [createWarehouseCommand, alterWarehouseCommand, dropWarehouseCommand, showWarehousesCommand, describeWarehouseCommand];
