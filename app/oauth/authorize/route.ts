import { authorize } from '@/lib/http/oauth';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function GET(req: Request) {
  return authorize(req);
}

export const { POST, PUT, DELETE, PATCH } = otherMethods('GET');
