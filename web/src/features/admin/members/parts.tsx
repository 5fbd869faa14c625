import type { AdminPart } from '../admin-part.ts';

/** The back office's members pages. */
export const membersParts: AdminPart[] = [];
