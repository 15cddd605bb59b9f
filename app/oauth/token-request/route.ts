import { tokenRequest } from '@/lib/http/oauth';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(req: Request) {
  return tokenRequest(req);
}

export const { GET, PUT, DELETE, PATCH } = otherMethods('POST');
