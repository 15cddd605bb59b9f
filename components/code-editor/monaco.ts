'use client';
/**
 * Monaco from our own bundle (never a CDN), for every editor of the console. Monaco finds its
 * editor worker with `new URL('…/editorWebWorkerMain.js', import.meta.url)` inside a blob: the
 * bundler turns that into a bare asset path the blob cannot resolve (a console error at every
 * load, and no worker). So the worker is bundled from our own entry and handed over by
 * MonacoEnvironment.getWorker; it is a same-origin script, which the page CSP's worker-src allows.
 * SQL and YAML need no language workers: every label gets the editor worker.
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor';

if (typeof self !== 'undefined') {
  self.MonacoEnvironment = {
    getWorker: () => new Worker(new URL('./editor.worker.ts', import.meta.url), { type: 'module', name: 'monaco-editor' }),
  };
}
loader.config({ monaco });

/**
 * Monaco's own themes draw SQL strings (#FF0000), operators and built-ins below 4.5:1 contrast:
 * the console's themes keep every token colour readable (axe, WCAG AA) and the rest as they are.
 */
monaco.editor.defineTheme('floe-light', {
  base: 'vs', inherit: true, colors: {},
  rules: [{ token: 'string.sql', foreground: 'A31515' }, { token: 'operator.sql', foreground: '4D5A6B' }, { token: 'predefined.sql', foreground: '9C009C' },
    { token: 'annotation', foreground: '616161' }, { token: 'metatag.html', foreground: '616161' }],
});
monaco.editor.defineTheme('floe-dark', {
  base: 'vs-dark', inherit: true, colors: {},
  rules: [{ token: 'string.sql', foreground: 'CE9178' }],
});

export { monaco };
