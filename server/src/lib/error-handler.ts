import type { FieldError } from '@mall/shared/envelope';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fail } from './envelope.ts';
import { AppError, badRequest } from './errors.ts';

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

/**
 * Each issue as the field it is about, e.g. { field: 'pageSize', message: 'Too big: expected
 * number to be <=100' }: the path in the body, query or path parameters ("address.postcode"),
 * with a missing property's name; an issue of the whole part is named after the part.
 */
export const validationErrors = (context: string | undefined, issues: readonly Issue[]): FieldError[] =>
  issues.map((issue) => {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const missing = typeof issue.params?.missingProperty === 'string' ? issue.params.missingProperty : '';
    const field = [path, missing].filter(Boolean).join('.') || context || 'request';
    return { field, message: issue.message ?? 'is not valid' };
  });

/** A failed validation: 400 whose message names the first field ("pageSize: Too big: ..."), the shopper knowing what to fix. */
export const validationFailure = (context: string | undefined, issues: readonly Issue[]) => {
  const errors = validationErrors(context, issues);
  return badRequest(errors.length > 0 ? errors : STATUS_MESSAGES[400]!);
};

export const registerErrorHandling = (app: FastifyInstance) => {
  const refuse = (reply: FastifyReply, error: AppError) =>
    reply
      .status(error.status)
      .headers(error.headers)
      .send(fail(error.status, error.message, error.fieldErrors, error.reason));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return refuse(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        instancePath: v.instancePath,
        message: v.message,
        params: v.params as Record<string, unknown>,
      }));
      return refuse(reply, validationFailure(error.validationContext, issues));
    }
    if (error.validation) return refuse(reply, validationFailure(error.validationContext, error.validation));
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
