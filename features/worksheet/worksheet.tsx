'use client';
/**
 * The worksheet screen: tabs of the user's server-kept worksheets, the SQL editor of the active
 * one with its context (role, warehouse, database, schema), the schema browser, and the result
 * of the last run of each tab.
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCreateWorksheet } from '@/lib/client/api/create-worksheet';
import { columnsQuery } from '@/lib/client/api/get-columns';
import { functionsQuery } from '@/lib/client/api/get-functions';
import { databasesQuery } from '@/lib/client/api/get-databases';
import { schemaObjectsQuery } from '@/lib/client/api/get-schema-objects';
import { schemasQuery } from '@/lib/client/api/get-schemas';
import { isOpenTab, useWorksheets, type Worksheet as Sheet } from '@/lib/client/api/get-worksheets';
import { useUpdateWorksheet } from '@/lib/client/api/update-worksheet';
import { useApiToken } from '@/lib/client/session';
import { SplitPane } from '@/components/split-pane/split-pane';
import { SchemaBrowser } from '@/features/schema-browser/schema-browser';
import { useMonacoTheme } from '@/features/shell/use-theme';
import { Notice, RunFailure, StatementError, StatementResult } from '@/features/statement/statement-result';
import { insertAtCursor, replaceAll } from './lib/editor-edits';
import { formatSql } from './lib/format-sql';
import { ACTIVE_WORKSHEET_KEY } from './lib/worksheet-list';
import { runAllTarget, runTarget } from './lib/run-target';
import { ContextPickers, type WorksheetContext } from './context-pickers';
import { setCatalogSource } from './sql-completion';
import type { MonacoEditor } from './sql-editor';
import { SaveConflictBanner, SaveStatus } from './save-status';
import { useRunOutcome, useWorksheetRuns } from './use-worksheet-runs';
import { useWorksheetSaver } from './use-worksheet-saver';
import { WorksheetTabs } from './worksheet-tabs';

const SqlEditor = dynamic(() => import('./sql-editor'), { ssr: false, loading: () => <div className="editor muted">Loading editor…</div> });


/** Autocomplete reads the catalog through the schema browser's cached queries. */
function useCatalogSource(sheet: Sheet | undefined) {
  const qc = useQueryClient();
  const token = useApiToken();
  const ctx = useRef({ database: null as string | null, schema: null as string | null });
  ctx.current = { database: sheet?.database ?? null, schema: sheet?.schema ?? null };
  useEffect(() => {
    setCatalogSource({
      context: () => ctx.current,
      databases: () => qc.fetchQuery(databasesQuery(token)),
      schemas: (db) => qc.fetchQuery(schemasQuery(token, db)),
      objects: (db, schema) => qc.fetchQuery(schemaObjectsQuery(token, db, schema)),
      columns: (db, schema, table) => qc.fetchQuery(columnsQuery(token, db, schema, table)),
      functions: () => qc.fetchQuery(functionsQuery(token)),
    });
    return () => setCatalogSource(null);
  }, [qc, token]);
}

