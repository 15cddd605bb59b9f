'use client';
/**
 * Monaco, loaded from our own bundle (never a CDN): loader.config({ monaco }) with the local
 * monaco-editor package. One model per worksheet (`path`), so each tab keeps its own undo
 * history. Ctrl/Cmd+Enter runs the selection or the statement under the cursor,
 * Ctrl/Cmd+Shift+Enter runs everything.
 */
import Editor, { loader, type OnMount } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { spanAt, trimmedRun } from './lib/statement-at-cursor';
import { registerSqlCompletion } from './sql-completion';

loader.config({ monaco });

export type MonacoEditor = monaco.editor.IStandaloneCodeEditor;

/** What a run sends: the text and where it starts in the editor (to place its error). */
export type RunText = (sql: string, start: number) => void;


export default function SqlEditor({ path, value, onChange, onRun, onRunAll, dark, editorRef, error }: {
  path: string;
  value: string;
  onChange: (v: string) => void;
  onRun: RunText;
  onRunAll: RunText;
  dark: boolean;
  editorRef?: MutableRefObject<MonacoEditor | null>;
  /** The last run's error, marked in the text where it points. */
  error?: { offset: number; message: string } | null;
}) {
  const handlers = useRef({ onRun, onRunAll });
  useEffect(() => { handlers.current = { onRun, onRunAll }; }, [onRun, onRunAll]);
  const [editor, setEditor] = useState<MonacoEditor | null>(null);
  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    const markers = error ? [(() => {
      const p = model.getPositionAt(error.offset);
      const word = model.getWordAtPosition(p);
      return { severity: monaco.MarkerSeverity.Error, message: error.message, startLineNumber: p.lineNumber, startColumn: p.column,
        endLineNumber: p.lineNumber, endColumn: word ? word.endColumn : p.column + 1 };
    })()] : [];
    monaco.editor.setModelMarkers(model, 'floe', markers);
  }, [editor, error, path]);
  const mount: OnMount = (editor, m) => {
    registerSqlCompletion(m);
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyCode.Enter, () => {
      const model = editor.getModel();
      const sel = editor.getSelection();
      if (!model) return;
      if (sel && !sel.isEmpty()) {
        const [sql, start] = trimmedRun(model.getValueInRange(sel), model.getOffsetAt(sel.getStartPosition()));
        if (sql) return handlers.current.onRun(sql, start);
      }
      const pos = editor.getPosition();
      const span = spanAt(model.getValue(), pos ? model.getOffsetAt(pos) : 0);
      if (span) handlers.current.onRun(span.text, span.start);
    });
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyMod.Shift | m.KeyCode.Enter, () => {
      const [text, start] = trimmedRun(editor.getModel()?.getValue() ?? '', 0);
      if (text) handlers.current.onRunAll(text, start);
    });
    editor.focus();
    if (editorRef) editorRef.current = editor;
    setEditor(editor);
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
