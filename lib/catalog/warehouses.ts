/**
 * Catalog operations on warehouses (_floe_warehouses): size and concurrency are columns of their
 * own, the other properties one JSON object. Each returns the engine steps; the caller applies
 * them through the one catalog write path (lib/statements/catalog-writes.ts).
 */
import type { SqlStep } from '@/lib/engine/types';
import type { WarehouseInfo } from './catalog';
import { moveObjectGrants, revokeObjectGrants } from './grants';

/** The row stored under `previousName` replaced by `w`'s. */
function replaceRow(previousName: string, w: WarehouseInfo): SqlStep[] {
  return [
    { sql: 'DELETE FROM _floe_warehouses WHERE name = ?', params: [previousName] },
    {
      sql: 'INSERT INTO _floe_warehouses(name, size, max_concurrency, owner, comment, created_on, properties) VALUES (?, ?, ?, ?, ?, ?, ?)',
      params: [w.name, w.size, w.maxConcurrency, w.owner, w.comment, w.createdOn, JSON.stringify(w.properties)],
    },
  ];
}

/** Stores a warehouse's row, replacing any of that name (CREATE [OR REPLACE], ALTER … SET / UNSET / SUSPEND / RESUME). */
export const upsertWarehouse = (w: WarehouseInfo): SqlStep[] => replaceRow(w.name, w);

/** ALTER WAREHOUSE … RENAME TO: `w` under its new name (a name no warehouse has); its grants follow it. */
export const renameWarehouse = (from: string, w: WarehouseInfo): SqlStep[] => [...replaceRow(from, w), ...moveObjectGrants('WAREHOUSE', from, w.name)];

/** The write that marks a suspended warehouse started again (AUTO_RESUME). */
export const resumeWarehouse = (w: WarehouseInfo): SqlStep[] => upsertWarehouse({ ...w, properties: { ...w.properties, STATE: 'STARTED' } });

/** DROP WAREHOUSE: its grants go with it. */
export const dropWarehouse = (name: string): SqlStep[] => [{ sql: 'DELETE FROM _floe_warehouses WHERE name = ?', params: [name] }, ...revokeObjectGrants('WAREHOUSE', name)];
