import type { ExecPlan } from '../types';

/** The tables a plan's steps write rows of, by their storage names ("t<id>", lib/catalog/system-tables.ts). */
const WRITES = /\b(?:INSERT\s+INTO|UPDATE|ALTER\s+TABLE)\s+"(t\d+)"/gi;

export const writtenTables = (plan: ExecPlan): string[] => [...new Set(plan.steps.flatMap((st) => [...st.sql.matchAll(WRITES)].map((m) => m[1])))];
