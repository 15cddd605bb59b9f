/**
 * Reading and checking what a user gives as an agent: the YAML (or JSON) specification text,
 * a specification object (REST), and the profile. Every failure is an AgentError('invalid')
 * whose message names the path of the offending field, e.g. `tools[1].tool_spec.name: required`.
 */
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { objectTooLarge } from '@/lib/limits/object-size';
import { agentErrors } from './errors';
import { agentSpecSchema, profileSchema } from './spec-schema';

/**
 * An agent's specification, as YAML or JSON text, is at most this many bytes: parsing YAML costs
 * ~7 ms per KB of structure on the request thread. (The whole agent, comment and profile
 * included, is bounded by FLOE_MAX_OBJECT_BYTES.)
 */
export const MAX_SPEC_BYTES = 100_000;

const specTooLarge = (bytes: number) => objectTooLarge('an agent specification', bytes, MAX_SPEC_BYTES);

type Path = readonly PropertyKey[];

/** `tools[1].tool_spec.name` */
export function formatPath(path: Path): string {
  return path.reduce<string>((out, k) => (typeof k === 'number' ? `${out}[${k}]` : out ? `${out}.${String(k)}` : String(k)), '');
}

function valueAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const k of path) v = v && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

function describeIssue(issue: z.core.$ZodIssue, input: unknown, root: string, prefix: Path): string {
  const at = (p: Path) => formatPath([...prefix, ...p]) || root;
  if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => `${at([...issue.path, k])}: unknown field`).join('; ');
  if (issue.code === 'invalid_type') {
    if (valueAt(input, issue.path) === undefined) return `${at(issue.path)}: required`;
    return `${at(issue.path)}: expected ${issue.expected}`;
  }
  if (issue.code === 'too_small' && issue.origin === 'number') return `${at(issue.path)}: expected a positive integer`;
  if (issue.code === 'too_small' && issue.origin === 'string') return `${at(issue.path)}: must not be empty`;
  if (issue.code === 'invalid_value') return `${at(issue.path)}: expected one of ${issue.values.map((v) => String(v)).join(', ')}`;
  if (issue.code === 'invalid_union') return `${at(issue.path)}: expected a positive integer`;
  return `${at(issue.path)}: ${issue.message}`;
}

function check<T>(schema: z.ZodType<T>, input: unknown, root: string, prefix: Path = []): void {
  const r = schema.safeParse(input);
  if (!r.success) throw agentErrors.invalid(describeIssue(r.error.issues[0], input, root, prefix));
}

/** Checks a specification object; returns it unchanged (unknown nested fields are kept). */
export function validateSpec(spec: unknown): Record<string, unknown> {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) throw agentErrors.invalid('specification: expected a mapping');
  check(agentSpecSchema, spec, 'specification');
  const s = spec as { tools?: { tool_spec: { name: string } }[]; tool_resources?: Record<string, unknown> };
  const names = new Set<string>();
  (s.tools ?? []).forEach((t, i) => {
    if (names.has(t.tool_spec.name)) throw agentErrors.invalid(`tools[${i}].tool_spec.name: duplicate tool name '${t.tool_spec.name}'`);
    names.add(t.tool_spec.name);
  });
  for (const key of Object.keys(s.tool_resources ?? {})) {
    if (!names.has(key)) throw agentErrors.invalid(`tool_resources.${key}: no tool is named '${key}'`);
  }
  const bytes = Buffer.byteLength(JSON.stringify(spec));
  if (bytes > MAX_SPEC_BYTES) throw specTooLarge(bytes);
  return spec as Record<string, unknown>;
}

/** Parses a YAML (or JSON) specification text and checks it. */
export function parseSpecText(text: string): Record<string, unknown> {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_SPEC_BYTES) throw specTooLarge(bytes);
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
    throw agentErrors.invalid(`specification is not valid YAML: ${msg}`);
  }
  return validateSpec(doc ?? {});
}

/** A profile: an object (REST) or JSON text holding one (SQL). Answers its JSON text. */
export function normalizeProfile(profile: unknown): string {
  let value = profile;
  if (typeof profile === 'string') {
    try {
      value = JSON.parse(profile);
    } catch {
      throw agentErrors.invalid('profile: expected a JSON object');
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw agentErrors.invalid('profile: expected a JSON object');
  check(profileSchema, value, 'profile', ['profile']);
  return JSON.stringify(value);
}
