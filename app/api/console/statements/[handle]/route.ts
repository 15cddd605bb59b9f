import { statementInfo } from '@/lib/console/statement-info-http';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, ctx: { params: Promise<{ handle: string }> }) {
  return statementInfo(req, (await ctx.params).handle);
}

export const { POST, PUT, DELETE, PATCH } = otherMethods('GET');
