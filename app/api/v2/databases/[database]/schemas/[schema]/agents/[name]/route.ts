import { deleteAgentEndpoint, describeAgentEndpoint, updateAgentEndpoint } from '@/lib/http/agents';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = (req: Request) => describeAgentEndpoint(req);
export const PUT = (req: Request) => updateAgentEndpoint(req);
export const DELETE = (req: Request) => deleteAgentEndpoint(req);
