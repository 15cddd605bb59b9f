import { getStatement } from '@/lib/http/statements';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, ctx: { params: Promise<{ handle: string }> }) {
  return getStatement(req, (await ctx.params).handle);
}
