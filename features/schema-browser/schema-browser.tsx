'use client';
/**
 * Databases → schemas → tables, views and agents → columns, each level loaded when it is first
 * opened (SHOW / DESCRIBE through /api/v2). Clicking a name inserts it, qualified, into the editor.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { treeFocus, treeKeyDown, useTreeTabStop } from '@/components/a11y/tree-keys';
import { useColumns } from '@/lib/client/api/get-columns';
import { useDatabases } from '@/lib/client/api/get-databases';
import { useSchemaObjects, type SchemaObject } from '@/lib/client/api/get-schema-objects';
import { useSchemas } from '@/lib/client/api/get-schemas';
import { qualified, quoteIdent } from '@/lib/client/sql-ident';

type Insert = (text: string) => void;

function Node({ label, kind, open, onToggle, onInsert, insertText, children, testId }: {
  label: string; kind: string; open?: boolean; onToggle?: () => void; onInsert: Insert; insertText: string; children?: ReactNode; testId?: string;
}) {
  return (
    <li role="treeitem" tabIndex={-1} aria-expanded={onToggle ? !!open : undefined} aria-label={`${label} (${kind.toLowerCase()})`} data-testid={testId} data-name={label}>
      <div className="sb-row">
        {onToggle ? <button type="button" tabIndex={-1} data-tree-toggle className="sb-toggle" aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`} onClick={onToggle}>{open ? '▾' : '▸'}</button> : <span className="sb-toggle" />}
        <span className={`sb-kind sb-kind-${kind.toLowerCase()}`}>{kind}</span>
        <button type="button" tabIndex={-1} data-tree-action className="sb-name" title={`Insert ${insertText}`} onClick={() => onInsert(insertText)}>{label}</button>
      </div>
      {open && children}
    </li>
  );
}

function Loading({ q, empty }: { q: { isPending: boolean; error: unknown; data?: unknown[] }; empty: string }) {
  if (q.error) return <li role="none" className="error small">{(q.error as Error).message}</li>;
  if (q.isPending) return <li role="none" className="muted small">Loading…</li>;
  if (q.data && q.data.length === 0) return <li role="none" className="muted small">{empty}</li>;
  return null;
}

function Columns({ db, schema, table, onInsert }: { db: string; schema: string; table: string; onInsert: Insert }) {
  const q = useColumns(db, schema, table);
  return (
    <ul role="group">
      <Loading q={q} empty="No columns" />
      {q.data?.map((c) => (
        <li key={c.name} role="treeitem" tabIndex={-1} aria-label={`${c.name} (${c.type})`} className="sb-column" data-testid="sb-column" data-name={c.name}>
          <div className="sb-row"><span className="sb-toggle" />
            <button type="button" tabIndex={-1} data-tree-action className="sb-name" title={`Insert ${quoteIdent(c.name)}`} onClick={() => onInsert(quoteIdent(c.name))}>{c.name}</button>
            <span className="sb-type">{c.type}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ObjectNode({ db, schema, obj, onInsert }: { db: string; schema: string; obj: SchemaObject; onInsert: Insert }) {
  const [open, setOpen] = useState(false);
  const hasColumns = obj.kind !== 'AGENT';
  return (
    <Node label={obj.name} kind={obj.kind} open={open} onToggle={hasColumns ? () => setOpen(!open) : undefined} onInsert={onInsert}
      insertText={qualified(db, schema, obj.name)} testId="sb-object">
      <Columns db={db} schema={schema} table={obj.name} onInsert={onInsert} />
    </Node>
  );
}

function SchemaNode({ db, schema, onInsert }: { db: string; schema: string; onInsert: Insert }) {
  const [open, setOpen] = useState(false);
  const q = useSchemaObjects(db, schema, open);
  return (
    <Node label={schema} kind="SCHEMA" open={open} onToggle={() => setOpen(!open)} onInsert={onInsert} insertText={qualified(db, schema)} testId="sb-schema">
      <ul role="group">
        <Loading q={q} empty="No tables, views or agents" />
        {q.data?.map((o) => <ObjectNode key={`${o.kind}:${o.name}`} db={db} schema={schema} obj={o} onInsert={onInsert} />)}
      </ul>
    </Node>
  );
}

function DatabaseNode({ db, onInsert }: { db: string; onInsert: Insert }) {
  const [open, setOpen] = useState(false);
  const q = useSchemas(open ? db : null);
  return (
    <Node label={db} kind="DB" open={open} onToggle={() => setOpen(!open)} onInsert={onInsert} insertText={quoteIdent(db)} testId="sb-database">
      <ul role="group">
        <Loading q={q} empty="No schemas" />
        {q.data?.map((s) => <SchemaNode key={s} db={db} schema={s} onInsert={onInsert} />)}
      </ul>
    </Node>
  );
}

export function SchemaBrowser({ onInsert }: { onInsert: Insert }) {
  const qc = useQueryClient();
  const dbs = useDatabases();
  const tree = useRef<HTMLUListElement>(null);
  useTreeTabStop(tree);
  const refresh = () => {
    for (const key of ['databases', 'schemas', 'schema-objects', 'columns']) void qc.invalidateQueries({ queryKey: [key] });
  };
  return (
    <aside className="schema-browser" aria-label="Schema browser" data-testid="schema-browser">
      <div className="sb-head">
        <strong>Objects</strong>
        <button type="button" onClick={refresh} title="Reload the catalog">Refresh</button>
      </div>
      {/* A tree holds tree items only: its loading and empty states stand beside it. */}
      <ul className="sb-tree"><Loading q={dbs} empty="No databases yet: CREATE DATABASE …" /></ul>
      {!!dbs.data?.length && (
        <ul role="tree" aria-label="Catalog objects (Enter inserts the name)" className="sb-tree" ref={tree} onKeyDown={treeKeyDown} onFocus={treeFocus}>
          {dbs.data.map((d) => <DatabaseNode key={d} db={d} onInsert={onInsert} />)}
        </ul>
      )}
    </aside>
  );
}
