/**
 * RESULT_SCAN's rows, read by the engine thread from a finished statement's partition files (the
 * request thread only names them): decoded from their jsonv2 cells back to storage values and
 * bound as one JSON rows value, like the other computed tables.
 */
import { readPartitionSync } from '@/lib/storage/result-files';
import { jsonRows, storedFromWire } from '@/lib/values';
import type { ExecPlan, StepParam, StoredRows } from '../types';
import { chargeParse } from './statement-memory';

const isStoredRows = (p: StepParam): p is StoredRows => p !== null && typeof p === 'object' && 'storedRows' in p;

function readStoredRows({ storedRows: s }: StoredRows): string {
  const rows: unknown[][] = [];
  let spent = 0;
  for (let n = 0; n < s.partitions; n++) {
    const text = readPartitionSync(s, n);
    spent = chargeParse(text, spent);
    for (const row of JSON.parse(text) as (string | null)[][]) {
      rows.push(row.map((cell, i) => storedFromWire(s.wires[i], s.nullAsString && cell === 'null' && s.wires[i] !== 'text' ? null : cell)));
    }
  }
  return jsonRows(rows);
}

/** The plan with every stored-rows parameter replaced by the rows it names (what a write journals). */
export function withStoredRows(plan: ExecPlan): ExecPlan {
  if (!plan.steps.some((s) => s.params?.some(isStoredRows))) return plan;
  return { ...plan, steps: plan.steps.map((s) => (s.params ? { ...s, params: s.params.map((p) => (isStoredRows(p) ? readStoredRows(p) : p)) } : s)) };
}
