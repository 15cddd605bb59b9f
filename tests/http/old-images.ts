// Data dirs "from an older version": a stopped server's engine image edited with sql.js, for
// tests of the migrations Floe runs at boot.
import fs from 'node:fs';
import path from 'node:path';
import initSqlJs, { type Database } from 'sql.js';
import { makeClient } from './client';
import { startServer, type FloeServer } from './server-control';

/**
 * The newest engine image of a stopped server's data dir, after one more start and stop has folded
 * the journal into it (the image is then the whole state). The extra server goes into `servers`.
 */
export async function compactedImage(dataDir: string, servers: FloeServer[]): Promise<string> {
  const compact = await startServer({ dataDir });
  servers.push(compact);
  await compact.stop();
  const dir = path.join(dataDir, 'engine');
  return path.join(dir, fs.readdirSync(dir).filter((f) => f.startsWith('image-')).sort().pop()!);
}

/** Rewrites an image file through `edit`. */
export async function editImage(file: string, edit: (db: Database) => void): Promise<void> {
  const SQL = await initSqlJs();
  const db = new SQL.Database(fs.readFileSync(file));
  try {
    edit(db);
    fs.writeFileSync(file, db.export());
  } finally {
    db.close();
  }
}

/**
 * A server started on a data dir "from an older version": `setup` runs on a fresh server, whose
 * compacted image `edit` then changes; the returned server boots from it (its migrations ran).
 * Every server started goes into `servers`.
 */
export async function upgradedServer(servers: FloeServer[], setup: (client: ReturnType<typeof makeClient>) => Promise<void>, edit: (db: Database) => void): Promise<FloeServer> {
  const s = await startServer();
  servers.push(s);
  await setup(makeClient(s));
  await s.stop();
  await editImage(await compactedImage(s.dataDir, servers), edit);
  const upgraded = await startServer({ dataDir: s.dataDir });
  servers.push(upgraded);
  return upgraded;
}