export function Worksheet() {
  const sheets = useWorksheets();
  const create = useCreateWorksheet();
  const update = useUpdateWorksheet();
  const saver = useWorksheetSaver();
  const [activeId, setActiveId] = useState<string | null>(null);
  const { runs, submit: runIn } = useWorksheetRuns();
  const [browser, setBrowser] = useState(true);
  const editorRef = useRef<MonacoEditor | null>(null);
  const monacoTheme = useMonacoTheme();

  const list = (sheets.data ?? []).filter(isOpenTab);
  const sheet = list.find((w) => w.id === activeId) ?? list[0];
  useCatalogSource(sheet);
  const run = sheet ? runs[sheet.id] : undefined;
  // The pickers follow the session's context (USE …) once a run ends.
  const { marker, notice } = useRunOutcome(sheet?.id, run, saver.save);

  // Read now: the effect below stores the first tab before a lazy updater would run.
  useEffect(() => { const saved = localStorage.getItem(ACTIVE_WORKSHEET_KEY); setActiveId((id) => id ?? saved); }, []);
  useEffect(() => { if (sheet) localStorage.setItem(ACTIVE_WORKSHEET_KEY, sheet.id); }, [sheet]);

  const submit = useCallback((statement: string, start: number, multi: boolean) => {
    if (sheet) runIn(sheet, statement, start, multi);
  }, [sheet, runIn]);

  if (sheets.error) return <StatementError error={sheets.error} />;
  if (!sheet) {
    return sheets.data ? <NoOpenWorksheet onNew={() => create.mutate({}, { onSuccess: (w) => setActiveId(w.id) })} /> : <p className="muted">Loading worksheets…</p>;
  }
  const setContext = (next: Partial<WorksheetContext>) => saver.save(sheet.id, next);
  // Closing keeps the worksheet (and saves what is pending in it): it is reopened from the list.
  const close = (id: string) => {
    if (id === sheet.id) setActiveId(list.find((w) => w.id !== id)?.id ?? null);
    update.mutate({ id, patch: { open: false } });
  };
  const loadTheirs = () => {
    const theirs = saver.loadTheirs();
    if (theirs && editorRef.current) replaceAll(editorRef.current, theirs.sql);
  };
  const runSheet = (multi: boolean) => {
    const t = editorRef.current && (multi ? runAllTarget : runTarget)(editorRef.current);
    if (t) submit(...t, multi);
  };
  return (
    <div className="worksheet-page">
      {browser && <SchemaBrowser onInsert={(text) => { if (editorRef.current) insertAtCursor(editorRef.current, text); }} />}
      <div className="worksheet">
        <WorksheetTabs worksheets={list} activeId={sheet.id} onSelect={setActiveId}
          onNew={() => create.mutate({}, { onSuccess: (w) => setActiveId(w.id) })}
          onRename={(id, name) => saver.save(id, { name })} onClose={close} />
        {create.error && <p className="error small" role="alert">{create.error.message}</p>}
        <div className="toolbar">
          <button type="button" aria-pressed={browser} onClick={() => setBrowser(!browser)} title="Show or hide the schema browser">Objects</button>
          <button type="button" className="primary" onClick={() => runSheet(false)} aria-keyshortcuts="Control+Enter Meta+Enter" title="Ctrl/Cmd+Enter runs the statement under the cursor">Run</button>
          <button type="button" onClick={() => runSheet(true)} aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter" title="Ctrl/Cmd+Shift+Enter">Run all</button>
          <button type="button" aria-keyshortcuts="Shift+Alt+F" title="Shift+Alt+F" onClick={() => { if (editorRef.current) replaceAll(editorRef.current, formatSql(editorRef.current.getValue())); }}>Format SQL</button>
          <ContextPickers value={sheet} onChange={setContext} />
          <span className="spacer" />
          <SaveStatus state={saver.state} error={saver.error} />
        </div>
        {saver.conflict && <SaveConflictBanner conflict={saver.conflict} onKeepMine={saver.keepMine} onLoadTheirs={loadTheirs}
          onShow={saver.conflict.id === sheet.id ? undefined : () => setActiveId(saver.conflict!.id)} />}
        <SplitPane storageKey="floe.editorShare" firstLabel="editor" secondLabel="results" defaultShare={0.22} first={
          <SqlEditor path={`worksheet-${sheet.id}.sql`} value={sheet.sql} onChange={(sql) => saver.save(sheet.id, { sql })}
            onRun={(s, start) => submit(s, start, false)} onRunAll={(s, start) => submit(s, start, true)} theme={monacoTheme} editorRef={editorRef} error={marker} />
        } second={
        <div className="output" data-testid="output">
          {run?.notice && <Notice testId="run-notice">{run.notice}</Notice>}
          {notice && <Notice testId="session-notice">{notice}</Notice>}
          {run?.error ? <RunFailure error={run.error} />
            : run?.handle ? <StatementResult key={run.handle} handle={run.handle} startedAt={run.startedAt} notFound={<Notice testId="result-expired">The result of this run is no longer available: results are kept for FLOE_RESULT_RETENTION_HOURS (24 hours by default). Run it again.</Notice>} />
            : run?.pending ? <div className="running" data-testid="submitting"><span className="spinner" aria-hidden /> Running…</div>
            : <p className="muted">Ctrl/Cmd+Enter runs the statement under the cursor; Ctrl/Cmd+Shift+Enter runs them all.</p>}
        </div>
        } />
      </div>
    </div>
  );
}

function NoOpenWorksheet({ onNew }: { onNew: () => void }) {
  return (
    <div className="worksheet-empty" data-testid="no-open-worksheet">
      <p className="muted">No worksheet is open.</p>
      <div className="toolbar">
        <button type="button" className="primary" onClick={onNew}>New worksheet</button>
        <Link className="button" href="/worksheets">All worksheets</Link>
      </div>
    </div>
  );
}
