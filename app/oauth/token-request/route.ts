import { tokenRequest } from '@/lib/http/oauth';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(req: Request) {
  return tokenRequest(req);
}
