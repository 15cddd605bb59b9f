/**
 * Data dirs written before views were expanded where statements use them (sql/compile/views.ts)
 * hold an SQLite view per Floe view. Nothing reads them now, and SQLite re-checks every view when a
 * table is altered, so one over a dropped table would block ALTER TABLE anywhere in its database:
 * they are dropped once. The catalog rows and stored definitions stay: they are the views.
 */
import { quoteIdent as q } from '@/lib/sql/sql-text';
import type { MigrationEngine } from './migration-engine';

export async function dropStoredViews(engine: MigrationEngine): Promise<void> {
  const names = (await engine.query("SELECT name FROM sqlite_master WHERE type = 'view'")).rows.map(([name]) => String(name));
  if (names.length > 0) await engine.write(names.map((name) => `DROP VIEW ${q(name)}`));
}
