/**
 * The agent form's model and its mapping to and from the REST body / YAML specification (pure,
 * unit-tested). Fields the form does not show (mcp_servers, skills, experimental, unknown keys
 * of nested objects…) ride along in `rest` parts so that a round trip never loses them.
 */
export const AUTO_MODEL = 'auto';
export const MODELS = [AUTO_MODEL, 'claude-4-sonnet', 'claude-3-7-sonnet', 'claude-3-5-sonnet', 'llama3.3-70b', 'mistral-large2', 'openai-gpt-4.1'];
export const TOOL_TYPES = ['cortex_analyst_text_to_sql', 'cortex_search', 'generic', 'data_to_chart', 'sql_exec', 'web_search'];

type Obj = Record<string, unknown>;

/**
 * A tool_resources field the form shows for a tool type: a key of the resource, or of its
 * execution_environment (`env`). `number` fields write whole numbers as numbers, `json` ones
 * an object typed as JSON text, `choices` a fixed set.
 */
export interface ResourceField { key: string; label: string; env?: boolean; kind?: 'number' | 'json'; choices?: string[]; placeholder?: string }

const WAREHOUSE: ResourceField = { key: 'warehouse', label: 'Warehouse', env: true, placeholder: 'e.g. COMPUTE_WH' };
const QUERY_TIMEOUT: ResourceField = { key: 'query_timeout', label: 'Query timeout (seconds)', env: true, kind: 'number' };
const MAX_RESULTS: ResourceField = { key: 'max_results', label: 'Max results', kind: 'number' };

/** The resource fields of each tool type (the agent spec's ToolResource variants); other keys ride along in YAML. */
export const RESOURCE_FIELDS: Record<string, ResourceField[]> = {
  cortex_analyst_text_to_sql: [
    { key: 'semantic_view', label: 'Semantic view', placeholder: 'DB.SCHEMA.VIEW' },
    { key: 'semantic_model_file', label: 'Semantic model file', placeholder: '@DB.SCHEMA.STAGE/model.yaml' },
    WAREHOUSE, QUERY_TIMEOUT,
  ],
  cortex_search: [
    { key: 'search_service', label: 'Search service', placeholder: 'DB.SCHEMA.SERVICE' },
    MAX_RESULTS,
    { key: 'title_column', label: 'Title column' },
    { key: 'id_column', label: 'ID column' },
    { key: 'filter', label: 'Filter (JSON)', kind: 'json', placeholder: '{"@eq": {"region": "EU"}}' },
  ],
  generic: [
    { key: 'type', label: 'Resource type', choices: ['function', 'procedure'] },
    { key: 'identifier', label: 'Identifier', placeholder: 'DB.SCHEMA.FUNCTION' },
    WAREHOUSE, QUERY_TIMEOUT,
  ],
  sql_exec: [WAREHOUSE, QUERY_TIMEOUT],
  web_search: [MAX_RESULTS],
  data_to_chart: [],
};

export const resourceFieldsOf = (type: string): ResourceField[] => RESOURCE_FIELDS[type] ?? [];

/** JSON Schema types an input property may have. */
export const PROPERTY_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'];

export interface InputProperty {
  name: string;
  type: string;
  description: string;
  required: boolean;
  /** The property's other keys (enum, items, …). */
  rest: Obj;
}

/** A tool's input_schema: its description and properties; other keys (and required names no property has) ride along. */
export interface InputSchemaForm { type: string; description: string; properties: InputProperty[]; otherRequired: string[]; rest: Obj }

export interface ToolGroup {
  type: string;
  name: string;
  description: string;
  /** tool_resources[name] fields of the tool's type (resourceFieldsOf), as typed. */
  resource: Record<string, string>;
  inputSchema: InputSchemaForm;
  /** Everything else of the tool spec and of its resources. */
  restSpec: Obj;
  restResource: Obj;
}

export interface SampleQuestion { question: string; answer: string }

export interface AgentForm {
  name: string;
  comment: string;
  displayName: string;
  avatar: string;
  color: string;
  model: string;
  response: string;
  orchestrationInstructions: string;
  system: string;
  sampleQuestions: SampleQuestion[];
  budgetSeconds: string;
  budgetTokens: string;
  tools: ToolGroup[];
  /** Spec keys and nested fields the form does not show. */
  rest: { spec: Obj; models: Obj; orchestration: Obj; budget: Obj; instructions: Obj; resources: Obj };
}

export const emptyInputSchema = (): InputSchemaForm => ({ type: '', description: '', properties: [], otherRequired: [], rest: {} });

export const emptyTool = (): ToolGroup => ({ type: 'cortex_analyst_text_to_sql', name: '', description: '', resource: {}, inputSchema: emptyInputSchema(), restSpec: {}, restResource: {} });

