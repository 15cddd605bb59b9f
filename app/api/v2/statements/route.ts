import { postStatement } from '@/lib/http/statements';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = (req: Request) => postStatement(req);
