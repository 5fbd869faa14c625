import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.ts';
import type { AccountServices } from './service.ts';

/** Registering and changing the e-mail or phone are documented with the member's account. */
export const customerTags = ['customer'];

/** A code or password in the query string (where logs and browser histories keep it) is refused, naming it. */
const SECRET_IN_QUERY = 'A code or password never goes in the address: send it in the JSON body.';
export const refuseSecretsInQuery = (query: unknown) => {
  const field = ['code', 'password'].find((name) => Object.hasOwn(Object(query), name));
  if (field) throw badRequest({ field, message: SECRET_IN_QUERY });
};

/** What the account services use of the app, for one request. */
export const accountServicesOf = (app: FastifyInstance, request: FastifyRequest): AccountServices => ({
  db: app.db,
  auth: app.auth,
  mailer: app.mailer,
  mailQueue: app.mailQueue,
  sms: app.sms,
  brand: app.config.brand,
  log: request.log,
});
