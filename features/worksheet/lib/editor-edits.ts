/**
 * Edits made on the live editor (not by replacing its value) so that they land in its undo
 * history and fire its change event like typing does. Type-only import: no Monaco at runtime.
 */
import type * as Monaco from 'monaco-editor';

type Editor = Monaco.editor.IStandaloneCodeEditor;

/** `text` at the cursor, replacing the selection (schema browser inserts). */
export function insertAtCursor(editor: Editor, text: string): void {
  const sel = editor.getSelection();
  if (!sel) return;
  editor.executeEdits('insert', [{ range: sel, text, forceMoveMarkers: true }]);
  editor.focus();
}

/** The whole text replaced (Format SQL), as one undo step; the editor keeps the focus. */
export function replaceAll(editor: Editor, text: string): void {
  const model = editor.getModel();
  if (!model || model.getValue() === text) return;
  editor.pushUndoStop();
  editor.executeEdits('format', [{ range: model.getFullModelRange(), text }]);
  editor.pushUndoStop();
  editor.focus();
}
