import { expect, test } from 'vitest';
import { Catalog, CATALOG_QUERIES, type CatalogRows } from '@/lib/catalog/catalog';
import { SESSION_CUTS_KEPT, visibleCatalog } from '@/lib/access/visible';

/** A catalog whose one table is session S0's temporary table. */
function catalogWithTemporaryTable(): Catalog {
  const rows = Object.fromEntries(Object.keys(CATALOG_QUERIES).map((k) => [k, []])) as unknown as CatalogRows;
  rows.databases = [[1, 'DB', null, null, 0, 'PERMANENT']];
  rows.schemas = [[2, 1, 'PUBLIC', null, null, 0, 'PERMANENT']];
  rows.tables = [[3, 2, 'T', 'TABLE', null, null, 0, null, 'TEMPORARY', 'S0', null, null]];
  return new Catalog(rows);
}

test('another session\'s temporary table is cut out per session; the cuts kept are bounded (most recently used first)', () => {
  const catalog = catalogWithTemporaryTable();
  expect(visibleCatalog(catalog, 'ACCOUNTADMIN', 'S0').tables.size).toBe(1);
  const first = visibleCatalog(catalog, 'ACCOUNTADMIN', 'A0');
  expect(first.tables.size).toBe(0);
  expect(visibleCatalog(catalog, 'ACCOUNTADMIN', 'A0')).toBe(first);
  const recent = visibleCatalog(catalog, 'ACCOUNTADMIN', 'A1');
  for (let i = 2; i < SESSION_CUTS_KEPT + 10; i++) {
    visibleCatalog(catalog, 'ACCOUNTADMIN', `A${i}`);
    // A1 stays among the most recently used.
    expect(visibleCatalog(catalog, 'ACCOUNTADMIN', 'A1')).toBe(recent);
  }
  // A0 was let go: a new cut, equal to the first.
  const again = visibleCatalog(catalog, 'ACCOUNTADMIN', 'A0');
  expect(again).not.toBe(first);
  expect(again.tables.size).toBe(0);
});

test('a session cut is a view of the role\'s catalog (as a role\'s cut is of the whole one): the same objects, without the hidden tables, and its rows (sent to compile threads) cut alike', () => {
  const catalog = catalogWithTemporaryTable();
  const rows = catalog.sourceRows;
  rows.tables.push([4, 2, 'KEPT', 'TABLE', null, null, 0, null, 'PERMANENT', null, null, '[]']);
  rows.columns.push([3, 0, 'A', 'NUMBER(38,0)', 1, null, null, null], [4, 0, 'B', 'VARCHAR', 1, null, null, null]);
  const whole = new Catalog(rows);
  const cut = visibleCatalog(whole, 'ACCOUNTADMIN', 'OTHER');
  expect([...cut.tables.keys()]).toEqual([4]);
  expect(cut.table(2, 'T')).toBeUndefined();
  expect(cut.table(2, 'KEPT')).toBe(whole.table(2, 'KEPT'));
  expect(cut.temporary.size).toBe(0);
  expect(cut.database('DB')).toBe(whole.database('DB'));
  expect(cut.users).toBe(whole.users);
  expect(cut.schema(1, 'PUBLIC')).toBe(whole.schema(1, 'PUBLIC'));
  expect(cut.unfiltered).toBe(whole);
  expect(cut.sourceRows.tables.map((r) => r[0])).toEqual([4]);
  expect(cut.sourceRows.columns.map((r) => r[0])).toEqual([4]);
  // The whole catalog is untouched.
  expect(whole.sourceRows.tables).toHaveLength(2);
  expect(visibleCatalog(whole, 'ACCOUNTADMIN', 'S0').table(2, 'T')?.columns.map((c) => c.name)).toEqual(['A']);
});

test('a role\'s cut keeps what the role sees, the objects shared with the whole catalog, and rows cut alike', () => {
  const rows = Object.fromEntries(Object.keys(CATALOG_QUERIES).map((k) => [k, []])) as unknown as CatalogRows;
  rows.databases = [[1, 'DB', 'SYSADMIN', null, 0, 'PERMANENT'], [5, 'HIDDEN_DB', 'SYSADMIN', null, 0, 'PERMANENT']];
  rows.schemas = [[2, 1, 'PUBLIC', 'SYSADMIN', null, 0, 'PERMANENT'], [6, 5, 'PUBLIC', 'SYSADMIN', null, 0, 'PERMANENT']];
  rows.tables = [[3, 2, 'SEEN', 'TABLE', 'SYSADMIN', null, 0, null, 'PERMANENT', null, null, null], [4, 2, 'UNSEEN', 'TABLE', 'SYSADMIN', null, 0, null, 'PERMANENT', null, null, null],
    [7, 6, 'ELSEWHERE', 'TABLE', 'SYSADMIN', null, 0, null, 'PERMANENT', null, null, null]];
  rows.columns = [[3, 0, 'A', 'VARCHAR', 1, null, null, null], [4, 0, 'B', 'VARCHAR', 1, null, null, null], [7, 0, 'C', 'VARCHAR', 1, null, null, null]];
  rows.roles = [['ANALYST', 'SYSADMIN', null, 0]];
  rows.grants = [['USAGE', 'DATABASE', '1', 'ANALYST', 'SYSADMIN', 0], ['USAGE', 'SCHEMA', '2', 'ANALYST', 'SYSADMIN', 0], ['SELECT', 'TABLE', '3', 'ANALYST', 'SYSADMIN', 0]];
  const whole = new Catalog(rows);
  const cut = visibleCatalog(whole, 'ANALYST');
  expect([...cut.databases.keys()]).toEqual(['DB']);
  expect([...cut.tables.keys()]).toEqual([3]);
  expect(cut.table(2, 'SEEN')).toBe(whole.table(2, 'SEEN'));
  expect(cut.table(2, 'UNSEEN')).toBeUndefined();
  expect(cut.schema(5, 'PUBLIC')).toBeUndefined();
  expect(cut.sourceRows.tables.map((r) => r[0])).toEqual([3]);
  expect(cut.sourceRows.columns.map((r) => r[0])).toEqual([3]);
  expect(cut.sourceRows.databases.map((r) => r[0])).toEqual([1]);
  expect(visibleCatalog(whole, 'ANALYST')).toBe(cut);
});
