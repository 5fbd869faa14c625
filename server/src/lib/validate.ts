import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { validationFailure } from './error-handler.ts';
import { badRequest } from './errors.ts';

export const NUL_MESSAGE = 'must not contain a NUL character';

/**
 * Validates `input` with `schema` in a handler (when the schema depends on who asks), failing
 * like route validation does: 400 naming the fields.
 */
export const parseOrBadRequest = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({
    instancePath: i.path.length ? `/${i.path.map(String).join('/')}` : '',
    message: i.message,
  }));
  throw validationFailure('body', issues);
};

/** The first string in `value` (a parsed body, query or path parameters) holding a NUL, by its path. */
const nulPath = (value: unknown, path: string): string | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
};

/**
 * No text may hold a NUL character: PostgreSQL cannot store one (the query fails, a 500), and no
 * person types one. Refused before validation, in every part of the request, naming the field.
 */
export const registerNulCheck = (app: FastifyInstance) => {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const field = nulPath(value, '');
      if (field !== null) return done(badRequest({ field: field || part, message: NUL_MESSAGE }));
    }
    done();
  });
};
