/** Monaco's editor worker (models, diffs, word completion), bundled as a worker of its own (monaco.ts). */
import 'monaco-editor/editor/editor.worker';
