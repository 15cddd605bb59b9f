/** Page search params as Next hands them to a page (a promise of string | string[] values). */
export type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A single non-empty value, else null. */
export const oneParam = (v: string | string[] | undefined): string | null => (typeof v === 'string' && v ? v : null);
