'use client';
/**
 * Running a worksheet's statements. Each worksheet is a kept session on the server
 * (X-Floe-Session), so USE, SET, ALTER SESSION and temporary tables last from run to run; its
 * id and the last run's handle are remembered in the browser (lib/run-memory.ts), so the result
 * comes back after a reload. A run is posted with a short synchronous wait (X-Floe-Wait-Ms):
 * a fast statement answers in that one request, a long one gives its handle (and Cancel) then.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { databasesKey } from '@/lib/client/api/get-databases';
import { ApiError } from '@/lib/client/api/fetcher';
import { noteStatementSession, useSeedStatement, useStatement } from '@/lib/client/api/get-statement';
import { childHandlesOf, floeSessionOf, postStatement, type SessionAnswer } from '@/lib/client/api/post-statement';
import type { Worksheet as Sheet } from '@/lib/client/api/get-worksheets';
import { useApiToken } from '@/lib/client/session';
import { errorOffset } from './lib/error-position';
import { rememberedRuns, rememberRun, rememberSession, sessionOf } from './lib/run-memory';
import { changesCatalog, splitStatements } from './lib/statement-at-cursor';
import { contextChanges, type WorksheetContext } from './lib/session-context';

/** How long a run's POST waits for its answer before it falls back to polling (Cancel shows then). */
const WAIT_MS = 300;

const SESSION_ENDED = 'This worksheet\'s session had ended (idle too long, or the server restarted): the run started a new one. Its USE, SET and temporary tables are gone.';
const BUSY = 'A statement of this worksheet is still running: wait for it or cancel it first.';

/** A worksheet's last run: what was sent (to place an error in the editor), its handle or refusal. */
export interface Run {
  sent: string;
  start: number;
  startedAt: number;
  multi: boolean;
  handle?: string;
  error?: unknown;
  /** Posted, no answer yet. */
  pending?: boolean;
  /** What the run said besides its result (a new session was started, a run refused). */
  notice?: string;
  /** The context the run was sent with (absent: a run remembered from an earlier page). */
  sentContext?: WorksheetContext;
}

export function useWorksheetRuns() {
  const token = useApiToken();
  const seed = useSeedStatement();
  const [runs, setRuns] = useState<Record<string, Run | undefined>>({});
  const current = useRef(runs);
  current.current = runs;

  // The last run of each worksheet, from an earlier page: its result is read again by handle.
  useEffect(() => {
    const remembered = rememberedRuns(localStorage);
    for (const [id, r] of Object.entries(remembered)) {
      const session = sessionOf(localStorage, id);
      if (session) noteStatementSession(r.handle, session);
    }
    setRuns((now) => ({ ...remembered, ...now }));
  }, []);

  const setRun = useCallback((id: string, run: Run) => setRuns((r) => ({ ...r, [id]: run })), []);

  const send = useCallback(async (sheet: Sheet, statement: string, start: number, multi: boolean, fresh = false, notice?: string): Promise<void> => {
    const id = sheet.id;
    const session = (!fresh && sessionOf(localStorage, id)) || 'new';
    const sentContext: WorksheetContext = { role: sheet.role, warehouse: sheet.warehouse, database: sheet.database, schema: sheet.schema };
    const base: Run = { sent: statement, start, startedAt: Date.now(), multi, sentContext, notice };
    const previous = current.current[id];
    setRun(id, { ...base, pending: true });
    let answer: SessionAnswer;
    try {
      answer = await postStatement(token, { statement, ...sentContext, multi, async: false, waitMs: WAIT_MS, session });
    } catch (error) {
      const s = error instanceof ApiError ? floeSessionOf(error.headers) : undefined;
      if (s) rememberSession(localStorage, id, s.id);
      if (error instanceof ApiError && error.code === '390111' && session !== 'new') {
        rememberSession(localStorage, id, null);
        return send(sheet, statement, start, multi, true, SESSION_ENDED);
      }
      // One run at a time per session: the one still running stays on screen (with its Cancel).
      if (error instanceof ApiError && error.code === '390112' && previous?.handle) {
        setRun(id, { ...previous, notice: BUSY });
        return;
      }
      setRun(id, { ...base, error });
      // A statement that ran and failed has a handle to read it again by after a reload.
      if (error instanceof ApiError && error.status === 422 && error.statementHandle) {
        if (s) noteStatementSession(error.statementHandle, s.id);
        rememberRun(localStorage, id, { sent: statement, start, startedAt: base.startedAt, handle: error.statementHandle, multi });
      }
      return;
    }
    const handle = answer.state === 'done' ? answer.result.statementHandle : answer.status.statementHandle;
    if (answer.session) {
      rememberSession(localStorage, id, answer.session.id);
      noteStatementSession(handle, answer.session.id);
    }
    seed(handle, answer);
    setRun(id, { ...base, handle });
    rememberRun(localStorage, id, { sent: statement, start, startedAt: base.startedAt, handle, multi });
  }, [token, seed, setRun]);

  /** Runs `statement` (the editor's text from offset `start`) in the worksheet's session. */
  const submit = useCallback((sheet: Sheet, statement: string, start: number, multi: boolean) => {
    // A run still being posted: the session is busy (its handle is not known yet to show instead).
    if (current.current[sheet.id]?.pending) return;
    void send(sheet, statement, start, multi);
  }, [send]);

  return { runs, submit };
}

/**
 * What a worksheet shows of its run once it ends: the session's context (the pickers follow
 * it through `onContext`), its notice, where its error is in the editor; a run that may have
 * changed the catalog refreshes the schema browser.
 */
export function useRunOutcome(sheetId: string | undefined, run: Run | undefined, onContext: (id: string, changes: Partial<WorksheetContext>) => void) {
  const qc = useQueryClient();
  const answer = useStatement(run?.handle ?? null);
  const failure = run?.error ?? answer.error;
  const children = childHandlesOf(failure);
  // A Run all that stopped: the failing statement is its last child.
  const failedChild = useStatement(children?.at(-1) ?? null);
  const ended = !!run && !run.pending && (!!failure || answer.data?.state === 'done');
  const session = answer.data?.session ?? (failure instanceof ApiError ? floeSessionOf(failure.headers) : undefined);

  const handled = useRef(new Set<number>());
  useEffect(() => {
    if (!ended || !run || !sheetId || handled.current.has(run.startedAt)) return;
    handled.current.add(run.startedAt);
    if (session && run.sentContext) {
      const changes = contextChanges(run.sentContext, session);
      if (changes) onContext(sheetId, changes);
    }
    if (run.sentContext && (run.multi || changesCatalog(run.sent))) {
      for (const key of [databasesKey[0], 'schemas', 'schema-objects', 'columns']) void qc.invalidateQueries({ queryKey: [key] });
    }
  }, [ended, run, sheetId, session, onContext, qc]);

  let marker: { offset: number; message: string } | null = null;
  if (run && failure instanceof Error) {
    if (children?.length) {
      const span = splitStatements(run.sent)[children.length - 1];
      const error = failedChild.error;
      if (span && error instanceof Error) {
        const at = run.start + span.start;
        marker = { offset: errorOffset(error.message, span.text, at) ?? at, message: error.message };
      }
    } else {
      const offset = errorOffset(failure.message, run.sent, run.start);
      if (offset !== null) marker = { offset, message: failure.message };
    }
  }
  return { marker, notice: ended ? session?.notice : undefined };
}
