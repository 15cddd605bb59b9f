import { createWorksheet, listWorksheets } from '@/lib/console/worksheets-http';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = (req: Request) => listWorksheets(req);
export const POST = (req: Request) => createWorksheet(req);

export const { PUT, DELETE, PATCH } = otherMethods('GET', 'POST');
