import { authorize, authorizeDecision } from '@/lib/http/oauth';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function GET(req: Request) {
  return authorize(req);
}

/** The consent page's Allow / Deny. */
export function POST(req: Request) {
  return authorizeDecision(req);
}

export const { PUT, DELETE, PATCH } = otherMethods('GET', 'POST');
