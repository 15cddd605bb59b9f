'use client';
/** Monaco with YAML highlighting (the local bundle, as for SQL) for an agent's specification. */
import Editor from '@monaco-editor/react';
import '@/components/code-editor/monaco';

export default function YamlEditor({ value, onChange, theme }: { value: string; onChange: (v: string) => void; theme: string }) {
  return (
    <div className="yaml-editor" data-testid="yaml-editor">
      <Editor height="100%" language="yaml" path="agent-specification.yaml" theme={theme} value={value}
        onChange={(v) => onChange(v ?? '')}
        onMount={(editor) => { (window as unknown as { floeYamlEditor?: typeof editor }).floeYamlEditor = editor; }}
        options={{ minimap: { enabled: false }, fontSize: 13, scrollBeyondLastLine: false, automaticLayout: true, tabSize: 2 }} />
    </div>
  );
}
