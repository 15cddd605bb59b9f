// Fixtures of the agent http tests.
export function agentsPath(db: string, schema = 'PUBLIC', name?: string): string {
  const base = `/api/v2/databases/${encodeURIComponent(db)}/schemas/${encodeURIComponent(schema)}/agents`;
  return name === undefined ? base : `${base}/${encodeURIComponent(name)}`;
}

export function agentBody(name: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    comment: 'test agent',
    profile: { display_name: 'Test Agent' },
    models: { orchestration: 'auto' },
    instructions: { response: 'Be concise' },
    orchestration: { budget: { seconds: 30, tokens: 16000 } },
    tools: [{ tool_spec: { type: 'generic', name: 'get_revenue', input_schema: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } } }],
    tool_resources: { get_revenue: { type: 'function', identifier: 'DB.PUBLIC.GET_REVENUE' } },
    ...over,
  };
}

export const AGENT_YAML = `
models:
  orchestration: auto
orchestration:
  budget:
    seconds: 30
    tokens: 16000
instructions:
  response: "Be concise"
  sample_questions:
    - question: "What was our revenue last quarter?"
tools:
  - tool_spec:
      type: "cortex_analyst_text_to_sql"
      name: "Analyst1"
tool_resources:
  Analyst1:
    semantic_view: "db.schema.semantic_view"
`;

export function createAgentSql(name: string, { prefix = 'CREATE', comment = 'sql agent', profile = '{"display_name": "Sql Agent"}', yaml = AGENT_YAML } = {}): string {
  return `${prefix} AGENT ${name} COMMENT = '${comment}' PROFILE = '${profile}' FROM SPECIFICATION $$${yaml}$$`;
}
