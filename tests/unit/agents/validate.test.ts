// The agent specification validator over a corpus of valid and invalid YAML specifications.
import { describe, expect, it } from 'vitest';
import { AGENT_YAML as DOCS_EXAMPLE } from '../../http/agents-fixtures';
import { MAX_SPEC_BYTES, formatPath, normalizeProfile, parseSpecText, validateSpec } from '@/lib/agents/validate';


const VALID: [string, string][] = [
  ['the CREATE AGENT docs example', DOCS_EXAMPLE],
  ['an empty document', ''],
  ['an empty mapping', '{}'],
  ['models only', 'models:\n  orchestration: claude-4-sonnet\n'],
  ['budget with seconds only', 'orchestration:\n  budget:\n    seconds: 5\n'],
  ['capabilities and tool_not_accessible', 'orchestration:\n  capabilities:\n    analytical_search: true\n  tool_not_accessible: reject\n'],
  ['instructions with system and answers', 'instructions:\n  system: be nice\n  sample_questions:\n    - question: q\n      answer: a\n'],
  ['a generic tool with input_schema', `
tools:
  - tool_spec:
      type: generic
      name: get_revenue
      input_schema:
        type: object
        properties:
          location: {type: string, description: city}
        required: [location]
tool_resources:
  get_revenue:
    type: function
    execution_environment: {type: warehouse, warehouse: WH, query_timeout: 30}
    identifier: DB.S.F
`],
  ['JSON text (accepted by ALTER)', '{"models": {"orchestration": "auto"}, "tools": []}'],
  ['a tool without resources', 'tools:\n  - tool_spec: {type: web_search, name: web}\n'],
  ['search max_results as an integer', 'tools:\n  - tool_spec: {type: cortex_search, name: S}\ntool_resources:\n  S: {search_service: a.b.c, max_results: 4}\n'],
  ['unknown nested fields are kept', 'models:\n  orchestration: auto\n  future_field: 1\n'],
  ['experimental block', 'experimental:\n  flag: true\n'],
  ['skills', 'skills:\n  - name: sk\n    source: {type: STAGE, path: "@db.s.st/f"}\n'],
  ['mcp servers', 'mcp_servers:\n  - server_spec: {name: db.s.mcp}\n'],
  ['quoted tool names with spaces', 'tools:\n  - tool_spec: {type: generic, name: "my tool"}\ntool_resources:\n  "my tool": {identifier: X}\n'],
];

const INVALID: [string, string, RegExp][] = [
  ['an unknown top-level key', 'modelz:\n  orchestration: auto\n', /modelz: unknown field/],
  ['broken YAML', 'models:\n  orchestration: [auto\ninstructions: {\n', /not valid YAML/],
  ['a top-level list', '- a\n- b\n', /specification: expected a mapping/],
  ['a scalar document', 'hello', /specification: expected a mapping/],
  ['tools not a list', 'tools: not-an-array\n', /^.*tools: expected array/],
  ['a tool without tool_spec', 'tools:\n  - {}\n', /tools\[0\]\.tool_spec: required/],
  ['a tool without a name', 'tools:\n  - tool_spec: {type: generic, name: a}\n  - tool_spec: {type: generic}\n', /tools\[1\]\.tool_spec\.name: required/],
  ['a tool without a type', 'tools:\n  - tool_spec: {name: a}\n', /tools\[0\]\.tool_spec\.type: required/],
  ['a numeric tool name', 'tools:\n  - tool_spec: {type: generic, name: 12}\n', /tools\[0\]\.tool_spec\.name: expected string/],
  ['an empty tool name', 'tools:\n  - tool_spec: {type: generic, name: ""}\n', /tools\[0\]\.tool_spec\.name: must not be empty/],
  ['duplicate tool names', 'tools:\n  - tool_spec: {type: generic, name: a}\n  - tool_spec: {type: generic, name: a}\n', /tools\[1\]\.tool_spec\.name: duplicate tool name 'a'/],
  ['a resource naming no tool', 'tools:\n  - tool_spec: {type: generic, name: a}\ntool_resources:\n  b: {identifier: X}\n', /tool_resources\.b: no tool is named 'b'/],
  ['resources without tools', 'tool_resources:\n  a: {identifier: X}\n', /tool_resources\.a: no tool/],
  ['a negative budget', 'orchestration:\n  budget: {seconds: -1}\n', /orchestration\.budget\.seconds: expected a positive integer/],
  ['a zero budget', 'orchestration:\n  budget: {tokens: 0}\n', /orchestration\.budget\.tokens: expected a positive integer/],
  ['a fractional budget', 'orchestration:\n  budget: {seconds: 1.5}\n', /orchestration\.budget\.seconds: expected int/],
  ['a string budget', 'orchestration:\n  budget: {seconds: "30"}\n', /orchestration\.budget\.seconds: expected number/],
  ['a bad tool_not_accessible', 'orchestration:\n  tool_not_accessible: maybe\n', /orchestration\.tool_not_accessible: expected one of accept, reject, legacy/],
  ['models not a mapping', 'models: auto\n', /models: expected object/],
  ['orchestration model not a string', 'models:\n  orchestration: 3\n', /models\.orchestration: expected string/],
  ['instructions.response a list', 'instructions:\n  response: [a]\n', /instructions\.response: expected string/],
  ['a sample question without question', 'instructions:\n  sample_questions:\n    - answer: a\n', /instructions\.sample_questions\[0\]\.question: required/],
  ['analytical_search not boolean', 'orchestration:\n  capabilities: {analytical_search: "yes"}\n', /orchestration\.capabilities\.analytical_search: expected boolean/],
  ['required not a list', 'tools:\n  - tool_spec: {type: generic, name: a, input_schema: {required: x}}\n', /tools\[0\]\.tool_spec\.input_schema\.required: expected array/],
  ['a resource that is a string', 'tools:\n  - tool_spec: {type: generic, name: a}\ntool_resources:\n  a: x\n', /tool_resources\.a: expected object/],
  ['a bad max_results', 'tools:\n  - tool_spec: {type: cortex_search, name: s}\ntool_resources:\n  s: {max_results: many}\n', /tool_resources\.s\.max_results: expected a positive integer/],
  ['a bad query_timeout', 'tools:\n  - tool_spec: {type: generic, name: a}\ntool_resources:\n  a: {execution_environment: {query_timeout: 0}}\n', /tool_resources\.a\.execution_environment\.query_timeout: expected a positive integer/],
  ['a skill with a bad source type', 'skills:\n  - name: s\n    source: {type: FTP}\n', /skills\[0\]\.source\.type: expected one of/],
  ['duplicate YAML keys', 'models: {orchestration: a}\nmodels: {orchestration: b}\n', /not valid YAML/],
];