export const emptyProperty = (): InputProperty => ({ name: '', type: 'string', description: '', required: false, rest: {} });

export const emptyForm = (): AgentForm => ({
  name: '', comment: '', displayName: '', avatar: '', color: '', model: AUTO_MODEL,
  response: '', orchestrationInstructions: '', system: '', sampleQuestions: [], budgetSeconds: '', budgetTokens: '', tools: [],
  rest: { spec: {}, models: {}, orchestration: {}, budget: {}, instructions: {}, resources: {} },
});

const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? v as Obj : {});
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
function without(o: Obj, ...keys: string[]): Obj {
  const out = { ...o };
  for (const k of keys) delete out[k];
  return out;
}
/** Drops empty strings, undefined and empty objects/arrays, so that blank fields write nothing. */
function compact(o: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0) continue;
    out[k] = v;
  }
  return out;
}
/** A whole number typed into a field stays a number (the server checks it is positive); other text is sent as typed. */
const numberish = (s: string): number | string | undefined => (s.trim() === '' ? undefined : /^-?\d+$/.test(s.trim()) ? Number(s.trim()) : s.trim());

/** A field's text as the resource stores it: whole numbers as numbers, JSON parsed (text that is not JSON is sent as typed, for the server to name). */
function fieldValue(field: ResourceField, text: string): unknown {
  if (field.kind === 'number') return numberish(text);
  if (field.kind === 'json' && text.trim()) {
    try { return JSON.parse(text) as unknown; } catch { return text; }
  }
  return text;
}

/** The tool's resource object: its type's fields over what the form does not show. */
function resourceOf(t: ToolGroup): Obj {
  const top: Obj = {};
  const env: Obj = {};
  for (const field of resourceFieldsOf(t.type)) (field.env ? env : top)[field.key] = fieldValue(field, t.resource[field.key] ?? '');
  const shownEnv = compact(env);
  const restEnv = obj(t.restResource.execution_environment);
  return compact({
    ...t.restResource,
    ...top,
    execution_environment: Object.keys(shownEnv).length ? { ...restEnv, type: 'warehouse', ...shownEnv } : t.restResource.execution_environment,
  });
}

function inputSchemaOf(s: InputSchemaForm): Obj {
  const named = s.properties.filter((p) => p.name.trim());
  const properties = Object.fromEntries(named.map((p) => [p.name.trim(), compact({ ...p.rest, type: p.type, description: p.description })]));
  return compact({
    ...s.rest,
    type: s.type || (named.length ? 'object' : ''),
    description: s.description,
    properties,
    required: [...named.filter((p) => p.required).map((p) => p.name.trim()), ...s.otherRequired],
  });
}

/** The specification (what the YAML editor shows) of a form. */
export function formToSpec(f: AgentForm): Obj {
  const resources: Obj = { ...f.rest.resources };
  const tools = f.tools.map((t) => {
    const res = resourceOf(t);
    if (t.name && Object.keys(res).length) resources[t.name] = res;
    return { tool_spec: compact({ ...t.restSpec, type: t.type, name: t.name, description: t.description, input_schema: inputSchemaOf(t.inputSchema) }) };
  });
  const budget = compact({ ...f.rest.budget, seconds: numberish(f.budgetSeconds), tokens: numberish(f.budgetTokens) });
  return compact({
    ...f.rest.spec,
    models: compact({ ...f.rest.models, orchestration: f.model }),
    orchestration: compact({ ...f.rest.orchestration, budget }),
    instructions: compact({
      ...f.rest.instructions,
      response: f.response, orchestration: f.orchestrationInstructions, system: f.system,
      sample_questions: f.sampleQuestions.filter((q) => q.question || q.answer).map((q) => compact({ question: q.question, answer: q.answer })),
    }),
    tools,
    tool_resources: compact(resources),
  });
}

