import { statementInfo } from '@/lib/console/statement-info-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, ctx: { params: Promise<{ handle: string }> }) {
  return statementInfo(req, (await ctx.params).handle);
}
