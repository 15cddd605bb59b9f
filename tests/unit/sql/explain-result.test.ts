import { expect, test } from 'vitest';
import { explainResult } from '@/lib/sql/commands/explain';

const names = { columns: ['ID', 'NAME'], tables: [{ id: 7, name: 'DB.PUBLIC.ORDERS' }, { id: 8, name: 'DB.PUBLIC.CUSTOMERS' }], aliases: [['O', 7], ['CUSTOMERS', 8], ['^X', 8]] as [string, number][] };
const explain = (format: 'TABULAR' | 'JSON' | 'TEXT') => ({ kind: 'explain' as const, format, sql: '', statsSql: null, params: 0, extraParams: [], names });
const PLAN = [
  { id: 3, parent: 0, detail: 'SCAN O' },
  { id: 5, parent: 0, detail: 'SEARCH CUSTOMERS USING AUTOMATIC COVERING INDEX (ID=?)' },
  { id: 9, parent: 0, detail: 'CO-ROUTINE _floe_rows' },
  { id: 11, parent: 9, detail: 'SCAN ^X' },
  { id: 12, parent: 9, detail: 'SCAN j VIRTUAL TABLE INDEX 1:' },
  { id: 20, parent: 0, detail: 'USE TEMP B-TREE FOR ORDER BY' },
  { id: 21, parent: 0, detail: 'SCAN t7' },
];

test('plan nodes become operations under a Result, tables by name, aliases decoded, nothing of the engine shown', () => {
  const { columns, rows } = explainResult(explain('TABULAR'), PLAN, [[7, 3, 300], [8, 2, 100]]);
  expect(columns.map((c) => c.name)).toEqual(['step', 'id', 'parentOperators', 'operation', 'objects', 'alias', 'expressions', 'partitionsTotal', 'partitionsAssigned', 'bytesAssigned']);
  expect(rows).toEqual([
    [null, null, null, 'GlobalStats', null, null, null, 2, 2, 400],
    [1, 0, null, 'Result', null, null, 'ID, NAME', null, null, null],
    [1, 1, '[0]', 'TableScan', 'DB.PUBLIC.ORDERS', 'O', null, 1, 1, 300],
    [1, 2, '[0]', 'TableScan', 'DB.PUBLIC.CUSTOMERS', null, 'ID=?', 1, 1, 100],
    [1, 3, '[0]', 'WithClause', null, null, null, null, null, null],
    [1, 4, '[3]', 'TableScan', 'DB.PUBLIC.CUSTOMERS', 'x', null, 1, 1, 100],
    [1, 5, '[3]', 'InternalObject', null, null, null, null, null, null],
    [1, 6, '[0]', 'Sort', null, null, 'ORDER BY', null, null, null],
    [1, 7, '[0]', 'InternalObject', null, null, null, null, null, null],
  ]);
});

test('JSON is one document; TEXT indents children under their parent', () => {
  const json = JSON.parse(explainResult(explain('JSON'), PLAN.slice(0, 2), [[7, 3, 300], [8, 2, 100]]).rows[0][0] as string);
  expect(json).toEqual({
    GlobalStats: { partitionsTotal: 2, partitionsAssigned: 2, bytesAssigned: 400 },
    Operations: [[
      { id: 0, operation: 'Result', expressions: ['ID', 'NAME'] },
      { id: 1, parentOperators: [0], operation: 'TableScan', objects: ['DB.PUBLIC.ORDERS'], alias: 'O', partitionsTotal: 1, partitionsAssigned: 1, bytesAssigned: 300 },
      { id: 2, parentOperators: [0], operation: 'TableScan', objects: ['DB.PUBLIC.CUSTOMERS'], expressions: ['ID=?'], partitionsTotal: 1, partitionsAssigned: 1, bytesAssigned: 100 },
    ]],
  });
  const text = explainResult(explain('TEXT'), [{ id: 2, parent: 0, detail: 'CO-ROUTINE S' }, { id: 4, parent: 2, detail: 'SCAN O' }], [[7, 3, 300]]).rows[0][0];
  expect(text).toBe([
    'GlobalStats:', '    partitionsTotal=1', '    partitionsAssigned=1', '    bytesAssigned=300', 'Operations:',
    '1:0     ->Result  ID, NAME',
    '1:1          ->WithClause  S',
    '1:2               ->TableScan  DB.PUBLIC.ORDERS  O  {partitionsTotal=1, partitionsAssigned=1, bytesAssigned=300}',
  ].join('\n'));
});

test('PostgreSQL\'s joins and sorts (lib/engine/postgres/plan.ts) become Snowflake\'s join and sort operations with their keys', () => {
  const plan = [
    { id: 1, parent: 0, detail: 'JOIN Inner (O.ID = CUSTOMERS.ID)' },
    { id: 2, parent: 1, detail: 'SORT O.ID' },
    { id: 3, parent: 2, detail: 'SCAN O (O.ID > 1)' },
    { id: 4, parent: 1, detail: 'JOIN Left' },
    { id: 5, parent: 1, detail: 'JOIN Inner' },
    { id: 6, parent: 1, detail: 'SORT t7.ID' },
  ];
  const { rows } = explainResult(explain('TABULAR'), plan, [[7, 3, 300], [8, 2, 100]]);
  expect(rows.slice(2).map((r) => [r[1], r[2], r[3], r[4], r[6]])).toEqual([
    [1, '[0]', 'InnerJoin', null, 'joinKey: (O.ID = CUSTOMERS.ID)'],
    [2, '[1]', 'Sort', null, 'sortKey: [O.ID]'],
    [3, '[2]', 'TableScan', 'DB.PUBLIC.ORDERS', 'O.ID > 1'],
    [4, '[1]', 'LeftOuterJoin', null, null],
    [5, '[1]', 'CartesianJoin', null, null],
    [6, '[1]', 'Sort', null, null],
  ]);
});
