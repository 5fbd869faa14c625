/** A failure a client can act on: its message is shown to the shopper, so it must be plain words. */
export class AppError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message = 'Please log in first.') => new AppError(401, message);
export const forbidden = (message = 'You do not have access to this.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
