import type { FunctionCase } from './types';

// Long flat chains (a || b || …, 1 + 2 + …, AND / OR, UNION ALL): left-deep trees hundreds of
// levels deep, which the SQL generator takes in pieces (lib/sql/deep-trees.ts). The expected
// values are the plain arithmetic and concatenation of the terms.
const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const ONE_ROW = ['CREATE TABLE one_row (s VARCHAR, n INT)', "INSERT INTO one_row VALUES ('x', 7)"];

export const deepExpressions: FunctionCase[] = [
  {
    name: '300 terms joined by ||',
    sql: `SELECT ${range(300).map((i) => `'a${i}'`).join(' || ')} AS s`,
    rows: [[range(300).map((i) => `a${i}`).join('')]],
  },
  {
    name: '300 columns and literals joined by ||', setup: ONE_ROW,
    sql: `SELECT ${range(300).map((i) => (i % 2 ? 's' : `'${i}'`)).join(' || ')} AS s FROM one_row`,
    rows: [[range(300).map((i) => (i % 2 ? 'x' : `${i}`)).join('')]],
  },
  { name: '300 terms added', sql: `SELECT ${range(300).map((i) => `${i + 1}`).join(' + ')} AS total`, rows: [['45150']], types: ['fixed'] },
  {
    name: 'a WHERE of 300 AND terms', setup: ONE_ROW,
    sql: `SELECT COUNT(*) FROM one_row WHERE ${range(300).map((i) => `n <> ${i + 100}`).join(' AND ')}`, rows: [['1']],
  },
  {
    name: 'a WHERE of 300 OR terms', setup: ONE_ROW,
    sql: `SELECT COUNT(*) FROM one_row WHERE ${range(300).map((i) => `n = ${i + 100}`).join(' OR ')} OR n = 7`, rows: [['1']],
  },
  {
    name: 'a CASE of 300 branches', setup: ONE_ROW,
    sql: `SELECT CASE ${range(300).map((i) => `WHEN n = ${i} THEN 'w${i}'`).join(' ')} ELSE 'none' END AS c FROM one_row`, rows: [['w7']],
  },
  {
    name: '200 branches of UNION ALL',
    sql: `SELECT COUNT(*), SUM(x) FROM (${range(200).map((i) => `SELECT ${i} AS x`).join(' UNION ALL ')})`, rows: [['200', '19900']],
  },
];
