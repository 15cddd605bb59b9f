'use client';
/**
 * /worksheets: every worksheet of the user, searchable by name and text: open one (as a tab),
 * rename, delete (to the trash, confirmed, with Undo); the trash: restore, or delete forever.
 */
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteWorksheet } from '@/lib/client/api/delete-worksheet';
import { useWorksheetBounds, useWorksheets, type Worksheet } from '@/lib/client/api/get-worksheets';
import { useUpdateWorksheet } from '@/lib/client/api/update-worksheet';
import { StatementError } from '@/features/statement/statement-result';
import { ACTIVE_WORKSHEET_KEY, purgeTime, worksheetsIn } from './lib/worksheet-list';

type Ask = { kind: 'trash' | 'forever'; sheet: Worksheet };
const when = (ms: number) => new Date(ms).toLocaleString();

export function WorksheetList() {
  const router = useRouter();
  const sheets = useWorksheets();
  const bounds = useWorksheetBounds();
  const update = useUpdateWorksheet();
  const remove = useDeleteWorksheet();
  const [view, setView] = useState<'active' | 'trash'>('active');
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [ask, setAsk] = useState<Ask | null>(null);
  const [undo, setUndo] = useState<Worksheet | null>(null);

  const all = sheets.data ?? [];
  const shown = worksheetsIn(all, view, search);
  const trashCount = all.filter((w) => w.deletedOn !== null).length;

  const open = (w: Worksheet) => {
    if (!w.open) update.mutate({ id: w.id, patch: { open: true } });
    localStorage.setItem(ACTIVE_WORKSHEET_KEY, w.id);
    router.push('/');
  };
  const rename = (w: Worksheet, name: string) => {
    setRenaming(null);
    const trimmed = name.trim();
    if (trimmed && trimmed !== w.name) update.mutate({ id: w.id, patch: { name: trimmed } });
  };
  const confirm = () => {
    if (!ask) return;
    if (ask.kind === 'trash') {
      update.mutate({ id: ask.sheet.id, patch: { trashed: true } });
      setUndo(ask.sheet);
    } else {
      remove.mutate(ask.sheet.id);
      if (undo?.id === ask.sheet.id) setUndo(null);
    }
    setAsk(null);
  };
  const restore = (w: Worksheet, reopen: boolean) => update.mutate({ id: w.id, patch: { trashed: false, ...(reopen ? { open: true } : {}) } });

  return (
    <div className="worksheets-page">
      <div className="toolbar">
        <h2>Worksheets</h2>
        <div role="group" aria-label="Show">
          <button type="button" aria-pressed={view === 'active'} onClick={() => setView('active')}>Worksheets ({all.length - trashCount})</button>
          <button type="button" aria-pressed={view === 'trash'} onClick={() => setView('trash')}>Trash ({trashCount})</button>
        </div>
        <input type="search" aria-label="Search worksheets" placeholder="Search name or SQL…" value={search} onChange={(e) => setSearch(e.target.value)} />
        <span className="spacer" />
        {bounds && <span className="small muted">{all.length} of {bounds.maxWorksheets} worksheets (trash included)</span>}
      </div>
      {view === 'trash' && bounds && (
        <p className="small muted">{bounds.trashDays > 0 ? `Worksheets in the trash are deleted forever after ${bounds.trashDays} days.` : 'Worksheets stay in the trash until deleted forever.'}</p>
      )}
      {undo && (
        <div className="notice" role="status" data-testid="undo-notice">
          <span>“{undo.name}” moved to the trash.</span>
          <button type="button" onClick={() => { restore(undo, undo.open); setUndo(null); }}>Undo</button>
          <button type="button" aria-label="Dismiss" onClick={() => setUndo(null)}>×</button>
        </div>
      )}
      {sheets.error ? <StatementError error={sheets.error} />
        : !sheets.data ? <p className="muted">Loading worksheets…</p>
        : shown.length === 0 ? <p className="muted" data-testid="worksheets-empty">{search.trim() ? 'No worksheet matches the search.' : view === 'trash' ? 'The trash is empty.' : 'No worksheets.'}</p>
        : (
          <table className="history" data-testid="worksheet-list">
            <thead><tr><th>Name</th><th>SQL</th><th>{view === 'trash' ? 'Deleted' : 'Changed'}</th><th /></tr></thead>
            <tbody>
              {shown.map((w) => {
                const purge = purgeTime(w, bounds?.trashDays ?? 0);
                return (
                  <tr key={w.id} data-worksheet={w.name}>
                    <td>
                      {renaming === w.id ? (
                        <input aria-label="New name" autoFocus defaultValue={w.name} onBlur={(e) => rename(w, e.currentTarget.value)}
                          onKeyDown={(e) => { if (e.key === 'Enter') rename(w, e.currentTarget.value); if (e.key === 'Escape') setRenaming(null); }} />
                      ) : view === 'active' ? (
                        <button type="button" className="link" onClick={() => open(w)} title="Open as a tab">{w.name}</button>
                      ) : w.name}
                      {view === 'active' && w.open && <span className="small muted"> (open)</span>}
                    </td>
                    <td className="small mono ellipsis">{w.sql.slice(0, 120)}</td>
                    <td className="small">{when(view === 'trash' ? w.deletedOn! : w.updatedOn)}{purge !== null && <><br />deleted forever {when(purge)}</>}</td>
                    <td className="actions">
                      {view === 'active' ? (
                        <>
                          <button type="button" onClick={() => setRenaming(w.id)} aria-label={`Rename ${w.name}`}>Rename</button>
                          <button type="button" onClick={() => setAsk({ kind: 'trash', sheet: w })} aria-label={`Delete ${w.name}`}>Delete</button>
                        </>
                      ) : (
                        <>
                          <button type="button" onClick={() => restore(w, false)} aria-label={`Restore ${w.name}`}>Restore</button>
                          <button type="button" className="danger" onClick={() => setAsk({ kind: 'forever', sheet: w })} aria-label={`Delete ${w.name} forever`}>Delete forever</button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      {(update.error ?? remove.error) && <StatementError error={update.error ?? remove.error} />}
      {ask && (
        <ConfirmDialog title={ask.kind === 'trash' ? `Delete “${ask.sheet.name}”?` : `Delete “${ask.sheet.name}” forever?`}
          confirmLabel={ask.kind === 'trash' ? 'Move to trash' : 'Delete forever'} danger onConfirm={confirm} onCancel={() => setAsk(null)}>
          <p>{ask.kind === 'trash'
            ? `It moves to the trash${bounds && bounds.trashDays > 0 ? ` for ${bounds.trashDays} days` : ''}, where it can be restored.`
            : 'It cannot be restored.'}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
