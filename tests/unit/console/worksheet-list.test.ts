import { expect, test } from 'vitest';
import { purgeTime, worksheetsIn } from '@/features/worksheet/lib/worksheet-list';
import type { Worksheet } from '@/lib/console/worksheet';

const ws = (id: string, over: Partial<Worksheet> = {}): Worksheet => ({
  id, name: id, sql: '', role: null, warehouse: null, database: null, schema: null,
  createdOn: 0, updatedOn: 0, version: 1, open: true, deletedOn: null, ...over,
});

test('the list view holds the worksheets outside the trash, most recently changed first; the trash view the deleted ones, last deleted first', () => {
  const list = [ws('a', { updatedOn: 1 }), ws('b', { updatedOn: 3 }), ws('t1', { deletedOn: 5 }), ws('t2', { deletedOn: 9 }), ws('c', { updatedOn: 2, open: false })];
  expect(worksheetsIn(list, 'active', '').map((w) => w.id)).toEqual(['b', 'c', 'a']);
  expect(worksheetsIn(list, 'trash', '').map((w) => w.id)).toEqual(['t2', 't1']);
});

test('search matches name or text, case-insensitively, ignoring surrounding spaces', () => {
  const list = [ws('Sales', { sql: 'select 1' }), ws('Other', { sql: 'SELECT * FROM ORDERS' }), ws('x', { sql: 'orders', deletedOn: 1 })];
  expect(worksheetsIn(list, 'active', '  orders ').map((w) => w.id)).toEqual(['Other']);
  expect(worksheetsIn(list, 'active', 'SAL').map((w) => w.id)).toEqual(['Sales']);
  expect(worksheetsIn(list, 'trash', 'ORDERS').map((w) => w.id)).toEqual(['x']);
});

test('a trashed worksheet is purged trashDays after its deletion; none when kept until deleted by hand', () => {
  expect(purgeTime(ws('t', { deletedOn: 1000 }), 30)).toBe(1000 + 30 * 86_400_000);
  expect(purgeTime(ws('t', { deletedOn: 1000 }), 0)).toBeNull();
  expect(purgeTime(ws('a'), 30)).toBeNull();
});
