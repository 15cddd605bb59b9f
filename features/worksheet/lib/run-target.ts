/**
 * What Run (Ctrl/Cmd+Enter) sends from the live editor: the selection when there is one, else
 * the statement the cursor is in. Type-only Monaco import: usable outside the editor's chunk.
 */
import type * as Monaco from 'monaco-editor';
import { spanAt, trimmedRun } from './statement-at-cursor';

/** [text, offset of its start in the editor], or null when there is nothing to run. */
export function runTarget(editor: Monaco.editor.ICodeEditor): [string, number] | null {
  const model = editor.getModel();
  if (!model) return null;
  const sel = editor.getSelection();
  if (sel && !sel.isEmpty()) {
    const [sql, start] = trimmedRun(model.getValueInRange(sel), model.getOffsetAt(sel.getStartPosition()));
    if (sql) return [sql, start];
  }
  const pos = editor.getPosition();
  const span = spanAt(model.getValue(), pos ? model.getOffsetAt(pos) : 0);
  return span ? [span.text, span.start] : null;
}

/** The whole text, for Run all (Ctrl/Cmd+Shift+Enter). */
export function runAllTarget(editor: Monaco.editor.ICodeEditor): [string, number] | null {
  const [text, start] = trimmedRun(editor.getModel()?.getValue() ?? '', 0);
  return text ? [text, start] : null;
}
