import type { Envelope, FailureEnvelope, FieldError } from '@mall/shared/envelope';
import { type RefusalReason, reasonOfStatus } from '@mall/shared/reasons';

export const ok = <T>(data: T, message = 'success'): Envelope<T> => ({
  success: true,
  code: 200,
  message,
  data,
});

/** A failure; `data` carries the fields it is about, when it names any; `reason` is its status's unless given. */
export const fail = (
  code: number,
  message: string,
  errors: readonly FieldError[] = [],
  reason: RefusalReason = reasonOfStatus(code),
): FailureEnvelope => ({
  success: false,
  code,
  message,
  data: errors.length > 0 ? { errors: [...errors] } : null,
  reason,
});
