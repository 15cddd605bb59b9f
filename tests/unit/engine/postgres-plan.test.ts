import { describe, expect, it } from 'vitest';
import { planNodes } from '@/lib/engine/postgres/plan';

describe('planNodes (PostgreSQL EXPLAIN JSON in the words EXPLAIN reads)', () => {
  it('names scans by alias (with their filter), sorts by their keys and joins by their type and condition in Snowflake\'s spelling, and hangs the children of pass-on nodes under their parent', () => {
    const plan = {
      'Node Type': 'Sort',
      'Sort Key': ['"O"."ID" DESC', '("C"."N")::numeric'],
      Plans: [{
        'Node Type': 'Hash Join',
        'Join Type': 'Left',
        'Hash Cond': '("O"."C_ID" = "C"."ID")',
        Plans: [
          // A domain column (floe.widening_bigint) is read as its base type: PostgreSQL parenthesises it before the cast.
          { 'Node Type': 'Seq Scan', 'Relation Name': 't12', Alias: 'O', Filter: '((("O"."N")::bigint > \'1\'::bigint) AND ((("O"."M")::bigint + 1) = ("O"."ID")::bigint))' },
          { 'Node Type': 'Hash', Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 't11', Alias: 'C' }] },
        ],
      }],
    };
    expect(planNodes(plan)).toEqual([
      { id: 1, parent: 0, detail: 'SORT O.ID DESC, C.N' },
      { id: 2, parent: 1, detail: 'JOIN Left (O.C_ID = C.ID)' },
      { id: 3, parent: 2, detail: "SCAN O ((O.N > '1') AND ((O.M + 1) = O.ID))" },
      { id: 4, parent: 2, detail: 'SCAN C' },
    ]);
  });

  it('reads a Result without children as a constant row', () => {
    expect(planNodes({ 'Node Type': 'Result' })).toEqual([{ id: 1, parent: 0, detail: 'SCAN CONSTANT ROW' }]);
  });
});
