import type { AdminPart } from '../admin-part.ts';

/** The back office's content pages. */
export const contentParts: AdminPart[] = [];
