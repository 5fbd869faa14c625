import type { AdminPart } from '../admin-part.ts';

/** The back office's catalogue pages. */
export const catalogueParts: AdminPart[] = [];
