'use client';
/**
 * Monaco, loaded from our own bundle (never a CDN: components/code-editor/monaco.ts). One model
 * per worksheet (`path`), so each tab keeps its own undo history. Ctrl/Cmd+Enter runs the selection or the statement under the cursor,
 * Ctrl/Cmd+Shift+Enter runs everything, Shift+Alt+F formats.
 */
import Editor, { type OnMount } from '@monaco-editor/react';
import { monaco } from '@/components/code-editor/monaco';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { formatSql } from './lib/format-sql';
import { runAllTarget, runTarget } from './lib/run-target';
import { registerSqlCompletion } from './sql-completion';

export type MonacoEditor = monaco.editor.IStandaloneCodeEditor;

/** What a run sends: the text and where it starts in the editor (to place its error). */
export type RunText = (sql: string, start: number) => void;

let formatterRegistered = false;
/** Monaco's Format Document (Shift+Alt+F, the context menu) on SQL models uses Format SQL. */
function registerSqlFormatter(m: typeof monaco): void {
  if (formatterRegistered) return;
  formatterRegistered = true;
  m.languages.registerDocumentFormattingEditProvider('sql', {
    provideDocumentFormattingEdits: (model) => [{ range: model.getFullModelRange(), text: formatSql(model.getValue()) }],
  });
}

export default function SqlEditor({ path, value, onChange, onRun, onRunAll, theme, editorRef, error }: {
  path: string;
  value: string;
  onChange: (v: string) => void;
  onRun: RunText;
  onRunAll: RunText;
  /** Monaco theme name ('floe-light' | 'floe-dark'). */
  theme: string;
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
    registerSqlFormatter(m);
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyCode.Enter, () => {
      const t = runTarget(editor);
      if (t) handlers.current.onRun(...t);
    });
    editor.addCommand(m.KeyMod.CtrlCmd | m.KeyMod.Shift | m.KeyCode.Enter, () => {
      const t = runAllTarget(editor);
      if (t) handlers.current.onRunAll(...t);
    });
    // Monaco binds Format Document to Shift+Alt+F except on Linux (Ctrl+Shift+I): the same key everywhere.
    editor.addCommand(m.KeyMod.Shift | m.KeyMod.Alt | m.KeyCode.KeyF, () => { void editor.getAction('editor.action.formatDocument')?.run(); });
    // Monaco mounts a moment after the page: not from a field the user is typing in meanwhile (a
    // tab being renamed loses its name on blur).
    const typing = document.activeElement;
    if (!(typing instanceof HTMLInputElement || typing instanceof HTMLTextAreaElement || typing instanceof HTMLSelectElement || (typing instanceof HTMLElement && typing.isContentEditable))) editor.focus();
    if (editorRef) editorRef.current = editor;
    setEditor(editor);
    // Automation hook (e2e tests, scripts): the live editor, to set text without key-by-key typing.
    (window as unknown as { floeEditor?: typeof editor }).floeEditor = editor;
  };
  return (
    <div className="editor" data-testid="sql-editor">
      <Editor height="100%" language="sql" path={path} theme={theme} defaultValue={value} onChange={(v) => onChange(v ?? '')} onMount={mount}
        options={{ minimap: { enabled: false }, fontSize: 13, scrollBeyondLastLine: false, automaticLayout: true }} />
    </div>
  );
}
