import { expect, test } from 'vitest';
import { emptyForm, emptyTool, errorPath, fieldFor, formProfile, formToSpec, specToForm } from '@/features/agents/lib/agent-form';

const base = { name: 'A', comment: '', displayName: '', avatar: '', color: '' };

test('a blank form writes only the Auto model', () => {
  expect(formToSpec(emptyForm())).toEqual({ models: { orchestration: 'auto' } });
  expect(formProfile(emptyForm())).toBeNull();
});

test('form fields map to the specification, numbers stay numbers, resources go under the tool name', () => {
  const f = { ...emptyForm(), response: 'Be brief', budgetSeconds: '30', budgetTokens: 'x',
    sampleQuestions: [{ question: 'Q?', answer: '' }, { question: '', answer: '' }],
    tools: [{ ...emptyTool(), name: 'analyst', semanticView: 'DB.S.V', warehouse: 'WH' }] };
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
  expect(form.tools.map((t) => [t.name, t.searchService, t.warehouse])).toEqual([['docs', 'DB.S.SVC', 'WH'], ['g', '', '']]);
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
  expect(at('Invalid agent specification: tools[0].tool_spec.input_schema.type: expected string')).toBe('tools[0]');
  expect(at('Invalid agent specification: skills[0].name: required')).toBeNull();
  expect(errorPath("Agent 'X' already exists.")).toBeNull();
});
