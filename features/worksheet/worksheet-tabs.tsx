'use client';
import Link from 'next/link';
import { useId, useState, type KeyboardEvent } from 'react';
import { tabListKeyDown } from '@/components/a11y/roving';
import type { Worksheet } from '@/lib/client/api/get-worksheets';

/**
 * The worksheet tabs: select, new (+), rename (double-click or F2), close (×: the worksheet stays,
 * reopened from the worksheet list, where deleting is).
 */
export function WorksheetTabs({ worksheets, activeId, onSelect, onNew, onRename, onClose }: {
  worksheets: Worksheet[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  onRename: (id: string, name: string) => void;
  onClose: (id: string) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const finish = (id: string, name: string) => {
    setEditing(null);
    const trimmed = name.trim();
    if (trimmed && trimmed !== worksheets.find((w) => w.id === id)?.name) onRename(id, trimmed);
  };
  const tabKeys = (e: KeyboardEvent<HTMLElement>, w: Worksheet) => {
    if (e.key === 'F2') setEditing(w.id);
    else tabListKeyDown(e);
  };
  const id = useId();
  const tabId = (w: Worksheet) => `${id}-${w.id}`;
  // A tab list may hold tabs only: the close buttons sit beside the tabs, which the list owns (aria-owns).
  return (
    <div className="ws-tabs" data-roving>
      <div role="tablist" aria-label="Worksheets" aria-owns={worksheets.filter((w) => editing !== w.id).map(tabId).join(' ')} />
      {worksheets.map((w) => (
        <div key={w.id} className={`ws-tab${w.id === activeId ? ' active' : ''}`} data-testid="worksheet-tab">
          {editing === w.id ? (
            <input aria-label="Worksheet name" className="ws-rename" autoFocus defaultValue={w.name}
              onBlur={(e) => finish(w.id, e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') finish(w.id, e.currentTarget.value);
                if (e.key === 'Escape') setEditing(null);
              }} />
          ) : (
            <button type="button" role="tab" id={tabId(w)} aria-selected={w.id === activeId} tabIndex={w.id === activeId ? 0 : -1} className="ws-tab-name" title="Double-click or F2 to rename"
              onClick={() => onSelect(w.id)} onDoubleClick={() => setEditing(w.id)} onKeyDown={(e) => tabKeys(e, w)}>
              {w.name}
            </button>
          )}
          <button type="button" className="ws-close" tabIndex={w.id === activeId ? 0 : -1} aria-label={`Close ${w.name}`} title="Close tab (the worksheet stays in All worksheets)" onClick={() => onClose(w.id)}>×</button>
        </div>
      ))}
      <button type="button" className="ws-new" aria-label="New worksheet" title="New worksheet" onClick={onNew}>+</button>
      <Link href="/worksheets" className="ws-all" title="Search, open, rename and delete worksheets; the trash">All worksheets</Link>
    </div>
  );
}
