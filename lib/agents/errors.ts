/**
 * Failures of agent operations, independent of how they are reported: SQL answers 422,
 * REST answers 400 / 404 / 409. Recognised by name across Next's module copies (isErrorNamed).
 */
export type AgentErrorReason = 'invalid' | 'exists' | 'missing';

export class AgentError extends Error {
  /** `objectName`: the agent's display name (exists / missing). */
  constructor(readonly reason: AgentErrorReason, message: string, readonly objectName = '') {
    super(message);
    this.name = 'AgentError';
  }
}

export const agentErrors = {
  invalid: (detail: string) => new AgentError('invalid', `Invalid agent specification: ${detail}`),
  exists: (name: string) => new AgentError('exists', `Agent '${name}' already exists.`, name),
  missing: (name: string) => new AgentError('missing', `Agent '${name}' does not exist or not authorized.`, name),
};

/** By name, not instanceof (see isErrorNamed in lib/http/errors.ts). */
export const isAgentError = (e: unknown): e is AgentError => e instanceof Error && e.name === 'AgentError';
