'use client';
import dynamic from 'next/dynamic';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { format } from 'sql-formatter';
import { databasesKey } from '@/lib/client/api/get-databases';
import { useSeedStatement } from '@/lib/client/api/get-statement';
import { usePostStatement } from '@/lib/client/api/post-statement';
import { StatementError, StatementResult } from '@/features/statement/statement-result';
import { ContextPickers } from './context-pickers';

const SqlEditor = dynamic(() => import('./sql-editor'), { ssr: false, loading: () => <div className="editor muted">Loading editor…</div> });

const STORAGE = 'floe.worksheet';

function usePrefersDark() {
  const [dark, setDark] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    setDark(mq.matches);
    const f = (e: MediaQueryListEvent) => setDark(e.matches);
    mq.addEventListener('change', f);
    return () => mq.removeEventListener('change', f);
  }, []);
  return dark;
}

export function Worksheet() {
  const [sql, setSql] = useState('SELECT 1 AS ONE;');
  const [ctx, setCtx] = useState<{ database: string | null; schema: string | null }>({ database: null, schema: null });
  const [run, setRun] = useState<{ handle: string; startedAt: number } | null>(null);
  const post = usePostStatement();
  const seed = useSeedStatement();
  const qc = useQueryClient();
  const dark = usePrefersDark();

  useEffect(() => {
    const saved = localStorage.getItem(STORAGE);
    if (saved) setSql(saved);
  }, []);
  useEffect(() => { localStorage.setItem(STORAGE, sql); }, [sql]);

  const submit = useCallback((statement: string, multi: boolean) => {
    const startedAt = Date.now();
    post.mutate({ statement, database: ctx.database, schema: ctx.schema, multi, async: true }, {
      onSuccess: (answer) => {
        const handle = answer.state === 'done' ? answer.result.statementHandle : answer.status.statementHandle;
        seed(handle, answer);
        setRun({ handle, startedAt });
        if (/^\s*(create|drop|alter)\b/i.test(statement) || multi) void qc.invalidateQueries({ queryKey: databasesKey });
      },
    });
  }, [ctx, post, seed, qc]);

  return (
    <div className="worksheet">
      <div className="toolbar">
        <button type="button" className="primary" onClick={() => submit(sql.trim(), false)} title="Ctrl/Cmd+Enter runs the statement under the cursor">Run</button>
        <button type="button" onClick={() => submit(sql.trim(), true)} title="Ctrl/Cmd+Shift+Enter">Run all</button>
        <button type="button" onClick={() => setSql(format(sql, { language: 'snowflake', keywordCase: 'upper' }))}>Format SQL</button>
        <ContextPickers database={ctx.database} schema={ctx.schema} onChange={(database, schema) => setCtx({ database, schema })} />
      </div>
      <SqlEditor value={sql} onChange={setSql} onRun={(s) => submit(s, false)} onRunAll={(s) => submit(s, true)} dark={dark} />
      <div className="output" data-testid="output">
        {post.error ? <StatementError error={post.error} /> : run ? <StatementResult key={run.handle} handle={run.handle} startedAt={run.startedAt} /> : <p className="muted">Ctrl/Cmd+Enter runs the statement under the cursor; Ctrl/Cmd+Shift+Enter runs them all.</p>}
      </div>
    </div>
  );
}

