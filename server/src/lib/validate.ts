import type { z } from 'zod';
import { describeValidation } from './error-handler.ts';
import { badRequest } from './errors.ts';

/**
 * Validates `input` with `schema` in a handler (when the schema depends on who asks), failing
 * like route validation does: 400 with "field: message".
 */
export const parseOrBadRequest = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({
    instancePath: i.path.length ? `/${i.path.map(String).join('/')}` : '',
    message: i.message,
  }));
  throw badRequest(describeValidation('body', issues));
};
