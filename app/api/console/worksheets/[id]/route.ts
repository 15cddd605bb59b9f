import { deleteWorksheet, updateWorksheet } from '@/lib/console/worksheets-http';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

type Ctx = { params: Promise<{ id: string }> };

export const PATCH = async (req: Request, ctx: Ctx) => updateWorksheet(req, (await ctx.params).id);
export const DELETE = async (req: Request, ctx: Ctx) => deleteWorksheet(req, (await ctx.params).id);

export const { GET, POST, PUT } = otherMethods('PATCH', 'DELETE');
