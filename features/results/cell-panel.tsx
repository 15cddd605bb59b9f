'use client';
import { useState } from 'react';
import type { DataColumn } from '@/components/data-table/virtual-data-table';
import { prettyValue } from './lib/pretty-value';

/** A side panel with one cell's whole value: JSON (VARIANT, OBJECT, ARRAY) pretty-printed, long text wrapped. */
export function CellPanel({ column, row, value, json, onClose }: { column: DataColumn; row: number; value: string | null; json: boolean; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = value === null ? null : prettyValue(value, json);
  return (
    <aside className="cell-panel" aria-label="Cell value" data-testid="cell-panel">
      <div className="cell-panel-head">
        <strong>{column.name}</strong> <span className="muted small">{column.type} · row {row + 1}</span>
        <span className="spacer" />
        {text !== null && <button type="button" onClick={() => void navigator.clipboard.writeText(text).then(() => setCopied(true), () => undefined)}>{copied ? 'Copied' : 'Copy'}</button>}
        <button type="button" aria-label="Close panel" onClick={onClose}>×</button>
      </div>
      {text === null ? <p className="dt-null">NULL</p> : <pre className="cell-value" data-testid="cell-value">{text}</pre>}
    </aside>
  );
}
