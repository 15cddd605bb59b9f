import { createAgentEndpoint, listAgentsEndpoint } from '@/lib/http/agents';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = (req: Request) => listAgentsEndpoint(req);
export const POST = (req: Request) => createAgentEndpoint(req);
