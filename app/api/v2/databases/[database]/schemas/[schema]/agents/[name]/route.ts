import { deleteAgentEndpoint, describeAgentEndpoint, updateAgentEndpoint } from '@/lib/http/agents';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = (req: Request) => describeAgentEndpoint(req);
export const PUT = (req: Request) => updateAgentEndpoint(req);
export const DELETE = (req: Request) => deleteAgentEndpoint(req);

export const { POST, PATCH } = otherMethods('GET', 'PUT', 'DELETE');
