import { listHistory } from '@/lib/console/history-http';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = (req: Request) => listHistory(req);

export const { POST, PUT, DELETE, PATCH } = otherMethods('GET');
