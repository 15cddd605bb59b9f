import { exportStatement } from '@/lib/console/export-http';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export async function GET(req: Request, ctx: { params: Promise<{ handle: string }> }) {
  return exportStatement(req, (await ctx.params).handle);
}

export const { POST, PUT, DELETE, PATCH } = otherMethods('GET');
