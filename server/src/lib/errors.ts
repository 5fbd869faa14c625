import { type FieldError, fieldErrorText } from '@mall/shared/envelope';
import { type RefusalReason, reasonOfStatus } from '@mall/shared/reasons';

/**
 * What a refusal says: plain words, or the field(s) it is about. A field error's message is
 * "field: message" of the first field (as it always was), and the fields travel as `data.errors`.
 */
export type Refusal = string | FieldError | readonly FieldError[];

/** A failure a client can act on: its message is shown to the shopper, so it must be plain words. */
export class AppError extends Error {
  readonly status: number;
  /** Response headers that go with the failure, e.g. Retry-After. */
  readonly headers: Record<string, string>;
  /** The fields the failure is about (none for a refusal in plain words). */
  readonly fieldErrors: readonly FieldError[];
  /** Why, for clients to branch on (@mall/shared/reasons); the status's unless given. */
  readonly reason: RefusalReason;
  constructor(
    status: number,
    refusal: Refusal,
    options: { headers?: Record<string, string>; reason?: RefusalReason } = {},
  ) {
    const fieldErrors = typeof refusal === 'string' ? [] : 'field' in refusal ? [refusal] : refusal;
    const first = fieldErrors[0];
    super(
      typeof refusal === 'string' ? refusal : first ? fieldErrorText(first) : 'The request is not valid.',
    );
    this.status = status;
    this.headers = options.headers ?? {};
    this.fieldErrors = fieldErrors;
    this.reason = options.reason ?? reasonOfStatus(status);
  }
}

export const badRequest = (refusal: Refusal) => new AppError(400, refusal);
export const unauthorized = (message = 'Please log in first.') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, message);
export const notFound = (refusal: Refusal = 'Not found.') => new AppError(404, refusal);
export const conflict = (refusal: Refusal, reason?: RefusalReason) =>
  new AppError(409, refusal, reason ? { reason } : {});
export const payloadTooLarge = (message: string) => new AppError(413, message);
/** 429 with a Retry-After header of `retryAfterSeconds`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number, reason?: RefusalReason) =>
  new AppError(429, message, {
    headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
    ...(reason ? { reason } : {}),
  });
export const serviceUnavailable = (message: string) => new AppError(503, message);
