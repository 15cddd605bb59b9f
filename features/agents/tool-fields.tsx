'use client';
/**
 * One tool of the agent form: type, name, description, the resource fields of its type
 * (tool_resources[name]) and its input_schema properties.
 */
import { emptyProperty, PROPERTY_TYPES, resourceFieldsOf, TOOL_TYPES, type InputProperty, type ToolGroup } from './lib/agent-form';
import { Field } from './field';

export function ToolFields({ tool: t, index: i, err, onChange, onRemove }: {
  tool: ToolGroup; index: number; err: (key: string) => string | undefined; onChange: (change: Partial<ToolGroup>) => void; onRemove: () => void;
}) {
  const schema = t.inputSchema;
  const setProps = (properties: InputProperty[]) => onChange({ inputSchema: { ...schema, properties } });
  const editProp = (k: number, change: Partial<InputProperty>) => setProps(schema.properties.map((p, j) => (j === k ? { ...p, ...change } : p)));
  const fields = resourceFieldsOf(t.type);
  return (
    <div className="group" data-testid="tool-group">
      {err(`tools[${i}]`) && <span className="field-error" role="alert">{err(`tools[${i}]`)}</span>}
      <Field label={`Tool ${i + 1} type`} error={err(`tools[${i}].tool_spec.type`)}>
        <select value={t.type} onChange={(e) => onChange({ type: e.target.value })}>
          {(TOOL_TYPES.includes(t.type) ? TOOL_TYPES : [t.type, ...TOOL_TYPES]).map((x) => <option key={x} value={x}>{x}</option>)}
        </select>
      </Field>
      <Field label={`Tool ${i + 1} name`} error={err(`tools[${i}].tool_spec.name`)}><input value={t.name} onChange={(e) => onChange({ name: e.target.value })} /></Field>
      <Field label="Description" error={err(`tools[${i}].tool_spec.description`)}><input value={t.description} onChange={(e) => onChange({ description: e.target.value })} /></Field>
      <fieldset className="subgroup" data-testid="tool-resources">
        <legend>Resources ({t.type || 'no type'})</legend>
        {err(`tools[${i}].resources`) && <span className="field-error" role="alert">{err(`tools[${i}].resources`)}</span>}
        {fields.length === 0 && <p className="muted small">This tool type takes no resources in the form; other keys can be written in the YAML.</p>}
        {fields.map((f) => {
          const value = t.resource[f.key] ?? '';
          const set = (v: string) => onChange({ resource: { ...t.resource, [f.key]: v } });
          return (
            <Field key={f.key} label={f.label}>
              {f.choices ? (
                <select value={value} onChange={(e) => set(e.target.value)}>
                  <option value="">(none)</option>
                  {(f.choices.includes(value) || !value ? f.choices : [value, ...f.choices]).map((c) => <option key={c} value={c}>{c}</option>)}
                </select>
              ) : f.kind === 'json' ? (
                <textarea rows={2} value={value} placeholder={f.placeholder} onChange={(e) => set(e.target.value)} />
              ) : (
                <input value={value} placeholder={f.placeholder} inputMode={f.kind === 'number' ? 'numeric' : undefined} onChange={(e) => set(e.target.value)} />
              )}
            </Field>
          );
        })}
      </fieldset>
      <fieldset className="subgroup" data-testid="input-schema">
        <legend>Input schema</legend>
        {err(`tools[${i}].input_schema`) && <span className="field-error" role="alert">{err(`tools[${i}].input_schema`)}</span>}
        <Field label="Input description"><input value={schema.description} onChange={(e) => onChange({ inputSchema: { ...schema, description: e.target.value } })} /></Field>
        {schema.properties.map((p, k) => (
          <div key={k} className="property-row" data-testid="input-property">
            <Field label={`Property ${k + 1} name`}><input value={p.name} onChange={(e) => editProp(k, { name: e.target.value })} /></Field>
            <Field label={`Property ${k + 1} type`}>
              <select value={p.type} onChange={(e) => editProp(k, { type: e.target.value })}>
                {(PROPERTY_TYPES.includes(p.type) ? PROPERTY_TYPES : [p.type, ...PROPERTY_TYPES]).map((x) => <option key={x} value={x}>{x || '(none)'}</option>)}
              </select>
            </Field>
            <Field label={`Property ${k + 1} description`}><input value={p.description} onChange={(e) => editProp(k, { description: e.target.value })} /></Field>
            <label className="check"><input type="checkbox" checked={p.required} onChange={(e) => editProp(k, { required: e.target.checked })} /> Required</label>
            <button type="button" onClick={() => setProps(schema.properties.filter((_, j) => j !== k))}>Remove property</button>
          </div>
        ))}
        <button type="button" onClick={() => setProps([...schema.properties, emptyProperty()])}>Add property</button>
      </fieldset>
      <button type="button" onClick={onRemove}>Remove tool</button>
    </div>
  );
}
