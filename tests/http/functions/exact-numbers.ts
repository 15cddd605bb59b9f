import type { FunctionCase } from './types';

// NUMBER values are exact (https://docs.snowflake.com/en/sql-reference/data-types-numeric): a
// NUMBER(38,0) holds any integer of up to 38 digits, far beyond a 64-bit integer, and arithmetic,
// comparison, ordering and aggregation see every digit. Equal values compare equal whatever their
// scale (1.10 = 1.1), and a string compared with a number is read as a number.
const MAX38 = '99999999999999999999999999999999999999';
const BIG = [
  'CREATE TABLE B (ID INT, N NUMBER(38,0), D NUMBER(38,2))',
  `INSERT INTO B VALUES (1, ${MAX38}, 1.10), (2, -10000000000000000000000000000000000000, 1.1),
    (3, 9223372036854775807, 12345678901234567890.12), (4, 9223372036854775808, -12345678901234567890.12),
    (5, '-99999999999999999999999999', '0.5'), (6, 10, 9), (7, 9, 10), (8, NULL, NULL)`,
];
const fixed = (precision: number, scale: number) => ({ type: 'fixed', precision, scale });

export const exactNumbers: FunctionCase[] = [
  // Storage: INSERT and UPDATE keep every digit of integers beyond int64, also from strings.
  { name: 'NUMBER(38,0) stores integers beyond int64', setup: BIG, sql: 'SELECT ID, N FROM B ORDER BY ID', rows: [['1', MAX38], ['2', '-10000000000000000000000000000000000000'], ['3', '9223372036854775807'], ['4', '9223372036854775808'], ['5', '-99999999999999999999999999'], ['6', '10'], ['7', '9'], ['8', null]], types: ['fixed', fixed(38, 0)] },
  { name: 'UPDATE writes an integer beyond int64', setup: [...BIG, 'UPDATE B SET N = N - 1 WHERE ID = 1', "UPDATE B SET N = '123456789012345678901234567890' WHERE ID = 6"], sql: 'SELECT N FROM B WHERE ID IN (1, 6) ORDER BY ID', rows: [['99999999999999999999999999999999999998'], ['123456789012345678901234567890']] },
  { name: 'a 39-digit integer does not fit NUMBER(38,0)', setup: ['CREATE TABLE O (N NUMBER(38,0))'], sql: `INSERT INTO O VALUES (${MAX38}9)`, error: '100046' },
  // Literals and arithmetic.
  { sql: `SELECT ${MAX38}, -1e37::NUMBER(38,0), ${MAX38} - 1`, rows: [[MAX38, '-10000000000000000000000000000000000000', '99999999999999999999999999999999999998']], types: [fixed(38, 0), fixed(38, 0), fixed(38, 0)] },
  { name: 'integer arithmetic past int64 is exact', sql: 'SELECT 9223372036854775807 + 1, 9223372036854775807 * 10, -9223372036854775807 - 10, 4611686018427387904 * 4', rows: [['9223372036854775808', '92233720368547758070', '-9223372036854775817', '18446744073709551616']] },
  { name: 'arithmetic over a NUMBER(38,0) column beyond int64', setup: BIG, sql: 'SELECT N + 1, N * 2, N - 10, -N, ABS(N), N % 7, N / 4 FROM B WHERE ID = 4', rows: [['9223372036854775809', '18446744073709551616', '9223372036854775798', '-9223372036854775808', '9223372036854775808', '1', '2305843009213693952.000000']] },
  { name: 'a sum beyond 38 digits is out of range', setup: BIG, sql: 'SELECT N + N FROM B WHERE ID = 1', error: '100046' },
  // Comparisons, ORDER BY, IN, BETWEEN, CASE, DECODE.
  { name: 'ORDER BY a NUMBER(38,0) column beyond int64', setup: BIG, sql: 'SELECT ID FROM B WHERE N IS NOT NULL ORDER BY N', rows: [['2'], ['5'], ['7'], ['6'], ['3'], ['4'], ['1']] },
  { name: 'ORDER BY a NUMBER(38,2) column', setup: BIG, sql: 'SELECT ID FROM B WHERE D IS NOT NULL ORDER BY D DESC, ID', rows: [['3'], ['7'], ['6'], ['1'], ['2'], ['5'], ['4']] },
  { name: 'comparisons beyond int64', setup: BIG, sql: 'SELECT ID FROM B WHERE N > 9223372036854775807 OR N < -9223372036854775808 ORDER BY ID', rows: [['1'], ['2'], ['4'], ['5']] },
  { name: 'IN lists compare numbers exactly', setup: BIG, sql: `SELECT ID FROM B WHERE N IN (${MAX38}, 9223372036854775808, '10') OR D IN (1.1, 0.50) ORDER BY ID`, rows: [['1'], ['2'], ['4'], ['5'], ['6']] },
  { name: 'NOT IN and BETWEEN compare numbers exactly', setup: BIG, sql: `SELECT ID FROM B WHERE N NOT IN (9, 10) AND N BETWEEN -99999999999999999999999999 AND 9223372036854775808 ORDER BY ID`, rows: [['3'], ['4'], ['5']] },
  { sql: "SELECT 1.10 = 1.1, 1.10 IN (1.1), 10 > 9, '10' > 9, 10 BETWEEN '9' AND 11, '10' IN (10)", rows: [['true', 'true', 'true', 'true', 'true', 'true']] },
  { name: 'simple CASE and DECODE match numbers exactly', setup: BIG, sql: `SELECT CASE N WHEN ${MAX38} THEN 'max' WHEN 9223372036854775808 THEN 'int64+1' ELSE 'other' END, DECODE(D, 1.1, 'one point one', 0.5, 'half', 'other') FROM B WHERE ID IN (1, 4, 5) ORDER BY ID`, rows: [['max', 'one point one'], ['int64+1', 'other'], ['other', 'half']] },
  { sql: "SELECT DECODE(1, '1', 'string one', 'other'), DECODE(NULL, NULL, 'null matches', 'other')", rows: [['string one', 'null matches']] },
  { name: 'a join on NUMBER(38,0) beyond int64', setup: [...BIG, 'CREATE TABLE K (N NUMBER(38,0), NAME VARCHAR)', `INSERT INTO K VALUES (${MAX38}, 'max'), (9223372036854775808, 'int64+1'), (10, 'ten')`], sql: 'SELECT B.ID, K.NAME FROM B JOIN K ON B.N = K.N ORDER BY B.ID', rows: [['1', 'max'], ['4', 'int64+1'], ['6', 'ten']] },
  { name: 'a join of NUMBER(38,2) with NUMBER(10,1)', setup: [...BIG, 'CREATE TABLE K (D NUMBER(10,1))', 'INSERT INTO K VALUES (1.1), (9.0)'], sql: 'SELECT B.ID FROM B JOIN K ON B.D = K.D ORDER BY B.ID', rows: [['1'], ['2'], ['6']] },
  // Aggregates: SUM, MIN, MAX, COUNT(DISTINCT), GROUP BY, DISTINCT.
  { name: 'SUM, MIN and MAX of NUMBER(38,0) beyond int64', setup: BIG, sql: 'SELECT SUM(N), MIN(N), MAX(N) FROM B WHERE ID <> 1', rows: [['-10000000000099999981553255926290448365', '-10000000000000000000000000000000000000', '9223372036854775808']], types: [fixed(38, 0), fixed(38, 0), fixed(38, 0)] },
  { name: 'SUM of int64 values past int64', setup: BIG, sql: 'SELECT SUM(N) FROM B WHERE ID IN (3, 4, 6)', rows: [['18446744073709551625']] },
  { name: 'MIN and MAX of NUMBER(38,2) beyond a double', setup: BIG, sql: 'SELECT MIN(D), MAX(D) FROM B', rows: [['-12345678901234567890.12', '12345678901234567890.12']], types: [fixed(38, 2), fixed(38, 2)] },
  { name: 'COUNT(DISTINCT), DISTINCT and GROUP BY treat 1.10 and 1.1 as one value', setup: BIG, sql: 'SELECT COUNT(DISTINCT D), COUNT(DISTINCT N), (SELECT COUNT(*) FROM (SELECT DISTINCT D FROM B)) FROM B', rows: [['6', '7', '7']] },
  { name: 'GROUP BY a NUMBER(38,2) value', setup: BIG, sql: 'SELECT D, COUNT(*) FROM B WHERE ID <= 2 GROUP BY D', rows: [['1.10', '2']] },
  // AVG: exact, at Snowflake's scale (https://docs.snowflake.com/en/sql-reference/functions/avg: NUMBER(p,s) gives
  // scale max(s, min(s + 6, 12))), rounded half away from zero.
  { name: 'AVG of NUMBER(38,0) beyond a double is exact', setup: BIG, sql: 'SELECT AVG(N), SUM(N), AVG(IFF(ID > 4, N, NULL)) FROM B WHERE ID IN (3, 4, 6, 7)', rows: [['4611686018427387908.500000', '18446744073709551634', '9.500000']], types: [fixed(38, 6), fixed(38, 0), fixed(38, 6)] },
  { name: 'SUM and AVG of values all beyond int64', setup: BIG, sql: 'SELECT SUM(N), AVG(N), COUNT(N) FROM B WHERE ID IN (4, 5, 8)', rows: [['-99999990776627963145224191', '-49999995388313981572612095.500000', '2']] },
  { name: 'AVG of NUMBER(38,2) beyond a double is exact', setup: BIG, sql: 'SELECT ID > 2, AVG(D) FROM B WHERE ID IN (1, 3, 5, 7) GROUP BY ID > 2 ORDER BY 1', rows: [['false', '1.10000000'], ['true', '4115226300411522633.54000000']], types: ['boolean', fixed(38, 8)] },
  // https://docs.snowflake.com/en/sql-reference/functions/avg: AVG( [ DISTINCT ] <expr1> ), grouped; DISTINCT averages each value once.
  { name: 'AVG and AVG(DISTINCT) of NUMBER per group', setup: ['CREATE TABLE AD (G INT, X NUMBER(38,0))', 'INSERT INTO AD VALUES (1, 1), (1, 1), (1, 4), (2, -3), (2, NULL), (3, NULL)'], sql: 'SELECT G, AVG(X), AVG(DISTINCT X) FROM AD GROUP BY G ORDER BY G', rows: [['1', '2.000000', '2.500000'], ['2', '-3.000000', '-3.000000'], ['3', null, null]], types: ['fixed', fixed(38, 6), fixed(38, 6)] },
  { name: 'AVG rounds half away from zero and is NULL without values', setup: ['CREATE TABLE H (G INT, X NUMBER(38,12))', 'INSERT INTO H VALUES (1, 0.000000000001), (1, 0), (2, -0.000000000001), (2, 0), (3, NULL)'], sql: 'SELECT G, AVG(X) FROM H GROUP BY G ORDER BY G', rows: [['1', '0.000000000001'], ['2', '-0.000000000001'], ['3', null]], types: ['fixed', fixed(38, 12)] },
  // Window frames and DISTINCT sum, average and compare exactly too.
  { name: 'running SUM of NUMBER(38,0) past int64 over a window', setup: BIG, sql: 'SELECT ID, SUM(N) OVER (ORDER BY ID), SUM(ID) OVER (ORDER BY ID) FROM B WHERE ID IN (3, 4, 6, 7) ORDER BY ID', rows: [['3', '9223372036854775807', '3'], ['4', '18446744073709551615', '7'], ['6', '18446744073709551625', '13'], ['7', '18446744073709551634', '20']], types: ['fixed', fixed(38, 0), fixed(38, 0)] },
  { name: 'sliding SUM of NUMBER(38,2) beyond a double over a window', setup: BIG, sql: 'SELECT ID, SUM(D) OVER (ORDER BY ID ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM B WHERE ID <= 7 ORDER BY ID', rows: [['1', '1.10'], ['2', '2.20'], ['3', '12345678901234567891.22'], ['4', '0.00'], ['5', '-12345678901234567889.62'], ['6', '9.50'], ['7', '19.00']], types: ['fixed', fixed(38, 2)] },
  { name: 'MIN, MAX and AVG of NUMBER(38,0) beyond int64 over partitions', setup: BIG, sql: 'SELECT ID, MIN(N) OVER (PARTITION BY ID > 3), MAX(N) OVER (PARTITION BY ID > 3), AVG(IFF(ID > 3, N, NULL)) OVER (PARTITION BY ID > 5) FROM B WHERE ID <= 7 ORDER BY ID', rows: [
    ['1', '-10000000000000000000000000000000000000', MAX38, '-49999995388313981572612095.500000'],
    ['2', '-10000000000000000000000000000000000000', MAX38, '-49999995388313981572612095.500000'],
    ['3', '-10000000000000000000000000000000000000', MAX38, '-49999995388313981572612095.500000'],
    ['4', '-99999999999999999999999999', '9223372036854775808', '-49999995388313981572612095.500000'],
    ['5', '-99999999999999999999999999', '9223372036854775808', '-49999995388313981572612095.500000'],
    ['6', '-99999999999999999999999999', '9223372036854775808', '9.500000'],
    ['7', '-99999999999999999999999999', '9223372036854775808', '9.500000'],
  ], types: ['fixed', fixed(38, 0), fixed(38, 0), fixed(38, 6)] },
  { name: 'SUM(DISTINCT) of NUMBER beyond int64 and a double', setup: [...BIG, "INSERT INTO B VALUES (9, 9223372036854775808, 12345678901234567890.12)"], sql: 'SELECT SUM(DISTINCT N), SUM(DISTINCT D) FROM B WHERE ID >= 3', rows: [['-99999981553255926290448365', '19.50']], types: [fixed(38, 0), fixed(38, 2)] },
  { name: 'window aggregates of computed NUMBER values beyond int64 and a double', setup: BIG, sql: 'SELECT ID, SUM(N + 1) OVER (ORDER BY ID), MAX(N * 2) OVER (PARTITION BY ID > 5), AVG(D - 1) OVER (), MIN(IFF(ID > 2, D * 2, NULL)) OVER (ORDER BY ID DESC) FROM B WHERE ID BETWEEN 3 AND 7 ORDER BY ID', rows: [
    ['3', '9223372036854775808', '18446744073709551616', '2.90000000', '-24691357802469135780.24'],
    ['4', '18446744073709551617', '18446744073709551616', '2.90000000', '-24691357802469135780.24'],
    ['5', '-99999981553255926290448381', '18446744073709551616', '2.90000000', '1.00'],
    ['6', '-99999981553255926290448370', '20', '2.90000000', '18.00'],
    ['7', '-99999981553255926290448360', '20', '2.90000000', '20.00'],
  ] },
  { name: 'a sliding window SUM of a CASE over NUMBER(38,0)', setup: BIG, sql: 'SELECT ID, SUM(CASE WHEN ID > 3 THEN N + ID * 2 ELSE COALESCE(N, 0) - 1 END) OVER (ORDER BY ID ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) FROM B WHERE ID BETWEEN 3 AND 7 ORDER BY ID', rows: [['3', '9223372036854775806'], ['4', '18446744073709551622'], ['5', '-99999981553255926290448367'], ['6', '-99999990776627963145224151'], ['7', '-99999999999999999999999944']] },
  // GREATEST / LEAST: exact, in the first argument's type.
  { name: 'GREATEST and LEAST of NUMBER(38,0) beyond int64', setup: BIG, sql: 'SELECT GREATEST(N, 9223372036854775807), LEAST(N, 0) FROM B WHERE ID IN (2, 4) ORDER BY ID', rows: [['9223372036854775807', '-10000000000000000000000000000000000000'], ['9223372036854775808', '0']] },
  { sql: "SELECT GREATEST(9, '10'), GREATEST('9', 10), LEAST(1.10, 1.05, 2)", rows: [['10', '9', '1.05']], types: [fixed(38, 0), 'text', fixed(3, 2)] },
  { name: 'GREATEST of a DATE and a TIMESTAMP compares as the first type', sql: "SELECT GREATEST('2024-01-02'::DATE, '2024-01-01 23:00:00'::TIMESTAMP_NTZ)", rows: [['19724']], types: ['date'] }, // jsonv2: days since 1970-01-01
  // TIMESTAMP_TZ values compare as instants (https://docs.snowflake.com/en/sql-reference/data-types-datetime#timestamp-ltz-timestamp-ntz-timestamp-tz).
  { name: 'GREATEST and LEAST of TIMESTAMP_TZ compare instants', sql: "SELECT GREATEST('2024-01-01 10:00:00 +02:00'::TIMESTAMP_TZ, '2024-01-01 09:00:00 +00:00'::TIMESTAMP_TZ)::VARCHAR, LEAST('2024-01-01 10:00:00 +02:00'::TIMESTAMP_TZ, '2024-01-01 09:00:00 +00:00'::TIMESTAMP_TZ)::VARCHAR", rows: [['2024-01-01 09:00:00.000 +0000', '2024-01-01 10:00:00.000 +0200']] },
  { name: 'comparisons of TIMESTAMP_TZ compare instants', sql: "SELECT '2024-01-01 10:00:00 +02:00'::TIMESTAMP_TZ = '2024-01-01 08:00:00 +00:00'::TIMESTAMP_TZ, '2024-01-01 10:00:00 +02:00'::TIMESTAMP_TZ < '2024-01-01 09:00:00 +00:00'::TIMESTAMP_TZ, '2024-01-01 10:00:00 +02:00'::TIMESTAMP_TZ > '2024-01-01 09:00:00 +00:00'::TIMESTAMP_TZ", rows: [['true', 'true', 'false']] },
  { name: 'ORDER BY and WHERE of TIMESTAMP_TZ columns use instants', setup: ['CREATE TABLE ZT (ID INT, T TIMESTAMP_TZ)', "INSERT INTO ZT VALUES (1, '2024-03-01 23:30:00 -08:00'), (2, '2024-03-02 05:00:00 +00:00'), (3, '2024-03-02 12:00:00 +05:30')"],
    sql: "SELECT ID FROM ZT WHERE T >= '2024-03-02 06:00:00 +00:00'::TIMESTAMP_TZ ORDER BY T DESC", rows: [['1'], ['3']] },
  { name: 'GREATEST of TIMESTAMP_TZ columns across offsets', setup: ['CREATE TABLE Z (ID INT, A TIMESTAMP_TZ, B TIMESTAMP_TZ)', "INSERT INTO Z VALUES (1, '2024-03-01 23:30:00 -08:00', '2024-03-02 05:00:00 +00:00'), (2, '2024-03-01 12:00:00 +05:30', '2024-03-01 07:00:00 +00:00'), (3, NULL, '2024-03-01 00:00:00 +00:00')"], sql: 'SELECT ID, GREATEST(A, B)::VARCHAR, LEAST(A, B)::VARCHAR FROM Z ORDER BY ID', rows: [['1', '2024-03-01 23:30:00.000 -0800', '2024-03-02 05:00:00.000 +0000'], ['2', '2024-03-01 07:00:00.000 +0000', '2024-03-01 12:00:00.000 +0530'], ['3', null, null]] },
];
