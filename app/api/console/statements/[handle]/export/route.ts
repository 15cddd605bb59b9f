import { exportStatement } from '@/lib/console/export-http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, ctx: { params: Promise<{ handle: string }> }) {
  return exportStatement(req, (await ctx.params).handle);
}
