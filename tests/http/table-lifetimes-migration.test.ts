// A sql.js data dir written before table lifetimes were recorded (an image without the lifetime
// and session_id columns) keeps working: the columns are added at boot.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { compactedImage, editImage } from './old-images';
import { startServer, type FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

test('a data dir from before table lifetimes were recorded keeps working (columns added at boot)', { timeout: 300_000 }, async () => {
  const s = await startServer();
  servers.push(s);
  const a = makeClient(s);
  const ctx = { database: 'LEGACY', schema: 'PUBLIC' };
  await a.ok('CREATE DATABASE LEGACY');
  await a.ok('CREATE TABLE T (A INT)', ctx);
  await a.ok('INSERT INTO T VALUES (1), (2)', ctx);
  await s.stop();
  // A second start folds the journal into an image and writes nothing: the image is the whole state.
  const newest = await compactedImage(s.dataDir, servers);
  const dir = path.dirname(newest);
  const imageLsn = Number(/image-(\d+)/.exec(newest)![1]);
  const later = fs.readdirSync(dir).filter((f) => f.startsWith('journal-') && fs.statSync(path.join(dir, f)).size > 0 && Number(/journal-(\d+)/.exec(f)![1]) >= imageLsn);
  expect(later).toEqual([]);
  // Make it an older image: no lifetime or session_id columns.
  await editImage(newest, (old) => {
    old.run('ALTER TABLE _floe_tables DROP COLUMN session_id');
    old.run('ALTER TABLE _floe_tables DROP COLUMN lifetime');
  });

  const upgraded = await startServer({ dataDir: s.dataDir });
  servers.push(upgraded);
  const b = makeClient(upgraded);
  expect((await b.ok('SELECT A FROM T ORDER BY A', ctx)).data).toEqual([['1'], ['2']]);
  await b.ok('CREATE TRANSIENT TABLE TT (A INT)', ctx);
  const kinds = (await b.ok('SHOW TABLES', ctx)).data!.map((r) => [r[1], r[4]]);
  expect(kinds).toEqual([['T', 'TABLE'], ['TT', 'TRANSIENT']]);
  expect((await b.ok('CREATE TEMPORARY TABLE X (A INT); SHOW TERSE TABLES LIKE \'X\'', { ...ctx, parameters: { MULTI_STATEMENT_COUNT: 2 } })).statementHandles).toHaveLength(2);
});
