import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from './envelope.ts';
import { AppError } from './errors.ts';

const STATUS_MESSAGES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Please log in first.',
  403: 'You do not have access to this.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  413: 'The request is too large.',
  415: 'This content type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
};

type Issue = { instancePath?: string; message?: string; params?: Record<string, unknown> };

/** "pageSize: Too big: expected number to be <=100" — the field first, so the shopper knows what to fix. */
export const describeValidation = (context: string | undefined, issues: Issue[]): string => {
  const first = issues[0];
  if (!first) return STATUS_MESSAGES[400]!;
  const path = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const missing = typeof first.params?.missingProperty === 'string' ? first.params.missingProperty : '';
  const field = [path, missing].filter(Boolean).join('.') || context || 'request';
  return `${field}: ${first.message ?? 'is not valid'}`;
};

export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).headers(error.headers).send(fail(error.status, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        instancePath: v.instancePath,
        message: v.message,
        params: v.params as Record<string, unknown>,
      }));
      return reply.status(400).send(fail(400, describeValidation(error.validationContext, issues)));
    }
    if (error.validation) {
      return reply.status(400).send(fail(400, describeValidation(error.validationContext, error.validation)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : status === 429
            ? error.message || STATUS_MESSAGES[429]!
            : (STATUS_MESSAGES[status] ?? error.message);
      return reply.status(status).send(fail(status, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(fail(500, 'Something went wrong on our side. Please try again later.'));
  });
};
