import { expect, test } from 'vitest';
import { emptyForm, emptyProperty, emptyTool, errorPath, fieldFor, formProfile, formToSpec, specToForm } from '@/features/agents/lib/agent-form';

const base = { name: 'A', comment: '', displayName: '', avatar: '', color: '' };

test('a blank form writes only the Auto model', () => {
  expect(formToSpec(emptyForm())).toEqual({ models: { orchestration: 'auto' } });
  expect(formProfile(emptyForm())).toBeNull();
});

test('form fields map to the specification, numbers stay numbers, resources go under the tool name', () => {
  const f = { ...emptyForm(), response: 'Be brief', budgetSeconds: '30', budgetTokens: 'x',
    sampleQuestions: [{ question: 'Q?', answer: '' }, { question: '', answer: '' }],
    tools: [{ ...emptyTool(), name: 'analyst', resource: { semantic_view: 'DB.S.V', warehouse: 'WH' } }] };
  expect(formToSpec(f)).toEqual({
    models: { orchestration: 'auto' },
    orchestration: { budget: { seconds: 30, tokens: 'x' } },
    instructions: { response: 'Be brief', sample_questions: [{ question: 'Q?' }] },
    tools: [{ tool_spec: { type: 'cortex_analyst_text_to_sql', name: 'analyst' } }],
    tool_resources: { analyst: { semantic_view: 'DB.S.V', execution_environment: { type: 'warehouse', warehouse: 'WH' } } },
  });
});

test('a specification survives spec → form → spec, fields the form does not show included', () => {
  const spec = {
    models: { orchestration: 'claude-4-sonnet', fallback: 'x' },
    orchestration: { budget: { seconds: 900, tokens: 400000, extra: 1 }, tool_not_accessible: 'reject' },
    instructions: { system: 'S', orchestration: 'O', sample_questions: [{ question: 'q', answer: 'a' }], custom: true },
    tools: [
      { tool_spec: { type: 'cortex_search', name: 'docs', description: 'd', input_schema: { type: 'object' } } },
      { tool_spec: { type: 'generic', name: 'g' } },
    ],
    tool_resources: {
      docs: { search_service: 'DB.S.SVC', max_results: 5, execution_environment: { type: 'warehouse', warehouse: 'WH', query_timeout: 9 } },
      orphan: { identifier: 'kept' },
    },
    skills: [{ name: 'k', source: { type: 'SYSTEM' } }],
  };
  const form = specToForm(spec, base);
  expect(form.model).toBe('claude-4-sonnet');
  expect(form.tools.map((t) => [t.name, t.resource.search_service ?? '', t.resource.max_results ?? ''])).toEqual([['docs', 'DB.S.SVC', '5'], ['g', '', '']]);
  expect(formToSpec(form)).toEqual(spec);
});

test('server messages point at form fields', () => {
  const f = { ...emptyForm(), tools: [{ ...emptyTool(), name: 'a' }, { ...emptyTool(), name: 'b' }] };
  const at = (m: string) => { const e = errorPath(m); return e && fieldFor(e.path, f); };
  expect(errorPath('Invalid agent specification: tools[1].tool_spec.name: required')).toEqual({ path: 'tools[1].tool_spec.name', text: 'required' });
  expect(at('Invalid agent specification: tools[1].tool_spec.name: required')).toBe('tools[1].tool_spec.name');
  expect(at('Invalid agent specification: orchestration.budget.seconds: expected a positive integer')).toBe('orchestration.budget.seconds');
  expect(at("Invalid agent specification: tool_resources.b.max_results: expected a positive integer")).toBe('tools[1].resources');
  expect(at("Invalid agent specification: tool_resources.zz: no tool is named 'zz'")).toBeNull();
  expect(at('Invalid agent specification: tools[0].tool_spec.input_schema.type: expected string')).toBe('tools[0].input_schema');
  expect(at('Invalid agent specification: tools[0].tool_spec.other: bad')).toBe('tools[0]');
  expect(at('Invalid agent specification: skills[0].name: required')).toBeNull();
  expect(errorPath("Agent 'X' already exists.")).toBeNull();
});

test('per-type resource fields: each type writes its own, numbers and JSON typed, execution environment from warehouse and timeout', () => {
  const tool = (type: string, resource: Record<string, string>) => ({ ...emptyTool(), type, name: type, resource });
  const spec = formToSpec({ ...emptyForm(), tools: [
    tool('cortex_search', { search_service: 'DB.S.SVC', max_results: '7', title_column: 'TITLE', filter: '{"@eq": {"r": "EU"}}' }),
    tool('generic', { type: 'procedure', identifier: 'DB.S.P', warehouse: 'WH', query_timeout: '60' }),
    tool('web_search', { max_results: '3' }),
    // A field of another type (left from before a type change) is not written.
    tool('sql_exec', { semantic_view: 'stale', warehouse: 'WH2' }),
  ] });
  expect(spec.tool_resources).toEqual({
    cortex_search: { search_service: 'DB.S.SVC', max_results: 7, title_column: 'TITLE', filter: { '@eq': { r: 'EU' } } },
    generic: { type: 'procedure', identifier: 'DB.S.P', execution_environment: { type: 'warehouse', warehouse: 'WH', query_timeout: 60 } },
    web_search: { max_results: 3 },
    sql_exec: { execution_environment: { type: 'warehouse', warehouse: 'WH2' } },
  });
  const back = specToForm(spec, base);
  expect(back.tools.map((t) => t.resource)).toEqual([
    { search_service: 'DB.S.SVC', max_results: '7', title_column: 'TITLE', filter: '{"@eq":{"r":"EU"}}' },
    { type: 'procedure', identifier: 'DB.S.P', warehouse: 'WH', query_timeout: '60' },
    { max_results: '3' },
    { warehouse: 'WH2' },
  ]);
  expect(formToSpec(back)).toEqual(spec);
});

test('input_schema: properties with types, descriptions and required, other keys kept', () => {
  const spec = {
    models: { orchestration: 'auto' },
    tools: [{ tool_spec: { type: 'generic', name: 'weather', input_schema: {
      type: 'object', description: 'Where', properties: { city: { type: 'string', description: 'City name' }, days: { type: 'integer', minimum: 1 } },
      required: ['city', 'ghost'], additionalProperties: false,
    } } }],
  };
  const form = specToForm(spec, base);
  expect(form.tools[0].inputSchema.properties.map((p) => [p.name, p.type, p.description, p.required])).toEqual([['city', 'string', 'City name', true], ['days', 'integer', '', false]]);
  expect(formToSpec(form)).toEqual(spec);
  const edited = { ...form, tools: [{ ...form.tools[0], inputSchema: { ...form.tools[0].inputSchema, properties: [
    ...form.tools[0].inputSchema.properties.slice(1), { ...emptyProperty(), name: 'unit', description: 'C or F', required: true }, emptyProperty(),
  ] } }] };
  expect((formToSpec(edited).tools as { tool_spec: { input_schema: unknown } }[])[0].tool_spec.input_schema).toEqual({
    type: 'object', description: 'Where', additionalProperties: false,
    properties: { days: { type: 'integer', minimum: 1 }, unit: { type: 'string', description: 'C or F' } },
    required: ['unit', 'ghost'],
  });
  // A new tool with one property gets type: object.
  const fresh = { ...emptyForm(), tools: [{ ...emptyTool(), type: 'generic', name: 'g', inputSchema: { ...emptyTool().inputSchema, properties: [{ ...emptyProperty(), name: 'q' }] } }] };
  expect((formToSpec(fresh).tools as { tool_spec: { input_schema: unknown } }[])[0].tool_spec.input_schema).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
});
