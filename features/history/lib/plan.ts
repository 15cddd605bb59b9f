/**
 * EXPLAIN USING JSON's document as a tree (pure, unit-tested): each operation under the one its
 * parentOperators names, in the plan's order; an operation whose parent is unknown is a root.
 */
export interface PlanOperation {
  id: number;
  operation: string;
  objects: string[];
  alias: string | null;
  expressions: string[];
  children: PlanOperation[];
}

export interface Plan {
  partitionsTotal: number | null;
  bytesAssigned: number | null;
  roots: PlanOperation[];
}

interface JsonOperation { id: number; parentOperators?: number[]; operation: string; objects?: string[]; alias?: string; expressions?: string[] }

export function planTree(content: string): Plan {
  const doc = JSON.parse(content) as { GlobalStats?: { partitionsTotal?: number; bytesAssigned?: number }; Operations?: JsonOperation[][] };
  const byId = new Map<number, PlanOperation>();
  const roots: PlanOperation[] = [];
  for (const step of doc.Operations ?? []) {
    for (const o of step) {
      const node: PlanOperation = { id: o.id, operation: o.operation, objects: o.objects ?? [], alias: o.alias ?? null, expressions: o.expressions ?? [], children: [] };
      const parent = o.parentOperators?.length ? byId.get(o.parentOperators[0]) : undefined;
      (parent ? parent.children : roots).push(node);
      byId.set(o.id, node);
    }
  }
  return { partitionsTotal: doc.GlobalStats?.partitionsTotal ?? null, bytesAssigned: doc.GlobalStats?.bytesAssigned ?? null, roots };
}

/** The statement that explains `sql` (one statement, its trailing semicolon dropped). */
export const explainStatement = (sql: string): string => `EXPLAIN USING JSON ${sql.trim().replace(/;\s*$/, '')}`;
