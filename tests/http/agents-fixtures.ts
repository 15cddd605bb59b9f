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

/** The CREATE AGENT docs example (reference §3), also the valid core of the validator corpus. */
export const AGENT_YAML = `
models:
  orchestration: auto
orchestration:
  budget:
    seconds: 30
    tokens: 16000
instructions:
  response: "You will respond in a friendly but concise manner"
  orchestration: "For any revenue question use Analyst; for policy use Search"
  sample_questions:
    - question: "What was our revenue last quarter?"
tools:
  - tool_spec:
      type: "cortex_analyst_text_to_sql"
      name: "Analyst1"
      description: "Converts natural language to SQL queries for financial analysis"
  - tool_spec:
      type: "cortex_search"
      name: "Search1"
      description: "Searches company policy and documentation"
tool_resources:
  Analyst1:
    semantic_view: "db.schema.semantic_view"
  Search1:
    search_service: "db.schema.service_name"
    max_results: "5"
    filter:
      "@eq":
        region: "North America"
    title_column: "<title_name>"
    id_column: "<column_name>"
`;

export function createAgentSql(name: string, { prefix = 'CREATE', comment = 'sql agent', profile = '{"display_name": "Sql Agent"}', yaml = AGENT_YAML } = {}): string {
  return `${prefix} AGENT ${name} COMMENT = '${comment}' PROFILE = '${profile}' FROM SPECIFICATION $$${yaml}$$`;
}
