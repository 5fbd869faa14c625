import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { readAudit } from './audit.ts';
import { requireOperator } from './guard.ts';
import {
  changeOwnPassword,
  confirmTotp,
  createOperator,
  listOperators,
  loginOperator,
  resetOperatorAccess,
  startTotpEnrolment,
  updateOperator,
} from './operators.ts';
import { MAY, OPERATOR_ROLES } from './roles.ts';
import { endOperatorSession, holdOperatorSessions, OPERATOR_SESSION_CHANNEL } from './sessions.ts';

const tags = ['back office'];

export const operatorNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{2,40}$/, 'is 2 to 40 letters, digits, dots, dashes or underscores');
export const operatorPasswordSchema = z
  .string()
  .min(10, 'is at least 10 characters')
  .max(128, 'is at most 128 characters');
const roleSchema = z.enum(OPERATOR_ROLES);
const operatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: roleSchema,
  disabled: z.boolean(),
  totp: z.boolean(),
  createdAt: z.string(),
});

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
        body: z.object({
          name: operatorNameSchema,
          password: z.string().min(1, 'is required').max(128),
          code: z.string().trim().max(10).optional(),
        }),
        response: {
          200: envelopeOf(
            z.object({
              codeRequired: z.boolean(),
              token: z.string().nullable(),
              operator: operatorSchema.nullable(),
            }),
          ),
        },
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
        response: {
          200: envelopeOf(
            z.object({ id: z.number().int(), name: z.string(), role: roleSchema, totp: z.boolean() }),
          ),
        },
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
        response: { 200: envelopeOf(z.object({ secret: z.string(), uri: z.string(), qr: z.string() })) },
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
        body: z.object({
          code: z
            .string()
            .trim()
            .regex(/^\d{6}$/, 'is the 6-digit code from your app'),
        }),
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
        body: z.object({
          currentPassword: z.string().min(1, 'is required').max(128),
          newPassword: operatorPasswordSchema,
        }),
        response: { 200: envelopeOf(operatorSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.self);
      return ok(await changeOwnPassword(db, app.auth.loginGuard, request.ip, me, request.body));
    },
  );

  app.get(
    '/admin/operators',
    {
      schema: {
        tags,
        summary: 'Every operator (owner)',
        response: { 200: envelopeOf(z.array(operatorSchema)) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.operators);
      return ok(await listOperators(db));
    },
  );

  app.post(
    '/admin/operators',
    {
      schema: {
        tags,
        summary: 'Add an operator (owner)',
        body: z.object({ name: operatorNameSchema, password: operatorPasswordSchema, role: roleSchema }),
        response: { 200: envelopeOf(operatorSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.operators);
      return ok(await createOperator(db, me.id, request.body));
    },
  );

  app.patch(
    '/admin/operators/:id',
    {
      schema: {
        tags,
        summary: "Change an operator's role, or disable or enable them (owner)",
        params: idParams,
        body: z
          .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
          .refine((b) => b.role !== undefined || b.disabled !== undefined, {
            message: 'Give a role or disabled.',
            path: ['role'],
          }),
        response: { 200: envelopeOf(operatorSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.operators);
      return ok(await updateOperator(db, me.id, request.params.id, request.body));
    },
  );

  app.post(
    '/admin/operators/:id/reset-access',
    {
      schema: {
        tags,
        summary:
          'Give another operator a new password and turn their two-factor off; their logins end (owner)',
        params: idParams,
        body: z.object({ password: operatorPasswordSchema }),
        response: { 200: envelopeOf(operatorSchema) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.operators);
      return ok(await resetOperatorAccess(db, me.id, request.params.id, request.body.password));
    },
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'The audit log, newest first (owner)',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: envelopeOf(
            z.object({
              list: z.array(
                z.object({
                  id: z.number().int(),
                  at: z.string(),
                  operatorId: z.number().int(),
                  operatorName: z.string(),
                  action: z.string(),
                  subject: z.string(),
                  before: z.unknown(),
                  after: z.unknown(),
                }),
              ),
              total: z.number().int(),
              page: z.number().int(),
              size: z.number().int(),
            }),
          ),
        },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.audit);
      return ok(await readAudit(db, request.query.page, request.query.size));
    },
  );
};
