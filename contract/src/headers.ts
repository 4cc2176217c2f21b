// Names shared by the server and the web app that need no zod: the web app imports this file on
// its own ('@partsmith/contract/headers') so that reading them loads no schema.

/** The list's paging headers (GET /api/allParts). */
export const PART_HEADERS = { total: 'x-total-count', nextCursor: 'x-next-cursor' } as const;
