/** A failure a client can act on: its message is shown to the shopper, so it must be plain words. */
export class AppError extends Error {
  readonly status: number;
  /** Response headers that go with the failure, e.g. Retry-After. */
  readonly headers: Record<string, string>;
  constructor(status: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please log in first.') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
/** 429 with a Retry-After header of `retryAfterSeconds`. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
export const serviceUnavailable = (message: string) => new AppError(503, message);
