import { errorResponse, httpErrors } from '@/lib/http/errors';

export const dynamic = 'force-dynamic';

/** Any other /api path: JSON 404 naming the supported version (never an HTML page). */
const notFound = (req: Request) => errorResponse(httpErrors.notFound(new URL(req.url).pathname));

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const DELETE = notFound;
export const PATCH = notFound;
