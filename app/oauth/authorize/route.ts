import { authorize } from '@/lib/http/oauth';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function GET(req: Request) {
  return authorize(req);
}
