import { createAgentEndpoint, listAgentsEndpoint } from '@/lib/http/agents';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = (req: Request) => listAgentsEndpoint(req);
export const POST = (req: Request) => createAgentEndpoint(req);

export const { PUT, DELETE, PATCH } = otherMethods('GET', 'POST');
