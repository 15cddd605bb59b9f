'use client';
/**
 * Create or edit an agent: a form (name, comment, profile, model, instructions, budget, tools
 * with their resources) and the YAML specification beside it, kept in sync both ways. A server
 * validation error is shown next to the field its path names (else above the form).
 */
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { SPEC_KEYS } from '@/lib/agents/spec-schema';
import { ApiError } from '@/lib/client/api/fetcher';
import { useAgent } from '@/lib/client/api/get-agent';
import { useSaveAgent } from '@/lib/client/api/save-agent';
import { useMonacoTheme } from '@/features/shell/use-theme';
import { StatementError } from '@/features/statement/statement-result';
import { AUTO_MODEL, emptyForm, emptyTool, errorPath, fieldFor, formProfile, formToSpec, MODELS, specToForm, type AgentForm, type ToolGroup } from './lib/agent-form';
import { agentsHref } from './lib/agent-links';
import { Field } from './field';
import { ToolFields } from './tool-fields';
import { useUnsavedChangesPrompt } from './use-unsaved-changes';

const YamlEditor = dynamic(() => import('./yaml-editor'), { ssr: false, loading: () => <div className="yaml-editor muted">Loading editor…</div> });

/** What saving a form would store: compared with the stored agent to tell unsaved changes. */
const snapshot = (f: AgentForm) => JSON.stringify({ name: f.name.trim(), comment: f.comment, profile: formProfile(f), spec: formToSpec(f) });

const specYaml = (f: AgentForm) => {
  const spec = formToSpec(f);
  return Object.keys(spec).length ? toYaml(spec) : '';
};

