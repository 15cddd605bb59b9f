/**
 * Data dirs written before columns had storage names (see storageName) hold columns whose
 * SQLite name is their Snowflake name. Columns with lower-case letters (quoted names) are
 * renamed once to their storage names (views have no storage: stored-views-migration.ts drops
 * the SQLite views of old data dirs first). Marked done in _floe_meta.
 */
import { storageName } from '@/lib/catalog/names';
import type { MigrationEngine } from './migration-engine';
import { tableStorageName } from '@/lib/catalog/system-tables';


const MARKER = 'column_storage_names';
const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function migrateColumnNames(engine: MigrationEngine): Promise<void> {
  if ((await engine.query(`SELECT 1 FROM _floe_meta WHERE key = '${MARKER}'`)).rows.length > 0) return;
  const cols = (await engine.query("SELECT c.table_id, t.kind, c.name FROM _floe_columns c JOIN _floe_tables t ON t.id = c.table_id ORDER BY c.table_id, c.position")).rows
    .map(([id, kind, name]) => ({ id: Number(id), kind: String(kind), name: String(name) }));
  const byTable = new Map<number, { kind: string; names: string[] }>();
  for (const c of cols) {
    const t = byTable.get(c.id) ?? { kind: c.kind, names: [] };
    t.names.push(c.name);
    byTable.set(c.id, t);
  }
  const changed = [...byTable.entries()].filter(([, t]) => t.names.some((n) => storageName(n) !== n));
  for (const [id, t] of changed) {
    if (t.kind === 'VIEW') continue;
    const steps = t.names.filter((n) => storageName(n) !== n).map((n) => `ALTER TABLE ${q(tableStorageName(id))} RENAME COLUMN ${q(n)} TO ${q(storageName(n))}`);
    // One table at a time: a table SQLite refuses to alter keeps its old names rather than stopping the server.
    await engine.write(steps).catch((e) => console.error(`Floe: could not rename the columns of ${tableStorageName(id)}: ${String(e)}`));
  }
  await engine.write([`INSERT OR REPLACE INTO _floe_meta(key, value) VALUES ('${MARKER}', '1')`]);
}
