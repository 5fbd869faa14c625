import {
  loginAnswer,
  loginBody,
  meSchema,
  operatorSchema,
  passwordChangeBody,
  totpConfirmBody,
  totpEnrolment,
} from '@mall/shared/contract/admin/operator';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { requireOperator } from './guard.ts';
import { operatorRoutes } from './operator-routes.ts';
import { changeOwnPassword, confirmTotp, loginOperator, startTotpEnrolment } from './operators.ts';
import { MAY } from './roles.ts';
import { tags } from './schemas.ts';
import { endOperatorSession, holdOperatorSessions, OPERATOR_SESSION_CHANNEL } from './sessions.ts';

/** The back office's calls, `/api/admin/...` (docs/back-office.md); each checks the caller's role. */
export const adminRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  // Live logins held in memory, dropped when the database announces a change (sessions.ts).
  const logins = holdOperatorSessions(db);
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stopListening = await app.database.listen(OPERATOR_SESSION_CHANNEL, logins.listener);
  });
  app.addHook('onClose', async () => {
    logins.release();
    await stopListening?.();
  });

  app.post(
    '/admin/login',
    {
      schema: {
        tags,
        summary: 'Operator login (with the TOTP code when two-factor is on)',
        body: loginBody,
        response: { 200: envelopeOf(loginAnswer) },
      },
    },
    async (request, reply) => {
      const outcome = await loginOperator(db, app.auth.loginGuard, request.ip, request.body);
      reply.header('Cache-Control', 'no-store');
      return ok(
        outcome.status === 'code-required'
          ? { codeRequired: true, token: null, operator: null }
          : { codeRequired: false, token: outcome.token, operator: outcome.operator },
      );
    },
  );

  app.post(
    '/admin/logout',
    { schema: { tags, summary: 'End this operator login', response: { 200: envelopeOf(z.null()) } } },
    async (request) => {
      const me = await requireOperator(db, request, MAY.self);
      await endOperatorSession(db, me.tokenHash);
      return ok(null);
    },
  );

  app.get(
    '/admin/me',
    {
      schema: {
        tags,
        summary: 'The signed-in operator',
        response: { 200: envelopeOf(meSchema) },
      },
    },
    async (request) => {
      const { id, name, role, totp } = await requireOperator(db, request, MAY.self);
      return ok({ id, name, role, totp });
    },
  );

  app.post(
    '/admin/me/totp',
    {
      schema: {
        tags,
        summary: 'Start enrolling two-factor: a new secret and its QR code',
        response: { 200: envelopeOf(totpEnrolment) },
      },
    },
    async (request, reply) => {
      const me = await requireOperator(db, request, MAY.self);
      reply.header('Cache-Control', 'no-store');
      return ok(await startTotpEnrolment(db, me.id, app.config.brand));
    },
  );

  app.post(
    '/admin/me/totp/confirm',
    {
      schema: {
        tags,
        summary: 'Turn two-factor on with a code from the app',
        body: totpConfirmBody,
        response: { 200: envelopeOf(operatorSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.self);
      return ok(await confirmTotp(db, me.id, request.body.code));
    },
  );

  app.post(
    '/admin/me/password',
    {
      schema: {
        tags,
        summary: 'Change your own password (the current one is asked again); your other logins end',
        body: passwordChangeBody,
        response: { 200: envelopeOf(operatorSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.self);
      return ok(await changeOwnPassword(db, app.auth.loginGuard, request.ip, me, request.body));
    },
  );

  // The operators themselves (owner) and the audit log.
  await app.register(operatorRoutes);
};
