import type { AdminPart } from '../admin-part.ts';

/** The back office's wallet pages. */
export const walletParts: AdminPart[] = [];
