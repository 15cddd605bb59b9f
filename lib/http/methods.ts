/**
 * Wrong methods: Next answers 405 with an empty body for a method a route does not export. Each
 * route exports the methods it lacks from here instead, so the answer is JSON {code, message}
 * with an Allow header naming what the endpoint accepts.
 */
import { json } from './errors';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const METHODS: Method[] = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];
type Handler = (req: Request) => Response;

/** Handlers answering 405 for every method but `allowed` (HEAD and OPTIONS follow GET / Next). */
export function otherMethods<A extends Method>(...allowed: A[]): Record<Exclude<Method, A>, Handler> {
  const allow = [...allowed, ...(allowed.includes('GET' as A) ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const handler: Handler = (req) => json(405, { code: '390405', message: `Method ${req.method} is not allowed on ${new URL(req.url).pathname}; allowed: ${allow}.` }, { allow });
  return Object.fromEntries(METHODS.filter((m) => !allowed.includes(m as A)).map((m) => [m, handler])) as Record<Exclude<Method, A>, Handler>;
}
