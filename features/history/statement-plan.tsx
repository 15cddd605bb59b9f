'use client';
import { useRef, useState } from 'react';
import { useInternalStatement } from '@/lib/client/api/internal-statement';
import type { StatementDetail } from '@/lib/client/api/get-statement-info';
import { StatementError } from '@/features/statement/statement-result';
import { formatBytes } from './lib/format';
import { explainStatement, planTree, type PlanOperation } from './lib/plan';

function PlanNode({ op }: { op: PlanOperation }) {
  return (
    <li data-testid="plan-node" data-operation={op.operation}>
      <span className="plan-op">{op.operation}</span>
      {op.objects.length > 0 && <> <code>{op.objects.join(', ')}</code></>}
      {op.alias && <span className="muted"> as {op.alias}</span>}
      {op.expressions.length > 0 && <span className="muted small"> {op.expressions.join(', ')}</span>}
      {op.children.length > 0 && <ul>{op.children.map((c) => <PlanNode key={c.id} op={c} />)}</ul>}
    </li>
  );
}

/**
 * The plan of a SELECT from History's detail view, on demand: EXPLAIN of its text in its own
 * database, schema and role (the console's own statement, kept out of history), as a tree.
 */
export function StatementPlan({ detail }: { detail: StatementDetail }) {
  const [shown, setShown] = useState(false);
  // The button goes once pressed: the keyboard's focus moves to the section's heading, not to the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const request = shown ? { statement: explainStatement(detail.queryText), database: detail.database, schema: detail.schema, role: detail.role } : null;
  const plan = useInternalStatement(request);
  const content = plan.data?.rows[0]?.[0];
  const tree = typeof content === 'string' ? planTree(content) : null;
  return (
    <section className="plan" aria-labelledby="plan-title" data-testid="statement-plan">
      <div className="toolbar">
        <h4 id="plan-title" ref={heading} tabIndex={-1}>Plan</h4>
        {!shown && <button type="button" onClick={() => { setShown(true); heading.current?.focus(); }}>Show plan</button>}
      </div>
      {plan.error ? <StatementError error={plan.error} />
        : shown && !tree ? <p className="muted">Explaining…</p>
        : tree && (
          <>
            <p className="small muted">{tree.partitionsTotal ?? 0} table(s) read, about {formatBytes(tree.bytesAssigned ?? 0)}; planned now, against the current data.</p>
            <ul className="plan-tree" data-testid="plan-tree">{tree.roots.map((op) => <PlanNode key={op.id} op={op} />)}</ul>
          </>
        )}
    </section>
  );
}
