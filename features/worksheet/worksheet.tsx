'use client';
/**
 * The worksheet screen: tabs of the user's server-kept worksheets, the SQL editor of the active
 * one with its context (role, warehouse, database, schema), the schema browser, and the result
 * of the last run of each tab.
 */
import dynamic from 'next/dynamic';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCreateWorksheet } from '@/lib/client/api/create-worksheet';
import { useDeleteWorksheet } from '@/lib/client/api/delete-worksheet';
import { columnsQuery } from '@/lib/client/api/get-columns';
import { databasesKey, databasesQuery } from '@/lib/client/api/get-databases';
import { schemaObjectsQuery } from '@/lib/client/api/get-schema-objects';
import { schemasQuery } from '@/lib/client/api/get-schemas';
import { useSeedStatement, useStatement } from '@/lib/client/api/get-statement';
import { useWorksheets, type Worksheet as Sheet } from '@/lib/client/api/get-worksheets';
import { usePostStatement } from '@/lib/client/api/post-statement';
import { useApiToken } from '@/lib/client/session';
import { SplitPane } from '@/components/split-pane/split-pane';
import { SchemaBrowser } from '@/features/schema-browser/schema-browser';
import { useMonacoTheme } from '@/features/shell/use-theme';
import { StatementError, StatementResult } from '@/features/statement/statement-result';
import { insertAtCursor, replaceAll } from './lib/editor-edits';
import { errorOffset } from './lib/error-position';
import { formatSql } from './lib/format-sql';
import { runAllTarget, runTarget } from './lib/run-target';
import { ContextPickers, type WorksheetContext } from './context-pickers';
import { setCatalogSource } from './sql-completion';
import type { MonacoEditor } from './sql-editor';
import { useWorksheetSaver } from './use-worksheet-saver';
import { WorksheetTabs } from './worksheet-tabs';

const SqlEditor = dynamic(() => import('./sql-editor'), { ssr: false, loading: () => <div className="editor muted">Loading editor…</div> });

const ACTIVE = 'floe.activeWorksheet';
const SAVE_LABEL = { saved: 'Saved', pending: 'Editing…', saving: 'Saving…', error: 'Not saved' } as const;

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
    });
    return () => setCatalogSource(null);
  }, [qc, token]);
}

/** A tab's last run: what was sent (to place an error in the editor) and its handle or refusal. */
interface Run { sent: string; start: number; startedAt: number; handle?: string; error?: unknown }

export function Worksheet() {
  const sheets = useWorksheets();
  const create = useCreateWorksheet();
  const remove = useDeleteWorksheet();
  const saver = useWorksheetSaver();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [runs, setRuns] = useState<Record<string, Run | undefined>>({});
  const [browser, setBrowser] = useState(true);
  const editorRef = useRef<MonacoEditor | null>(null);
  const post = usePostStatement();
  const seed = useSeedStatement();
  const qc = useQueryClient();
  const monacoTheme = useMonacoTheme();

  const list = sheets.data ?? [];
  const sheet = list.find((w) => w.id === activeId) ?? list[0];
  useCatalogSource(sheet);
  const run = sheet ? runs[sheet.id] : undefined;
  const answer = useStatement(run?.handle ?? null);
  const failure = run?.error ?? answer.error;
  const marker = useMemo(() => {
    if (!run || !(failure instanceof Error)) return null;
    const offset = errorOffset(failure.message, run.sent, run.start);
    return offset === null ? null : { offset, message: failure.message };
  }, [run, failure]);

  useEffect(() => { setActiveId((id) => id ?? localStorage.getItem(ACTIVE)); }, []);
  useEffect(() => { if (sheet) localStorage.setItem(ACTIVE, sheet.id); }, [sheet]);

  const submit = useCallback((statement: string, start: number, multi: boolean) => {
    if (!sheet) return;
    const id = sheet.id;
    const base = { sent: statement, start, startedAt: Date.now() };
    post.mutate({ statement, role: sheet.role, warehouse: sheet.warehouse, database: sheet.database, schema: sheet.schema, multi, async: true }, {
      onError: (error) => setRuns((r) => ({ ...r, [id]: { ...base, error } })),
      onSuccess: (answer) => {
        const handle = answer.state === 'done' ? answer.result.statementHandle : answer.status.statementHandle;
        seed(handle, answer);
        setRuns((r) => ({ ...r, [id]: { ...base, handle } }));
        if (/^\s*(create|drop|alter|undrop)\b/i.test(statement) || multi) {
          for (const key of [databasesKey[0], 'schemas', 'schema-objects', 'columns']) void qc.invalidateQueries({ queryKey: [key] });
        }
      },
    });
  }, [sheet, post, seed, qc]);

  if (sheets.error) return <StatementError error={sheets.error} />;
  if (!sheet) return <p className="muted">Loading worksheets…</p>;
  const setContext = (next: Partial<WorksheetContext>) => saver.save(sheet.id, next);
  const close = (id: string) => {
    saver.forget(id);
    if (id === sheet.id) setActiveId(list.find((w) => w.id !== id)?.id ?? null);
    remove.mutate(id);
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
        <div className="toolbar">
          <button type="button" aria-pressed={browser} onClick={() => setBrowser(!browser)} title="Show or hide the schema browser">Objects</button>
          <button type="button" className="primary" onClick={() => runSheet(false)} aria-keyshortcuts="Control+Enter Meta+Enter" title="Ctrl/Cmd+Enter runs the statement under the cursor">Run</button>
          <button type="button" onClick={() => runSheet(true)} aria-keyshortcuts="Control+Shift+Enter Meta+Shift+Enter" title="Ctrl/Cmd+Shift+Enter">Run all</button>
          <button type="button" aria-keyshortcuts="Shift+Alt+F" title="Shift+Alt+F" onClick={() => { if (editorRef.current) replaceAll(editorRef.current, formatSql(editorRef.current.getValue())); }}>Format SQL</button>
          <ContextPickers value={sheet} onChange={setContext} />
          <span className="spacer" />
          <span className={`small ${saver.state === 'error' ? 'error' : 'muted'}`} data-testid="save-state">{SAVE_LABEL[saver.state]}</span>
        </div>
        <SplitPane storageKey="floe.editorShare" firstLabel="editor" secondLabel="results" defaultShare={0.22} first={
          <SqlEditor path={`worksheet-${sheet.id}.sql`} value={sheet.sql} onChange={(sql) => saver.save(sheet.id, { sql })}
            onRun={(s, start) => submit(s, start, false)} onRunAll={(s, start) => submit(s, start, true)} theme={monacoTheme} editorRef={editorRef} error={marker} />
        } second={
        <div className="output" data-testid="output">
          {run?.error ? <StatementError error={run.error} />
            : run?.handle ? <StatementResult key={run.handle} handle={run.handle} startedAt={run.startedAt} />
            : <p className="muted">Ctrl/Cmd+Enter runs the statement under the cursor; Ctrl/Cmd+Shift+Enter runs them all.</p>}
        </div>
        } />
      </div>
    </div>
  );
}
