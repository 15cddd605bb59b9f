/**
 * The agent form's model and its mapping to and from the REST body / YAML specification (pure,
 * unit-tested). Fields the form does not show (mcp_servers, skills, experimental, unknown keys
 * of nested objects…) ride along in `rest` parts so that a round trip never loses them.
 */
export const AUTO_MODEL = 'auto';
export const MODELS = [AUTO_MODEL, 'claude-4-sonnet', 'claude-3-7-sonnet', 'claude-3-5-sonnet', 'llama3.3-70b', 'mistral-large2', 'openai-gpt-4.1'];
export const TOOL_TYPES = ['cortex_analyst_text_to_sql', 'cortex_search', 'generic', 'data_to_chart', 'sql_exec', 'web_search'];

type Obj = Record<string, unknown>;

export interface ToolGroup {
  type: string;
  name: string;
  description: string;
  /** tool_resources[name] fields the form shows. */
  semanticView: string;
  searchService: string;
  warehouse: string;
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

export const emptyTool = (): ToolGroup => ({ type: 'cortex_analyst_text_to_sql', name: '', description: '', semanticView: '', searchService: '', warehouse: '', restSpec: {}, restResource: {} });

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

/** The specification (what the YAML editor shows) of a form. */
export function formToSpec(f: AgentForm): Obj {
  const resources: Obj = { ...f.rest.resources };
  const tools = f.tools.map((t) => {
    const res = compact({
      ...t.restResource,
      semantic_view: t.semanticView,
      search_service: t.searchService,
      execution_environment: t.warehouse ? { ...obj(t.restResource.execution_environment), type: 'warehouse', warehouse: t.warehouse } : t.restResource.execution_environment,
    });
    if (t.name && Object.keys(res).length) resources[t.name] = res;
    return { tool_spec: compact({ ...t.restSpec, type: t.type, name: t.name, description: t.description }) };
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
    const res = obj(resources[name]);
    const env = obj(res.execution_environment);
    return {
      type: str(ts.type), name, description: str(ts.description),
      semanticView: str(res.semantic_view), searchService: str(res.search_service), warehouse: str(env.warehouse),
      restSpec: without(ts, 'type', 'name', 'description'),
      restResource: without({ ...res, ...(env.warehouse !== undefined ? { execution_environment: without(env, 'warehouse', 'type') } : {}) }, 'semantic_view', 'search_service'),
    };
  });
  for (const t of tools) if (Object.keys(obj(t.restResource.execution_environment)).length === 0) delete t.restResource.execution_environment;
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
  m = /^tools\[(\d+)\]/.exec(path);
  if (m) return `tools[${m[1]}]`;
  m = /^tool_resources\.([^.[]+)/.exec(path);
  if (m) {
    const i = form.tools.findIndex((t) => t.name === m![1]);
    return i >= 0 ? `tools[${i}].resources` : null;
  }
  return null;
}
