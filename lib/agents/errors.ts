/**
 * Failures of agent operations, independent of how they are reported: SQL answers 422,
 * REST answers 400 / 404 / 409. Recognised by name across Next's module copies (isErrorNamed).
 */
export type AgentErrorReason = 'invalid' | 'exists' | 'missing';

export class AgentError extends Error {
  constructor(readonly reason: AgentErrorReason, message: string) {
    super(message);
    this.name = 'AgentError';
  }
}

export const agentErrors = {
  invalid: (detail: string) => new AgentError('invalid', `Invalid agent specification: ${detail}`),
  exists: (name: string) => new AgentError('exists', `Agent '${name}' already exists.`),
  missing: (name: string) => new AgentError('missing', `Agent '${name}' does not exist or not authorized.`),
};
