'use client';
/** Where the worksheet's saving stands, and the choice a save conflict asks for. */
import type { Worksheet } from '@/lib/client/api/get-worksheets';
import type { SaveConflict, SaveState } from './use-worksheet-saver';

const LABEL: Record<SaveState, string> = {
  saved: 'Saved', pending: 'Editing…', saving: 'Saving…', retrying: 'Not saved — retrying…', conflict: 'Not saved — conflict', error: 'Not saved',
};

export function SaveStatus({ state, error }: { state: SaveState; error: string | null }) {
  const bad = state === 'retrying' || state === 'conflict' || state === 'error';
  return (
    <span className={`small ${bad ? 'error' : 'muted'}`} data-testid="save-state" role="status" title={error ?? undefined}>
      {LABEL[state]}{state === 'error' && error ? `: ${error}` : ''}
    </span>
  );
}

/** Another tab or browser saved other text of this worksheet since this one loaded it. */
export function SaveConflictBanner({ conflict, onKeepMine, onLoadTheirs, onShow }: {
  conflict: SaveConflict;
  /** The worksheet in conflict is not the one shown: a button switches to it. */
  onShow?: () => void;
  onKeepMine: () => void;
  onLoadTheirs: () => void;
}) {
  const theirs: Worksheet = conflict.theirs;
  return (
    <div className="save-conflict" role="alert" data-testid="save-conflict">
      <span>
        <strong>{theirs.name}</strong> was changed in another tab or browser
        (saved {new Date(theirs.updatedOn).toLocaleTimeString()}). Your edits are not saved yet.
      </span>
      {onShow ? <button type="button" onClick={onShow}>Show it</button> : (
        <>
          <button type="button" className="primary" onClick={onKeepMine} title="Save this tab's text over the other one">Keep mine</button>
          <button type="button" onClick={onLoadTheirs} title="Drop this tab's unsaved text and load the other one">Load theirs</button>
        </>
      )}
    </div>
  );
}