describe('agent specification validator', () => {
  it.each(VALID)('accepts %s', (_, yaml) => {
    expect(() => parseSpecText(yaml)).not.toThrow();
  });

  it.each(INVALID)('rejects %s', (_, yaml, message) => {
    let err: unknown;
    try {
      parseSpecText(yaml);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('AgentError');
    expect((err as { reason: string }).reason).toBe('invalid');
    expect((err as Error).message).toMatch(message);
  });

  it('rejects a spec over 100,000 bytes as an object over its size limit (300005), before parsing it', () => {
    const text = `instructions:\n  response: "${'x'.repeat(MAX_SPEC_BYTES)}"\n`;
    expect(() => parseSpecText(text)).toThrow(expect.objectContaining({
      name: 'ObjectSizeError',
      resource: expect.objectContaining({ code: '300005', message: expect.stringMatching(/agent specification of 100\d+ bytes exceeds the limit of 100000 bytes/) }),
    }));
    expect(() => validateSpec({ instructions: { response: 'x'.repeat(MAX_SPEC_BYTES) } })).toThrow(/exceeds the limit of 100000 bytes/);
  });

  it('keeps the specification as written (nested unknown fields included)', () => {
    const spec = parseSpecText(DOCS_EXAMPLE);
    expect((spec.tool_resources as Record<string, Record<string, unknown>>).Search1.filter).toEqual({ '@eq': { region: 'North America' } });
  });

  it('validates objects (REST bodies) the same way', () => {
    expect(() => validateSpec({ tools: 'not-an-array' })).toThrow(/tools: expected array/);
    expect(() => validateSpec({ tools: [] })).not.toThrow();
  });

  it('formats paths with indices', () => {
    expect(formatPath(['tools', 1, 'tool_spec', 'name'])).toBe('tools[1].tool_spec.name');
  });
});

describe('agent profile', () => {
  it('accepts a JSON object given as text or as an object', () => {
    expect(JSON.parse(normalizeProfile('{"display_name": "x", "color": "blue"}'))).toEqual({ display_name: 'x', color: 'blue' });
    expect(normalizeProfile({ display_name: 'y' })).toBe('{"display_name":"y"}');
  });

  it.each([['not JSON', '{display_name'], ['a JSON array', '[1]'], ['a JSON string', '"x"'], ['null', 'null']])('rejects %s', (_, text) => {
    expect(() => normalizeProfile(text)).toThrow(/profile: expected a JSON object/);
  });

  it('rejects a non-string display_name', () => {
    expect(() => normalizeProfile('{"display_name": 3}')).toThrow(/profile\.display_name: expected string/);
  });
});
