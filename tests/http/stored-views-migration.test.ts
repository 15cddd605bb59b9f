// Data dirs written before views were expanded where statements use them hold an SQLite view per
// Floe view. They are dropped at boot: the views keep working (from their stored definitions), and
// a broken one no longer blocks ALTER TABLE in its database.
import { afterAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { compactedImage, editImage, upgradedServer } from './old-images';
import type { FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

test('the SQLite views of an older data dir are dropped at boot; its views still answer and ALTER TABLE is not blocked', { timeout: 300_000 }, async () => {
  const ctx = { database: 'OLDVIEWS', schema: 'PUBLIC' };
  const upgraded = await upgradedServer(servers, async (a) => {
    await a.ok('CREATE DATABASE OLDVIEWS');
    await a.ok('CREATE TABLE T (A INT, B INT)', ctx);
    await a.ok('INSERT INTO T VALUES (1, 2)', ctx);
    await a.ok('CREATE VIEW V AS SELECT A, B FROM T', ctx);
  }, (old) => {
    // As an older version left it: an SQLite view for V, and one over a table that is gone, which
    // makes SQLite refuse any ALTER TABLE … RENAME COLUMN in the database.
    const view = old.exec("SELECT id FROM _floe_tables WHERE name = 'V'")[0].values[0][0];
    const table = old.exec("SELECT id FROM _floe_tables WHERE name = 'T'")[0].values[0][0];
    old.run(`CREATE VIEW "t${String(view)}" ("A", "B") AS SELECT "A", "B" FROM "t${String(table)}"`);
    old.run('CREATE VIEW "t1" ("X") AS SELECT "X" FROM "t2"');
    expect(() => old.run(`ALTER TABLE "t${String(table)}" RENAME COLUMN "B" TO "C"`)).toThrow(/error in view/);
    expect(old.exec("SELECT count(*) FROM sqlite_master WHERE type = 'view'")[0].values).toEqual([[2]]);
  });
  const b = makeClient(upgraded);
  expect((await b.ok('SELECT * FROM V', ctx)).data).toEqual([['1', '2']]);
  await b.ok('ALTER TABLE T RENAME COLUMN B TO C', ctx);
  expect((await b.ok('SELECT A, C FROM T', ctx)).data).toEqual([['1', '2']]);
  await b.ok('CREATE OR REPLACE VIEW V AS SELECT A, C FROM T', ctx);
  expect((await b.ok('SELECT * FROM V', ctx)).data).toEqual([['1', '2']]);
  await upgraded.stop();
  const after = await compactedImage(upgraded.dataDir, servers);
  await editImage(after, (db) => {
    expect(db.exec("SELECT count(*) FROM sqlite_master WHERE type = 'view'")[0].values).toEqual([[0]]);
  });
});
