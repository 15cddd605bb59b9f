// Data dirs written before NUMBER(p > 18, 0) columns lost their INTEGER affinity: such tables are
// rebuilt at boot, so integers beyond int64 are stored exactly from then on (issue #4: NUMBER(38,s)
// storage never loses digits to doubles).
import { afterAll, expect, test } from 'vitest';
import { makeClient } from './client';
import { upgradedServer } from './old-images';
import type { FloeServer } from './server-control';

const servers: FloeServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.dispose();
});

const MAX38 = '99999999999999999999999999999999999999';

test('a NUMBER(38,0) column declared INTEGER by an older version stores integers beyond int64 exactly after a restart', { timeout: 300_000 }, async () => {
  const ctx = { database: 'OLDNUM', schema: 'PUBLIC' };
  const upgraded = await upgradedServer(servers, async (a) => {
    await a.ok('CREATE DATABASE OLDNUM');
    await a.ok('CREATE TABLE T (ID INT, N NUMBER(38,0) NOT NULL, SMALL NUMBER(9,0), "lower" VARCHAR)', ctx);
    await a.ok("INSERT INTO T VALUES (1, 9223372036854775807, 7, 'a'), (2, -5, NULL, 'b')", ctx);
    await a.ok('CREATE VIEW V AS SELECT ID, N FROM T', ctx);
  }, (old) => {
    // Make it an older image: the integer columns declared INTEGER, and a value beyond int64 that
    // the INTEGER affinity turned into a double.
    const id = old.exec("SELECT id FROM _floe_tables WHERE name = 'T'")[0].values[0][0];
    const table = `t${String(id)}`;
    const cols = old.exec(`SELECT name, type, "notnull" FROM pragma_table_info('${table}') ORDER BY cid`)[0].values;
    const defs = cols.map(([n, t, nn]) => `"${String(n)}" ${n === 'N' || n === 'ID' ? 'INTEGER' : String(t)}${nn ? ' NOT NULL' : ''}`).join(', ');
    expect(cols.find((c) => c[0] === 'N')![1]).toBe('BLOB');
    old.run('PRAGMA legacy_alter_table = ON');
    old.run(`CREATE TABLE old_copy (${defs})`);
    old.run(`INSERT INTO old_copy (rowid, ${cols.map((c) => `"${String(c[0])}"`).join(', ')}) SELECT rowid, * FROM "${table}"`);
    old.run(`DROP TABLE "${table}"`);
    old.run(`ALTER TABLE old_copy RENAME TO "${table}"`);
    old.run(`INSERT INTO "${table}" ("ID", "N") VALUES (3, '100000000000000000000')`);
    expect(old.exec(`SELECT typeof("N") FROM "${table}" WHERE "ID" = 3`)[0].values).toEqual([['real']]);
  });
  const b = makeClient(upgraded);
  await b.ok(`INSERT INTO T VALUES (4, ${MAX38}, 8, 'c'), (5, '-12345678901234567890123', NULL, NULL)`, ctx);
  expect((await b.ok('SELECT ID, N, SMALL, "lower" FROM T ORDER BY ID', ctx)).data).toEqual([
    ['1', '9223372036854775807', '7', 'a'],
    ['2', '-5', null, 'b'],
    ['3', '100000000000000000000', null, null],
    ['4', MAX38, '8', 'c'],
    ['5', '-12345678901234567890123', null, null],
  ]);
  expect((await b.ok('SELECT SUM(N), MAX(N) FROM V WHERE ID <> 4', ctx)).data).toEqual([['-12236455529197713114321', '100000000000000000000']]);
  expect((await b.ok('SELECT ID FROM T WHERE N = 100000000000000000000', ctx)).data).toEqual([['3']]);
  // NOT NULL is kept.
  expect((await b.exec('INSERT INTO T (ID) VALUES (6)', ctx)).status).toBe(422);
});
