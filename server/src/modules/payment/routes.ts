import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import { paymentStartSchema } from '@mall/shared/contract/order';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireMember } from '../../lib/auth.ts';
import { ok } from '../../lib/envelope.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { idParams } from '../../lib/params.ts';
import type { PaidHooks } from '../order/index.ts';
import { createSandboxGateway, type GatewayAnswer, SANDBOX_PATH } from './sandbox-gateway.ts';
import { applyPaymentResult, SANDBOX_PROVIDER, startPayment } from './service.ts';
import { shopPaymentProvider } from './shop-provider.ts';
import { CALLBACK_MAX_AGE_MS, type SignedResult, signatureValid, signedRecently } from './signature.ts';

const tags = ['payment'];

export const CALLBACK_PATH = '/api/sale/order/pay/callback';

/** A payment reference as the shop makes them (service.ts), else 400 naming it. */
const referenceOf = (value: string) => {
  if (!/^pay_[0-9a-f]{24}$/.test(value)) {
    throw badRequest({ field: 'reference', message: 'This is not a payment reference.' });
  }
  return value;
};

const callbackQuery = z.object({
  reference: z.string().trim().min(1, 'is required').max(100),
  status: z.enum(['succeeded', 'declined']),
  /** What was paid, in cents, and its currency: signed, and checked against the payment. */
  amount: z.string().regex(/^\d{1,12}$/, 'is an amount in cents'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'is a 3-letter currency code'),
  last4: z
    .string()
    .regex(/^(\d{4})?$/, 'is 4 digits')
    .default(''),
  ts: z.string().regex(/^\d{1,16}$/, 'is a time in milliseconds'),
  signature: z.string().max(128),
});

/**
 * Payment calls (docs/payment.md: the flow): continue/payment (the member starts paying a pending
 * order) and the gateway's signed callback; and the sandbox gateway's own pages. Registered
 * without a prefix: the gateway's pages are not under /api.
 */
export const paymentRoutes = async (root: FastifyInstance, opts: { paid: PaidHooks }) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Shared by the gateway that signs and the callback that checks; both run in every process.
  const secret = app.config.paymentSecret ?? randomBytes(32).toString('hex');
  const provider = shopPaymentProvider(app.config);

  app.get(
    '/api/sale/order/continue/payment/:id',
    {
      schema: {
        tags,
        summary: "Start paying the member's pending order: where the browser goes to pay",
        params: idParams,
        response: { 200: envelopeOf(paymentStartSchema) },
      },
    },
    async (request) => ok(await startPayment(app.db, provider, requireMember(request).id, request.params.id)),
  );

  app.get(
    CALLBACK_PATH,
    {
      schema: {
        tags,
        summary:
          "The gateway's signed result of a payment (HMAC-SHA256, with the amount, currency and time). A wrong signature, a stale time or money that is not the payment's changes nothing; a replay is harmless",
        querystring: callbackQuery,
        response: { 200: envelopeOf(z.object({ result: z.enum(['applied', 'already']) })) },
      },
      // The gateway's server-to-server call: the shoppers' rate limit is not for it (its
      // signature is what lets it in), so a busy shop never turns a payment's result away.
      config: { rateLimit: false },
    },
    async (request) => {
      const q = request.query;
      const result: SignedResult = {
        reference: q.reference,
        status: q.status,
        cardLast4: q.last4 === '' ? null : q.last4,
        amountCents: Number(q.amount),
        currency: q.currency,
      };
      // Every refusal is logged: a forged, replayed or mismatched result is worth an operator's look.
      const refused = (err: unknown) => {
        if (err instanceof AppError) {
          request.log.warn({ reference: q.reference, refusal: err.message }, 'payment callback refused');
        }
        return err;
      };
      if (!signatureValid(secret, result, q.ts, q.signature)) {
        throw refused(
          badRequest({ field: 'signature', message: 'The signature of this callback is not valid.' }),
        );
      }
      if (!signedRecently(q.ts)) {
        throw refused(
          badRequest({
            field: 'ts',
            message: `This callback was not signed within the last ${CALLBACK_MAX_AGE_MS / 60_000} minutes.`,
          }),
        );
      }
      try {
        return ok({ result: await applyPaymentResult(app.db, opts.paid, result) });
      } catch (err) {
        throw refused(err);
      }
    },
  );

  const gateway = createSandboxGateway({
    db: app.db,
    brand: app.config.brand,
    secret,
    waitMs: app.config.sandboxPaymentWaitMs,
    // In this process, through Fastify's router, as a real gateway's HTTP call would arrive.
    deliver: async (query) => {
      const res = await root.inject({ method: 'GET', url: CALLBACK_PATH, query });
      if (res.statusCode !== 200) throw new Error(`callback answered ${res.statusCode}: ${res.body}`);
    },
    deliveryFailed: (err) => app.log.error({ err }, 'sandbox callback failed'),
  });
  const answer = (reply: FastifyReply, a: GatewayAnswer) =>
    'redirect' in a
      ? reply.redirect(a.redirect, 303)
      : reply
          .code(a.status)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(a.page);

  // The sandbox gateway's pages: the only ones that take a form body. Served only while the
  // sandbox is the shop's gateway: beside a real one, its test card would pay real orders.
  if (provider.name !== SANDBOX_PROVIDER) return;
  await app.register(async (pages) => {
    await pages.register(formbody);
    pages.get<{ Params: { reference: string } }>(`${SANDBOX_PATH}/:reference`, async (request, reply) =>
      answer(reply, await gateway.show(referenceOf(request.params.reference))),
    );
    pages.post<{ Params: { reference: string }; Body: Record<string, string> }>(
      `${SANDBOX_PATH}/:reference`,
      async (request, reply) =>
        answer(reply, await gateway.pay(referenceOf(request.params.reference), request.body ?? {})),
    );
  });
};
