import { expect, test } from 'vitest';
import { callAtCursor, completionContext, referencedTables, resolveQualifier, signatureParameters, tableReferences } from '@/features/worksheet/lib/completion-context';

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

test('aliases: FROM t AS a, FROM t a, comma lists, joins; keywords after a name are not aliases', () => {
  const sql = 'SELECT a.x FROM sales.raw.customers AS a, db.s.t3 t JOIN "Odd" o ON a.id = o.id WHERE 1 = 1';
  expect(tableReferences(sql).map((r) => [r.parts, r.alias])).toEqual([
    [['SALES', 'RAW', 'CUSTOMERS'], 'A'], [['DB', 'S', 'T3'], 'T'], [['Odd'], 'O'],
  ]);
  expect(tableReferences('SELECT * FROM t WHERE x = 1').map((r) => r.alias)).toEqual([null]);
  expect(tableReferences('SELECT * FROM t1 LEFT JOIN t2 USING (id)').map((r) => [r.parts[0], r.alias])).toEqual([['T1', null], ['T2', null]]);
  expect(tableReferences('SELECT * FROM t1 x\nORDER BY 1').map((r) => r.alias)).toEqual(['X']);
  expect(tableReferences('INSERT INTO t (a, b) VALUES (1, 2)').map((r) => r.parts)).toEqual([['T']]);
});

test('a qualifier resolves to the aliased table, or to a table named without alias', () => {
  const refs = tableReferences('SELECT * FROM db.s.orders o JOIN customers ON TRUE');
  expect(resolveQualifier(refs, 'O')?.parts).toEqual(['DB', 'S', 'ORDERS']);
  expect(resolveQualifier(refs, 'CUSTOMERS')?.parts).toEqual(['CUSTOMERS']);
  // An aliased table is known by its alias only (as in Snowflake).
  expect(resolveQualifier(refs, 'ORDERS')).toBeNull();
  expect(resolveQualifier(refs, 'NOPE')).toBeNull();
});

test('the name being typed, half names and table functions are not looked up', () => {
  const typing = 'SELECT * FROM SALES.RAW.CU';
  expect(tableReferences(typing, typing.length)).toEqual([]);
  expect(tableReferences('SELECT * FROM SALES.RAW.', 24)).toEqual([]);
  expect(tableReferences('SELECT * FROM TABLE(RESULT_SCAN(LAST_QUERY_ID()))')).toEqual([]);
  const done = 'SELECT  FROM SALES.RAW.CUSTOMERS c';
  expect(tableReferences(done, 7).map((r) => r.parts)).toEqual([['SALES', 'RAW', 'CUSTOMERS']]);
});

test('the call at the cursor and its argument, skipping strings and nested calls', () => {
  expect(callAtCursor('SELECT IFF(')).toEqual({ name: 'IFF', argIndex: 0 });
  expect(callAtCursor("SELECT iff(a > 1, 'x, (y'")).toEqual({ name: 'IFF', argIndex: 1 });
  expect(callAtCursor('SELECT DATEADD(day, ABS(-1), ')).toEqual({ name: 'DATEADD', argIndex: 2 });
  expect(callAtCursor('SELECT ABS(1) + ')).toBeNull();
  expect(callAtCursor("SELECT UPPER('abc")).toBeNull();
  expect(callAtCursor('SELECT (1 + ')).toBeNull();
});

test('signature parameters as label offsets', () => {
  const label = 'IFF(BOOLEAN, ANY, ANY) RETURN ANY';
  expect(signatureParameters(label).map(([s, e]) => label.slice(s, e))).toEqual(['BOOLEAN', 'ANY', 'ANY']);
  const opt = 'ROUND(NUMBER [, NUMBER]) RETURN NUMBER';
  expect(signatureParameters(opt).map(([s, e]) => opt.slice(s, e))).toEqual(['NUMBER', 'NUMBER']);
  const varia = 'CONCAT(VARCHAR [, VARCHAR ...]) RETURN VARCHAR';
  expect(signatureParameters(varia).map(([s, e]) => varia.slice(s, e))).toEqual(['VARCHAR', 'VARCHAR ...']);
});
