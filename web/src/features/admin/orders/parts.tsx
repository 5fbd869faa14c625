import type { AdminPart } from '../admin-part.ts';

/** The back office's orders pages. */
export const ordersParts: AdminPart[] = [];
