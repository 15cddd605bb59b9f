import { expect, test } from 'vitest';
import { explainStatement, planTree } from '@/features/history/lib/plan';

test('planTree nests operations under their parent in plan order', () => {
  const doc = {
    GlobalStats: { partitionsTotal: 2, partitionsAssigned: 2, bytesAssigned: 64 },
    Operations: [[
      { id: 0, operation: 'Result', expressions: ['A'] },
      { id: 1, parentOperators: [0], operation: 'WithClause', expressions: ['S'] },
      { id: 2, parentOperators: [1], operation: 'TableScan', objects: ['DB.PUBLIC.T'], alias: 'X', partitionsTotal: 1 },
      { id: 3, parentOperators: [0], operation: 'Sort', expressions: ['ORDER BY'] },
    ]],
  };
  const plan = planTree(JSON.stringify(doc));
  expect(plan.partitionsTotal).toBe(2);
  expect(plan.bytesAssigned).toBe(64);
  expect(plan.roots).toHaveLength(1);
  const [result] = plan.roots;
  expect(result.children.map((c) => c.operation)).toEqual(['WithClause', 'Sort']);
  expect(result.children[0].children[0]).toMatchObject({ operation: 'TableScan', objects: ['DB.PUBLIC.T'], alias: 'X', expressions: [] });
});

test('an operation whose parent is missing is a root; the statement drops a trailing semicolon', () => {
  const plan = planTree(JSON.stringify({ Operations: [[{ id: 5, parentOperators: [9], operation: 'Filter' }]] }));
  expect(plan.roots.map((r) => r.operation)).toEqual(['Filter']);
  expect(plan.partitionsTotal).toBeNull();
  expect(explainStatement('  SELECT 1;  ')).toBe('EXPLAIN USING JSON SELECT 1');
});
