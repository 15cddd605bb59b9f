import { expect, test } from 'vitest';
import { completionContext, referencedTables } from '@/features/worksheet/lib/completion-context';

test('the qualifier and partial word before the cursor', () => {
  expect(completionContext('SELECT * FROM ')).toEqual({ qualifier: [], partial: '' });
  expect(completionContext('SELECT * FROM db1.pub')).toEqual({ qualifier: ['DB1'], partial: 'pub' });
  expect(completionContext('SELECT * FROM DB1.PUBLIC.')).toEqual({ qualifier: ['DB1', 'PUBLIC'], partial: '' });
  expect(completionContext('SELECT "my db"."Sch".T.C')).toEqual({ qualifier: ['my db', 'Sch', 'T'], partial: 'C' });
  expect(completionContext('SELECT CURRENT_DA')).toEqual({ qualifier: [], partial: 'CURRENT_DA' });
});

test('tables named after FROM, JOIN, UPDATE and INTO', () => {
  expect(referencedTables('SELECT a FROM db.s.t1 JOIN t2 ON 1=1')).toEqual([['DB', 'S', 'T1'], ['T2']]);
  expect(referencedTables('insert into "Odd"."x y" values (1)')).toEqual([['Odd', 'x y']]);
  expect(referencedTables('UPDATE s.t SET a = 1')).toEqual([['S', 'T']]);
});
