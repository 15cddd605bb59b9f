'use client';
/**
 * Edits of worksheets go into the React Query cache at once (the editor reads from it) and to
 * the server a moment later, merged per worksheet: typing sends one PATCH per pause, not per key.
 * Leaving the page sends what is still pending with a keepalive request.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiHeaders } from '@/lib/client/api/fetcher';
import { worksheetPath, worksheetsKey, type Worksheet, type WorksheetFields } from '@/lib/client/api/get-worksheets';
import { updateWorksheet } from '@/lib/client/api/update-worksheet';
import { useApiToken } from '@/lib/client/session';

const DELAY_MS = 500;

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

export function useWorksheetSaver() {
  const token = useApiToken();
  const qc = useQueryClient();
  const pending = useRef(new Map<string, WorksheetFields>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [state, setState] = useState<SaveState>('saved');

  const flush = useCallback(async () => {
    timer.current = null;
    const batch = [...pending.current];
    pending.current.clear();
    if (batch.length === 0) return;
    setState('saving');
    try {
      await Promise.all(batch.map(([id, fields]) => updateWorksheet(token, id, fields)));
      setState(pending.current.size ? 'pending' : 'saved');
    } catch {
      setState('error');
    }
  }, [token]);

  const save = useCallback((id: string, fields: WorksheetFields) => {
    qc.setQueryData<Worksheet[]>(worksheetsKey, (list) => list?.map((w) => (w.id === id ? { ...w, ...fields } : w)));
    pending.current.set(id, { ...pending.current.get(id), ...fields });
    setState('pending');
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), DELAY_MS);
  }, [qc, flush]);

  /** A worksheet about to be deleted: drop its pending edits. */
  const forget = useCallback((id: string) => { pending.current.delete(id); }, []);

  useEffect(() => {
    const leave = () => {
      for (const [id, fields] of pending.current) {
        void fetch(worksheetPath(id), { method: 'PATCH', keepalive: true, body: JSON.stringify(fields), headers: apiHeaders(token, true) });
      }
      pending.current.clear();
    };
    window.addEventListener('pagehide', leave);
    return () => { window.removeEventListener('pagehide', leave); leave(); };
  }, [token]);

  return { save, forget, state };
}