export function AgentEditor({ database, schema, name }: { database: string; schema: string; name: string | null }) {
  const router = useRouter();
  const existing = useAgent(database, schema, name);
  const save = useSaveAgent(database, schema);
  const [form, setForm] = useState<AgentForm>(emptyForm);
  const [yamlText, setYamlText] = useState(() => specYaml(emptyForm()));
  const [yamlError, setYamlError] = useState<string | null>(null);
  const [saved, setSaved] = useState(() => snapshot(emptyForm()));
  const monacoTheme = useMonacoTheme();
  // YAML that does not parse is unsaved work too.
  useUnsavedChangesPrompt(snapshot(form) !== saved || yamlError !== null);

  useEffect(() => {
    const a = existing.data;
    if (!a) return;
    const f = specToForm(JSON.parse(a.agent_spec || '{}'), {
      name: a.name, comment: a.comment ?? '', displayName: a.profile?.display_name ?? '', avatar: a.profile?.avatar ?? '', color: a.profile?.color ?? '',
    });
    setForm(f);
    setYamlText(specYaml(f));
    setSaved(snapshot(f));
  }, [existing.data]);

  /** A form edit: the YAML is written from the form. */
  const edit = (change: Partial<AgentForm>) => {
    const f = { ...form, ...change };
    setForm(f);
    setYamlText(specYaml(f));
    setYamlError(null);
  };
  const editTool = (i: number, change: Partial<ToolGroup>) => edit({ tools: form.tools.map((t, k) => (k === i ? { ...t, ...change } : t)) });
  /** A YAML edit: the form is read from the YAML once it parses to a mapping. */
  const editYaml = (text: string) => {
    setYamlText(text);
    let doc: unknown;
    try {
      doc = parseYaml(text) ?? {};
    } catch (e) {
      setYamlError((e as Error).message.split('\n')[0]);
      return;
    }
    if (typeof doc !== 'object' || Array.isArray(doc)) return setYamlError('The specification must be a YAML mapping.');
    setYamlError(null);
    setForm(specToForm(doc as Record<string, unknown>, form));
  };

  const submit = () => {
    const spec = formToSpec(form);
    const body: Record<string, unknown> & { name: string } = { name: form.name.trim(), comment: form.comment || null, profile: formProfile(form), ...spec };
    // PUT replaces only the keys it names: a key the new specification lacks is removed with null.
    if (name) for (const k of SPEC_KEYS) if (!(k in spec)) body[k] = null;
    save.mutate({ body, existing: !!name }, { onSuccess: () => { setSaved(snapshot(form)); router.push(agentsHref(database, schema)); } });
  };

  const failure = save.error instanceof ApiError ? save.error : null;
  const at = failure ? errorPath(failure.message) : null;
  const errorField = failure?.code === '002002' ? 'name' : at ? fieldFor(at.path, form) : null;
  const err = (key: string) => (errorField === key ? (at?.text ?? failure?.message) : undefined);

  if (name && existing.error) return <StatementError error={existing.error} />;
  if (name && !existing.data) return <p className="muted">Loading agent…</p>;
  return (
    <div className="agent-editor">
      <div className="toolbar">
        <h1>{name ? `Agent ${name}` : 'New agent'} <span className="muted small">in {database}.{schema}</span></h1>
        <span className="spacer" />
        <Link href={agentsHref(database, schema)}>Back to agents</Link>
        <button type="button" className="primary" onClick={submit} disabled={save.isPending || !!yamlError}>{save.isPending ? 'Saving…' : name ? 'Save' : 'Create'}</button>
      </div>
      {save.error && !errorField && <StatementError error={save.error} />}
      <div className="agent-columns">
        <form className="agent-form" onSubmit={(e) => { e.preventDefault(); submit(); }} aria-label="Agent">
          <fieldset>
            <legend>Agent</legend>
            <Field label="Name" error={err('name')}><input value={form.name} disabled={!!name} required onChange={(e) => edit({ name: e.target.value })} /></Field>
            <Field label="Comment"><input value={form.comment} onChange={(e) => edit({ comment: e.target.value })} /></Field>
          </fieldset>
          <fieldset>
            <legend>Profile</legend>
            <Field label="Display name"><input value={form.displayName} onChange={(e) => edit({ displayName: e.target.value })} /></Field>
            <Field label="Avatar"><input value={form.avatar} placeholder="e.g. AiIcon" onChange={(e) => edit({ avatar: e.target.value })} /></Field>
            <Field label="Color"><input value={form.color} placeholder="e.g. blue or #2563eb" onChange={(e) => edit({ color: e.target.value })} /></Field>
          </fieldset>
          <fieldset>
            <legend>Model and budget</legend>
            <Field label="Orchestration model" error={err('models.orchestration')}>
              <select value={form.model} onChange={(e) => edit({ model: e.target.value })}>
                {(MODELS.includes(form.model) ? MODELS : [form.model, ...MODELS]).map((m) => <option key={m} value={m}>{m === AUTO_MODEL ? 'Auto (recommended)' : m}</option>)}
              </select>
            </Field>
            <Field label="Budget seconds" error={err('orchestration.budget.seconds')}><input inputMode="numeric" value={form.budgetSeconds} onChange={(e) => edit({ budgetSeconds: e.target.value })} /></Field>
            <Field label="Budget tokens" error={err('orchestration.budget.tokens')}><input inputMode="numeric" value={form.budgetTokens} onChange={(e) => edit({ budgetTokens: e.target.value })} /></Field>
          </fieldset>
          <fieldset>
            <legend>Instructions</legend>
            <Field label="Response instructions" error={err('instructions.response')}><textarea rows={2} value={form.response} onChange={(e) => edit({ response: e.target.value })} /></Field>
            <Field label="Orchestration instructions" error={err('instructions.orchestration')}><textarea rows={2} value={form.orchestrationInstructions} onChange={(e) => edit({ orchestrationInstructions: e.target.value })} /></Field>
            <Field label="System instructions" error={err('instructions.system')}><textarea rows={2} value={form.system} onChange={(e) => edit({ system: e.target.value })} /></Field>
            {form.sampleQuestions.map((q, i) => (
              <div key={i} className="group" data-testid="sample-question">
                <Field label={`Sample question ${i + 1}`} error={err(`instructions.sample_questions[${i}]`)}>
                  <input value={q.question} onChange={(e) => edit({ sampleQuestions: form.sampleQuestions.map((x, k) => (k === i ? { ...x, question: e.target.value } : x)) })} />
                </Field>
                <Field label="Answer"><input value={q.answer} onChange={(e) => edit({ sampleQuestions: form.sampleQuestions.map((x, k) => (k === i ? { ...x, answer: e.target.value } : x)) })} /></Field>
                <button type="button" onClick={() => edit({ sampleQuestions: form.sampleQuestions.filter((_, k) => k !== i) })}>Remove question</button>
              </div>
            ))}
            <button type="button" onClick={() => edit({ sampleQuestions: [...form.sampleQuestions, { question: '', answer: '' }] })}>Add sample question</button>
          </fieldset>
          <fieldset>
            <legend>Tools</legend>
            {form.tools.map((t, i) => (
              <ToolFields key={i} tool={t} index={i} err={err} onChange={(change) => editTool(i, change)} onRemove={() => edit({ tools: form.tools.filter((_, k) => k !== i) })} />
            ))}
            <button type="button" onClick={() => edit({ tools: [...form.tools, emptyTool()] })}>Add tool</button>
          </fieldset>
        </form>
        <section className="agent-yaml" aria-label="Specification (YAML)">
          <h3>Specification (YAML)</h3>
          <YamlEditor value={yamlText} onChange={editYaml} theme={monacoTheme} />
          {yamlError && <p className="field-error" role="alert" data-testid="yaml-error">{yamlError}</p>}
        </section>
      </div>
    </div>
  );
}
