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
