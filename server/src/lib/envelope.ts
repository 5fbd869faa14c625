import type { Envelope } from '@mall/shared/envelope';

export const ok = <T>(data: T, message = 'success'): Envelope<T> => ({
  success: true,
  code: 200,
  message,
  data,
});

export const fail = (code: number, message: string): Envelope<null> => ({
  success: false,
  code,
  message,
  data: null,
});
