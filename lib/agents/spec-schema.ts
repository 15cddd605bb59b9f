/**
 * The shape of an agent specification, after the official components in
 * common-cortex-tool.yaml (AgentModels, AgentOrchestration, AgentInstructions, Tool,
 * ToolResources, McpServerWrapper, SkillWrapper) plus the docs-only orchestration fields.
 * Top-level keys are closed; nested objects keep fields the schema does not name
 * (the official schemas leave them open).
 */
import { z } from 'zod';

const positiveInt = z.number().int().positive();

const budget = z.looseObject({ seconds: positiveInt.optional(), tokens: positiveInt.optional() });

const orchestration = z.looseObject({
  budget: budget.optional(),
  capabilities: z.looseObject({ analytical_search: z.boolean().optional() }).optional(),
  tool_not_accessible: z.enum(['accept', 'reject', 'legacy']).optional(),
});

const instructions = z.looseObject({
  response: z.string().optional(),
  orchestration: z.string().optional(),
  system: z.string().optional(),
  sample_questions: z.array(z.looseObject({ question: z.string(), answer: z.string().optional() })).optional(),
});

const inputSchema = z.looseObject({
  type: z.string().optional(),
  description: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
});

export const toolSchema = z.looseObject({
  tool_spec: z.looseObject({
    type: z.string().min(1),
    name: z.string().min(1),
    description: z.string().optional(),
    input_schema: inputSchema.optional(),
  }),
});

const executionEnvironment = z.looseObject({
  type: z.string().optional(),
  warehouse: z.string().optional(),
  query_timeout: positiveInt.optional(),
});

/** Resource fields common to every tool type (the discriminated variants stay open). */
export const toolResourceSchema = z.looseObject({
  type: z.string().optional(),
  execution_environment: executionEnvironment.optional(),
  identifier: z.string().optional(),
  semantic_model_file: z.string().optional(),
  semantic_view: z.string().optional(),
  inline_semantic_model: z.string().optional(),
  search_service: z.string().optional(),
  // The CREATE AGENT docs example writes max_results: "5".
  max_results: z.union([positiveInt, z.string().regex(/^\d+$/, 'expected a positive integer')]).optional(),
  title_column: z.string().optional(),
  id_column: z.string().optional(),
  filter: z.record(z.string(), z.unknown()).optional(),
});

export const agentSpecSchema = z.strictObject({
  models: z.looseObject({ orchestration: z.string().optional() }).optional(),
  orchestration: orchestration.optional(),
  instructions: instructions.optional(),
  experimental: z.record(z.string(), z.unknown()).optional(),
  tools: z.array(toolSchema).optional(),
  tool_resources: z.record(z.string(), toolResourceSchema).optional(),
  mcp_servers: z.array(z.looseObject({ server_spec: z.looseObject({ name: z.string().optional() }).optional() })).optional(),
  skills: z.array(z.looseObject({
    name: z.string(),
    source: z.looseObject({ type: z.enum(['STAGE', 'GIT_INTEGRATION', 'SYSTEM']), path: z.string().optional() }),
  })).optional(),
});

/** The top-level keys a specification may have (the REST bodies carry them beside name/comment/profile). */
export const SPEC_KEYS = Object.keys(agentSpecSchema.shape);

export const profileSchema = z.looseObject({
  display_name: z.string().nullable().optional(),
  avatar: z.string().nullable().optional(),
  color: z.string().nullable().optional(),
});

export type AgentSpec = z.infer<typeof agentSpecSchema>;
