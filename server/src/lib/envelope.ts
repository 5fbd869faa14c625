import type { Envelope, FieldError, FieldErrors } from '@mall/shared/envelope';

export const ok = <T>(data: T, message = 'success'): Envelope<T> => ({
  success: true,
  code: 200,
  message,
  data,
});

/** A failure; `data` carries the fields it is about, when it names any. */
export const fail = (
  code: number,
  message: string,
  errors: readonly FieldError[] = [],
): Envelope<FieldErrors | null> => ({
  success: false,
  code,
  message,
  data: errors.length > 0 ? { errors: [...errors] } : null,
});
