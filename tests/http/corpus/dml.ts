import type { CorpusCase } from './types';

const T = ['CREATE TABLE T (ID INT, A VARCHAR)', "INSERT INTO T VALUES (1, 'a'), (2, 'b'), (3, 'c')"];
const S = ['CREATE TABLE S (ID INT, A VARCHAR)', "INSERT INTO S VALUES (2, 'B'), (3, 'C'), (4, 'D')"];
const ins = (n: number) => ({ columns: [['number of rows inserted', 'fixed']] as [string, string][], rows: [[String(n)]] });
const upd = (n: number, m = 0) => ({ columns: [['number of rows updated', 'fixed'], ['number of multi-joined rows updated', 'fixed']] as [string, string][], rows: [[String(n), String(m)]] });
const del = (n: number) => ({ columns: [['number of rows deleted', 'fixed']] as [string, string][], rows: [[String(n)]] });
// Snowflake's set operators page: a VARCHAR and an INTEGER column.
const UNION_TEST = ['CREATE TABLE union_test1 (v VARCHAR)', 'CREATE TABLE union_test2 (i INTEGER)', "INSERT INTO union_test1 (v) VALUES ('Smith, Jane')", 'INSERT INTO union_test2 (i) VALUES (42)'];

export const dml: CorpusCase[] = [
  { name: 'INSERT VALUES counts rows', setup: ['CREATE TABLE T (A INT)'], sql: 'INSERT INTO T VALUES (1), (2)', expect: ins(2) },
  { name: 'INSERT with a column list', setup: ['CREATE TABLE T (A INT, B VARCHAR)'], sql: "INSERT INTO T (B) VALUES ('x'); SELECT A, B FROM T", multi: true, expect: { rows: [[null, 'x']] } },
  { name: 'INSERT … SELECT', setup: [...T, 'CREATE TABLE U (ID INT)'], sql: 'INSERT INTO U SELECT ID FROM T WHERE ID > 1', expect: ins(2) },
  { name: 'INSERT converts to the column type', setup: ['CREATE TABLE T (N NUMBER(5,2))'], sql: "INSERT INTO T VALUES ('1.5'); SELECT N FROM T", multi: true, expect: { rows: [['1.50']] } },
  { name: 'INSERT a non-number into a NUMBER column fails', setup: ['CREATE TABLE T (N INT)'], sql: "INSERT INTO T VALUES ('abc')",
    expect: { error: '100038', sqlState: '22018', message: "Numeric value 'abc' is not recognized" } },
  { name: 'INSERT OVERWRITE replaces the rows', setup: T, sql: "INSERT OVERWRITE INTO T VALUES (9, 'z'); SELECT ID FROM T", multi: true, expect: { rows: [['9']] } },
  { name: 'INSERT OVERWRITE counts inserted rows', setup: T, sql: "INSERT OVERWRITE INTO T VALUES (9, 'z')", expect: ins(1) },
  { name: 'UPDATE counts rows', setup: T, sql: "UPDATE T SET A = 'x' WHERE ID > 1", expect: upd(2) },
  { name: 'UPDATE without WHERE', setup: T, sql: "UPDATE T SET A = 'x'", expect: upd(3) },
  { name: 'UPDATE … FROM', setup: [...T, ...S], sql: 'UPDATE T SET A = S.A FROM S WHERE T.ID = S.ID; SELECT ID, A FROM T ORDER BY ID', multi: true,
    expect: { rows: [['1', 'a'], ['2', 'B'], ['3', 'C']] } },
  { name: 'UPDATE … FROM counts', setup: [...T, ...S], sql: 'UPDATE T SET A = S.A FROM S WHERE T.ID = S.ID', expect: upd(2) },
  { name: 'DELETE counts rows', setup: T, sql: 'DELETE FROM T WHERE ID = 1', expect: del(1) },
  { name: 'DELETE … USING', setup: [...T, ...S], sql: 'DELETE FROM T USING S WHERE T.ID = S.ID; SELECT ID FROM T', multi: true, expect: { rows: [['1']] } },
  { name: 'DELETE … USING counts', setup: [...T, ...S], sql: 'DELETE FROM T USING S WHERE T.ID = S.ID', expect: del(2) },
  { name: 'MERGE updates and inserts', setup: [...T, ...S],
    sql: 'MERGE INTO T USING S ON T.ID = S.ID WHEN MATCHED THEN UPDATE SET A = S.A WHEN NOT MATCHED THEN INSERT (ID, A) VALUES (S.ID, S.A)',
    expect: { columns: [['number of rows inserted', 'fixed'], ['number of rows updated', 'fixed']], rows: [['1', '2']] } },
  { name: 'MERGE result rows', setup: [...T, ...S],
    sql: 'MERGE INTO T USING S ON T.ID = S.ID WHEN MATCHED THEN UPDATE SET A = S.A WHEN NOT MATCHED THEN INSERT (ID, A) VALUES (S.ID, S.A); SELECT ID, A FROM T ORDER BY ID',
    multi: true, expect: { rows: [['1', 'a'], ['2', 'B'], ['3', 'C'], ['4', 'D']] } },
  { name: 'MERGE with delete', setup: [...T, ...S], sql: 'MERGE INTO T USING S ON T.ID = S.ID WHEN MATCHED THEN DELETE',
    expect: { columns: [['number of rows deleted', 'fixed']], rows: [['2']] } },
  { name: 'MERGE with a conditional match', setup: [...T, ...S],
    sql: "MERGE INTO T USING S ON T.ID = S.ID WHEN MATCHED AND S.A = 'C' THEN DELETE WHEN MATCHED THEN UPDATE SET A = 'u'; SELECT ID, A FROM T ORDER BY ID",
    multi: true, expect: { rows: [['1', 'a'], ['2', 'u']] } },
  { name: 'SELECT with WHERE, ORDER BY, LIMIT', setup: T, sql: 'SELECT A FROM T WHERE ID >= 2 ORDER BY ID DESC LIMIT 1', expect: { rows: [['c']] } },
  { name: 'GROUP BY with COUNT', setup: T, sql: "SELECT ID > 1 AS BIG, COUNT(*) AS N FROM T GROUP BY 1 ORDER BY 1", expect: { rows: [['false', '1'], ['true', '2']] } },
  { name: 'VALUES names its columns COLUMN1…', sql: "SELECT * FROM (VALUES (1, 'x'))", expect: { names: ['COLUMN1', 'COLUMN2'], rows: [['1', 'x']] } },
  { name: 'UNION ALL', sql: 'SELECT 1 AS A UNION ALL SELECT 2 ORDER BY A', expect: { rows: [['1'], ['2']] } },
  // Set operators, "Use the UNION operator and cast mismatched data types": the branches take one
  // type (NUMBER), which 'Smith, Jane' is not; cast to VARCHAR, they agree.
  { name: 'UNION converts its branches to their common type', setup: UNION_TEST, sql: 'SELECT v FROM union_test1 UNION SELECT i FROM union_test2', expect: { error: '100038', sqlState: '22018', message: "Numeric value 'Smith, Jane' is not recognized" } },
  { name: 'UNION of columns cast to one type', setup: UNION_TEST, sql: 'SELECT v::VARCHAR FROM union_test1 UNION SELECT i::VARCHAR FROM union_test2 ORDER BY 1', expect: { columns: [['V::VARCHAR', 'text']], rows: [['42'], ['Smith, Jane']] } },
  { name: 'IFF and COALESCE', sql: "SELECT IFF(1 > 0, 'y', 'n') AS I, COALESCE(NULL, 'c') AS C", expect: { rows: [['y', 'c']] } },
  { name: 'CAST and :: to NUMBER with scale', sql: "SELECT '12.345'::NUMBER(10,2) AS N", expect: { columns: [['N', 'fixed']], rows: [['12.35']] } },
  { name: 'TO_NUMBER with precision and scale', sql: "SELECT TO_NUMBER('12.345', 10, 1) AS N", expect: { columns: [['N', 'fixed']], rows: [['12.3']] } },
  { name: 'integer division yields a scaled number', sql: 'SELECT 1 / 4 AS Q', expect: { rows: [['0.250000']] } },
  { name: 'FROM VALUES without parentheses', sql: "SELECT * FROM VALUES (1, 'x'), (2, 'y')", expect: { names: ['COLUMN1', 'COLUMN2'], rows: [['1', 'x'], ['2', 'y']] } },
  { name: 'VALUES with column aliases', sql: "SELECT v.b, v.a FROM (VALUES (1, 'x')) AS v(a, b)", expect: { names: ['B', 'A'], rows: [['x', '1']] } },
  { name: 'VALUES columns filter by COLUMN1', sql: 'SELECT COLUMN2 FROM VALUES (1, 10), (2, 20) WHERE COLUMN1 = 2', expect: { names: ['COLUMN2'], rows: [['20']] } },
];