/** The form showing a specification; name, comment and profile come from `base`. */
export function specToForm(spec: Obj, base: Pick<AgentForm, 'name' | 'comment' | 'displayName' | 'avatar' | 'color'>): AgentForm {
  const models = obj(spec.models);
  const orchestration = obj(spec.orchestration);
  const budget = obj(orchestration.budget);
  const instructions = obj(spec.instructions);
  const resources = obj(spec.tool_resources);
  const toolList = Array.isArray(spec.tools) ? spec.tools : [];
  const named = new Set<string>();
  const tools = toolList.map((raw): ToolGroup => {
    const ts = obj(obj(raw).tool_spec);
    const name = str(ts.name);
    named.add(name);
    const type = str(ts.type);
    const res = obj(resources[name]);
    const env = obj(res.execution_environment);
    const fields = resourceFieldsOf(type);
    const shown = (f: ResourceField) => (f.env ? env : res)[f.key];
    const resource = Object.fromEntries(fields.filter((f) => shown(f) !== undefined)
      .map((f) => [f.key, f.kind === 'json' && typeof shown(f) === 'object' ? JSON.stringify(shown(f)) : str(shown(f))]));
    const envKeys = fields.filter((f) => f.env && env[f.key] !== undefined).map((f) => f.key);
    // The form writes type: warehouse with a warehouse or timeout: it takes that type with them.
    const restEnv = envKeys.length ? without(env, ...envKeys, ...(env.type === 'warehouse' ? ['type'] : [])) : env;
    const restResource = without({ ...res, execution_environment: restEnv }, ...fields.filter((f) => !f.env).map((f) => f.key));
    if (Object.keys(restEnv).length === 0 && (envKeys.length || res.execution_environment === undefined)) delete restResource.execution_environment;
    return {
      type, name, description: str(ts.description), resource,
      inputSchema: inputSchemaForm(obj(ts.input_schema)),
      restSpec: without(ts, 'type', 'name', 'description', 'input_schema'),
      restResource,
    };
  });
  const questions = Array.isArray(instructions.sample_questions) ? instructions.sample_questions : [];
  return {
    ...base,
    model: str(models.orchestration) || AUTO_MODEL,
    response: str(instructions.response), orchestrationInstructions: str(instructions.orchestration), system: str(instructions.system),
    sampleQuestions: questions.map((q) => ({ question: str(obj(q).question), answer: str(obj(q).answer) })),
    budgetSeconds: str(budget.seconds), budgetTokens: str(budget.tokens),
    tools,
    rest: {
      spec: without(spec, 'models', 'orchestration', 'instructions', 'tools', 'tool_resources'),
      models: without(models, 'orchestration'),
      orchestration: without(orchestration, 'budget'),
      budget: without(budget, 'seconds', 'tokens'),
      instructions: without(instructions, 'response', 'orchestration', 'system', 'sample_questions'),
      resources: Object.fromEntries(Object.entries(resources).filter(([k]) => !named.has(k))),
    },
  };
}

function inputSchemaForm(s: Obj): InputSchemaForm {
  const required = Array.isArray(s.required) ? s.required.map(str) : [];
  const props = Object.entries(obj(s.properties)).map(([name, raw]): InputProperty => {
    const p = obj(raw);
    return { name, type: str(p.type), description: str(p.description), required: required.includes(name), rest: without(p, 'type', 'description') };
  });
  const names = new Set(props.map((p) => p.name));
  return { type: str(s.type), description: str(s.description), properties: props, otherRequired: required.filter((r) => !names.has(r)), rest: without(s, 'type', 'description', 'properties', 'required') };
}

/** The profile object of the REST body, or null when every field is blank. */
export function formProfile(f: AgentForm): Obj | null {
  const p = compact({ display_name: f.displayName, avatar: f.avatar, color: f.color });
  return Object.keys(p).length ? p : null;
}

/** Where a server validation message points: `tools[1].tool_spec.name: required` → that path and text. */
export function errorPath(message: string): { path: string; text: string } | null {
  const m = /(?:^|: )((?:specification|[a-z_]+)(?:\.[A-Za-z0-9_$]+|\[\d+\])*): (.+)$/.exec(message);
  return m ? { path: m[1], text: m[2] } : null;
}

const FORM_PATHS = new Set(['models.orchestration', 'orchestration.budget.seconds', 'orchestration.budget.tokens', 'instructions.response', 'instructions.orchestration', 'instructions.system']);

/**
 * The form field a validation error path belongs to (the key the form renders it under), or
 * null when the form does not show that part (the error then goes above the form).
 */
export function fieldFor(path: string, form: AgentForm): string | null {
  if (FORM_PATHS.has(path)) return path;
  let m = /^orchestration\.budget\.(seconds|tokens)/.exec(path);
  if (m) return `orchestration.budget.${m[1]}`;
  m = /^instructions\.sample_questions\[(\d+)\]/.exec(path);
  if (m) return `instructions.sample_questions[${m[1]}]`;
  m = /^tools\[(\d+)\]\.tool_spec\.(type|name|description)$/.exec(path);
  if (m) return `tools[${m[1]}].tool_spec.${m[2]}`;
  m = /^tools\[(\d+)\]\.tool_spec\.input_schema/.exec(path);
  if (m) return `tools[${m[1]}].input_schema`;
  m = /^tools\[(\d+)\]/.exec(path);
  if (m) return `tools[${m[1]}]`;
  m = /^tool_resources\.([^.[]+)/.exec(path);
  if (m) {
    const i = form.tools.findIndex((t) => t.name === m![1]);
    return i >= 0 ? `tools[${i}].resources` : null;
  }
  return null;
}
