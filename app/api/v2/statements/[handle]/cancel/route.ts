import { cancelStatement } from '@/lib/http/statements';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function POST(req: Request, ctx: { params: Promise<{ handle: string }> }) {
  return cancelStatement(req, (await ctx.params).handle);
}

export const { GET, PUT, DELETE, PATCH } = otherMethods('POST');
