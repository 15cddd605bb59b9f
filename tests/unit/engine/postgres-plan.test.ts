import { describe, expect, it } from 'vitest';
import { planNodes } from '@/lib/engine/postgres/plan';

describe('planNodes (PostgreSQL EXPLAIN JSON in the words EXPLAIN reads)', () => {
  it('names scans by alias, sorts and joins, and hangs the children of pass-on nodes under their parent', () => {
    const plan = {
      'Node Type': 'Sort',
      Plans: [{
        'Node Type': 'Hash Join',
        Plans: [
          { 'Node Type': 'Seq Scan', 'Relation Name': 't12', Alias: 'O' },
          { 'Node Type': 'Hash', Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 't11', Alias: 'C' }] },
        ],
      }],
    };
    expect(planNodes(plan)).toEqual([
      { id: 1, parent: 0, detail: 'USE TEMP B-TREE FOR ORDER BY' },
      { id: 2, parent: 1, detail: 'JOIN' },
      { id: 3, parent: 2, detail: 'SCAN O' },
      { id: 4, parent: 2, detail: 'SCAN C' },
    ]);
  });

  it('reads a Result without children as a constant row', () => {
    expect(planNodes({ 'Node Type': 'Result' })).toEqual([{ id: 1, parent: 0, detail: 'SCAN CONSTANT ROW' }]);
  });
});
