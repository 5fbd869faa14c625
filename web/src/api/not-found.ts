import { ApiError } from './client.ts';

/** The server says what was asked for is not there: HTTP 404, or 404 as the envelope's code. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.code === 404);

/**
 * Not there, or not this member's (403): a member's own records (orders, reviews) show both as
 * not found, so a link never tells whether someone else's exists.
 */
export const isNotFoundOrNotYours = (error: unknown): boolean =>
  isNotFound(error) || (error instanceof ApiError && error.status === 403);
