'use client';
/**
 * Edits of worksheets go into the React Query cache at once (the editor reads from it) and to
 * the server a moment later, merged per worksheet: typing sends one PATCH per pause, not per key.
 * A save of the text names the version it is based on: when another tab (or browser) saved other
 * text in between, the server answers 409 and the user chooses to keep his text (overwrite) or
 * load the other one. A save that fails for a reason that may pass (server down, 5xx, network)
 * is tried again with backoff, merged with whatever was typed meanwhile, until it succeeds.
 * Leaving the page sends what is still pending with a keepalive request.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiHeaders } from '@/lib/client/api/fetcher';
import { getWorksheets, patchCached, worksheetPath, worksheetsKey, type Worksheet, type WorksheetFields, type WorksheetPatch } from '@/lib/client/api/get-worksheets';
import { updateWorksheet } from '@/lib/client/api/update-worksheet';
import { WORKSHEET_CONFLICT_CODE } from '@/lib/console/worksheet';
import { useApiToken } from '@/lib/client/session';

const DELAY_MS = 500;
/** Retries wait 1 s, 2 s, 4 s … up to 10 s (one small PATCH: a restarted server is soon noticed). */
const retryDelay = (attempt: number) => Math.min(10_000, 1000 * 2 ** (attempt - 1));

export type SaveState = 'saved' | 'pending' | 'saving' | 'retrying' | 'conflict' | 'error';

/** A save the server refused because another session saved other text: theirs is what it holds now. */
export interface SaveConflict { id: string; theirs: Worksheet }

/** Failures that may pass by themselves: no answer at all, the server's own failures, too many requests. */
const transient = (e: unknown) => !(e instanceof ApiError) || e.status >= 500 || e.status === 429 || e.status === 408;

export function useWorksheetSaver() {
  const token = useApiToken();
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const qc = useQueryClient();
  const pending = useRef(new Map<string, WorksheetFields>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const attempt = useRef(0);
  const conflictRef = useRef<SaveConflict | null>(null);
  const [state, setState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<SaveConflict | null>(null);
  const [error, setError] = useState<string | null>(null);

  const base = useCallback((id: string) => qc.getQueryData<Worksheet[]>(worksheetsKey)?.find((w) => w.id === id)?.version, [qc]);
  const body = useCallback((id: string, fields: WorksheetFields): WorksheetPatch => (fields.sql === undefined ? fields : { ...fields, baseVersion: base(id) }), [base]);

  /** Puts a batch back under what was typed since it left. */
  const requeue = (id: string, fields: WorksheetFields) => pending.current.set(id, { ...fields, ...pending.current.get(id) });

  const schedule = useCallback((ms: number, run: () => void) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(run, ms);
  }, []);

  const flush = useCallback(async (): Promise<void> => {
    timer.current = null;
    if (inFlight.current) return;
    // A worksheet in conflict waits for the user's choice.
    const batch = [...pending.current].filter(([id]) => id !== conflictRef.current?.id);
    if (batch.length === 0) return;
    for (const [id] of batch) pending.current.delete(id);
    inFlight.current = true;
    setState('saving');
    const results = await Promise.allSettled(batch.map(([id, fields]) => updateWorksheet(tokenRef.current, id, body(id, fields))));
    inFlight.current = false;
    let retry = false;
    let failed: string | null = null;
    for (const [i, r] of results.entries()) {
      const [id, fields] = batch[i];
      if (r.status === 'fulfilled') {
        patchCached(qc, id, (w) => ({ ...w, version: r.value.version, updatedOn: r.value.updatedOn }));
      } else if (r.reason instanceof ApiError && r.reason.status === 409 && r.reason.code === WORKSHEET_CONFLICT_CODE) {
        requeue(id, fields);
        const theirs = (await getWorksheets(tokenRef.current).catch(() => null))?.worksheets.find((w) => w.id === id);
        if (theirs) {
          conflictRef.current = { id, theirs };
          setConflict(conflictRef.current);
        } else {
          retry = true;
        }
      } else if (transient(r.reason)) {
        requeue(id, fields);
        retry = true;
      } else {
        // Refused for good (deleted forever elsewhere, too large): saying so is all that helps.
        failed = r.reason instanceof Error ? r.reason.message : String(r.reason);
      }
    }
    setError(failed);
    if (retry) {
      attempt.current += 1;
      setState('retrying');
      schedule(retryDelay(attempt.current), () => void flush());
      return;
    }
    attempt.current = 0;
    const waiting = [...pending.current.keys()].some((id) => id !== conflictRef.current?.id);
    setState(conflictRef.current ? 'conflict' : failed ? 'error' : waiting ? 'pending' : 'saved');
    if (waiting) schedule(DELAY_MS, () => void flush());
  }, [qc, body, schedule]);

  const save = useCallback((id: string, fields: WorksheetFields) => {
    patchCached(qc, id, (w) => ({ ...w, ...fields }));
    pending.current.set(id, { ...pending.current.get(id), ...fields });
    if (conflictRef.current?.id === id) return;
    // While retrying, the next try (with backoff) takes the new edits along.
    if (attempt.current > 0) return;
    setState('pending');
    schedule(DELAY_MS, () => void flush());
  }, [qc, flush, schedule]);

  const resolved = useCallback(() => {
    conflictRef.current = null;
    setConflict(null);
    attempt.current = 0;
    setState(pending.current.size ? 'pending' : 'saved');
    schedule(0, () => void flush());
  }, [flush, schedule]);

  /** Overwrite: the save goes again, based on the version the other session saved. */
  const keepMine = useCallback(() => {
    const c = conflictRef.current;
    if (!c) return;
    patchCached(qc, c.id, (w) => ({ ...w, version: c.theirs.version }));
    resolved();
  }, [qc, resolved]);

  /** Drop this tab's unsaved text and take the other session's; the caller puts it into the editor. */
  const loadTheirs = useCallback((): Worksheet | null => {
    const c = conflictRef.current;
    if (!c) return null;
    const { sql: _, ...rest } = pending.current.get(c.id) ?? {};
    if (Object.keys(rest).length) pending.current.set(c.id, rest);
    else pending.current.delete(c.id);
    patchCached(qc, c.id, (w) => ({ ...w, sql: c.theirs.sql, version: c.theirs.version, updatedOn: c.theirs.updatedOn }));
    resolved();
    return c.theirs;
  }, [qc, resolved]);

  useEffect(() => {
    const leave = () => {
      for (const [id, fields] of pending.current) {
        void fetch(worksheetPath(id), { method: 'PATCH', keepalive: true, body: JSON.stringify(body(id, fields)), headers: apiHeaders(tokenRef.current, true) }).catch(() => undefined);
      }
      pending.current.clear();
    };
    window.addEventListener('pagehide', leave);
    return () => { window.removeEventListener('pagehide', leave); leave(); };
  }, [body]);

  return { save, state, conflict, error, keepMine, loadTheirs };
}
