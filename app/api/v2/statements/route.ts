import { postStatement } from '@/lib/http/statements';
import { otherMethods } from '@/lib/http/methods';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = (req: Request) => postStatement(req);

export const { GET, PUT, DELETE, PATCH } = otherMethods('POST');
