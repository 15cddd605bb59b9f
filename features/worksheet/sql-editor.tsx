'use client';
/**
 * Monaco, loaded from our own bundle (never a CDN): loader.config({ monaco }) with the local
 * monaco-editor package. One model per worksheet (`path`), so each tab keeps its own undo
 * history. Ctrl/Cmd+Enter runs the selection or the statement under the cursor,
 * Ctrl/Cmd+Shift+Enter runs everything.
 */
import Editor, { loader, type OnMount } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import { useEffect, useRef, type MutableRefObject } from 'react';
import { statementAt } from './lib/statement-at-cursor';
import { registerSqlCompletion } from './sql-completion';

loader.config({ monaco });

export type MonacoEditor = monaco.editor.IStandaloneCodeEditor;

export default function SqlEditor({ path, value, onChange, onRun, onRunAll, dark, editorRef }: {
  path: string;
  value: string;
  onChange: (v: string) => void;
  onRun: (sql: string) => void;
  onRunAll: (sql: string) => void;
  dark: boolean;
  editorRef?: MutableRefObject<MonacoEditor | null>;
}) {
  const handlers = useRef({ onRun, onRunAll });
  useEffect(() => { handlers.current = { onRun, onRunAll }; }, [onRun, onRunAll]);
  const mount: OnMount = (editor, m) => {
    registerSqlCompletion(m);
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyCode.Enter, () => {
      const model = editor.getModel();
      const sel = editor.getSelection();
      if (!model) return;
      const selected = sel && !sel.isEmpty() ? model.getValueInRange(sel).trim() : '';
      const pos = editor.getPosition();
      const sql = selected || statementAt(model.getValue(), pos ? model.getOffsetAt(pos) : 0);
      if (sql) handlers.current.onRun(sql);
    });
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyMod.Shift | m.KeyCode.Enter, () => {
      const text = editor.getModel()?.getValue().trim();
      if (text) handlers.current.onRunAll(text);
    });
    editor.focus();
    if (editorRef) editorRef.current = editor;
    // Automation hook (e2e tests, scripts): the live editor, to set text without key-by-key typing.
    (window as unknown as { floeEditor?: typeof editor }).floeEditor = editor;
  };
  return (
    <div className="editor" data-testid="sql-editor">
      <Editor height="100%" language="sql" path={path} theme={dark ? 'vs-dark' : 'light'} defaultValue={value} onChange={(v) => onChange(v ?? '')} onMount={mount}
        options={{ minimap: { enabled: false }, fontSize: 13, scrollBeyondLastLine: false, automaticLayout: true }} />
    </div>
  );
}
