import { OK, type CorpusCase } from './types';

const T = ['CREATE TABLE T (A INT)'];

export const transactions: CorpusCase[] = [
  { name: 'BEGIN status', sql: 'BEGIN; COMMIT', multi: true, expect: OK },
  { name: 'BEGIN … COMMIT keeps the rows', setup: T, sql: 'BEGIN; INSERT INTO T VALUES (1); INSERT INTO T VALUES (2); COMMIT; SELECT COUNT(*) FROM T', multi: true, expect: { rows: [['2']] } },
  { name: 'BEGIN … ROLLBACK discards the rows', setup: T, sql: 'BEGIN; INSERT INTO T VALUES (1); ROLLBACK; SELECT COUNT(*) FROM T', multi: true, expect: { rows: [['0']] } },
  { name: 'a transaction sees its own writes', setup: T, sql: 'BEGIN; INSERT INTO T VALUES (5); SELECT A FROM T', multi: true, expect: { rows: [['5']] } },
  { name: 'BEGIN TRANSACTION and COMMIT WORK', setup: T, sql: 'BEGIN TRANSACTION; INSERT INTO T VALUES (1); COMMIT WORK; SELECT COUNT(*) FROM T', multi: true, expect: { rows: [['1']] } },
  { name: 'START TRANSACTION', setup: T, sql: 'START TRANSACTION; INSERT INTO T VALUES (1); ROLLBACK; SELECT COUNT(*) FROM T', multi: true, expect: { rows: [['0']] } },
  { name: 'COMMIT status', sql: 'COMMIT', expect: OK },
  { name: 'ROLLBACK status', sql: 'ROLLBACK', expect: OK },
  { name: 'UPDATE inside a rolled-back transaction', setup: [...T, 'INSERT INTO T VALUES (1)'], sql: 'BEGIN; UPDATE T SET A = 2; ROLLBACK; SELECT A FROM T', multi: true, expect: { rows: [['1']] } },
  { name: 'DELETE inside a committed transaction', setup: [...T, 'INSERT INTO T VALUES (1), (2)'], sql: 'BEGIN; DELETE FROM T WHERE A = 1; COMMIT; SELECT A FROM T', multi: true, expect: { rows: [['2']] } },
];
