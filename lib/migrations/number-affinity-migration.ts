/**
 * Data dirs written before NUMBER(p > 18, 0) columns lost their INTEGER affinity (the SQLite dialect's storageType)
 * hold such columns declared INTEGER, where an integer beyond int64 written as exact text becomes a
 * lossy double. Each such table is rebuilt once with the current affinity (SQLite cannot change a
 * column's declared type): a copy keeps every row and rowid, values already turned into doubles
 * are stored in NUMBER's canonical form, and the copy takes the table's name (no SQLite view
 * reads it: stored-views-migration.ts runs first). Found by the declared types themselves, so a rebuilt table is not looked at again.
 */
import { parseTypeName, storeFunction, type SfType } from '@/lib/sql/types';
import { sqliteDialect } from '@/lib/sql/dialect';
import { storageName } from '@/lib/catalog/names';
import type { MigrationEngine } from './migration-engine';
import { tableStorageName } from '@/lib/catalog/system-tables';


const q = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function migrateNumberAffinity(engine: MigrationEngine): Promise<void> {
  const cols = (await engine.query("SELECT c.table_id, c.name, c.type FROM _floe_columns c JOIN _floe_tables t ON t.id = c.table_id WHERE t.kind = 'TABLE' AND c.type LIKE 'NUMBER%'")).rows;
  // Storage column → its NUMBER type, for columns that should have no affinity, by table.
  const byTable = new Map<number, Map<string, SfType>>();
  for (const [id, name, typeText] of cols) {
    const t = parseTypeName(String(typeText));
    if (!t || t.wire !== 'fixed' || sqliteDialect.storageType(t) !== 'BLOB') continue;
    const m = byTable.get(Number(id)) ?? new Map<string, SfType>();
    m.set(storageName(String(name)), t);
    byTable.set(Number(id), m);
  }
  for (const [id, wanted] of byTable) {
    const table = tableStorageName(id);
    const info = (await engine.query(`SELECT name, type, "notnull" FROM pragma_table_info('${table}') ORDER BY cid`)).rows
      .map(([name, type, notnull]) => ({ name: String(name), type: String(type), notNull: Number(notnull) === 1 }));
    const stale = (c: { name: string; type: string }) => wanted.has(c.name) && c.type.toUpperCase() === 'INTEGER';
    if (!info.some(stale)) continue;
    const copy = `${table}__floe_rebuild`;
    const defs = info.map((c) => `${q(c.name)} ${stale(c) ? 'BLOB' : c.type}${c.notNull ? ' NOT NULL' : ''}`).join(', ');
    const names = info.map((c) => q(c.name)).join(', ');
    const values = info.map((c) => {
      if (!stale(c)) return q(c.name);
      const store = storeFunction(wanted.get(c.name)!)!;
      return `IIF(typeof(${q(c.name)}) = 'real', ${store.name}(${[q(c.name), ...store.extraArgs].join(', ')}), ${q(c.name)})`;
    }).join(', ');
    const steps = [
      `CREATE TABLE ${q(copy)} (${defs})`,
      `INSERT INTO ${q(copy)} (rowid, ${names}) SELECT rowid, ${values} FROM ${q(table)}`,
      `DROP TABLE ${q(table)}`,
      `ALTER TABLE ${q(copy)} RENAME TO ${q(table)}`,
    ];
    // One table at a time: one SQLite refuses to rebuild keeps its affinity rather than stopping the server.
    await engine.write(steps).catch((e) => console.error(`Floe: could not rebuild ${table} for exact NUMBER columns: ${String(e)}`));
  }
}
