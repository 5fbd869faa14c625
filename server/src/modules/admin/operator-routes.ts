import {
  accessResetBody,
  auditPageSchema,
  newOperatorBody,
  operatorChangeBody,
  operatorSchema,
} from '@mall/shared/contract/admin/operator';
import { adminPageQuery } from '@mall/shared/contract/admin/page';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { idParams } from '../../lib/params.ts';
import { readAudit } from './audit.ts';
import { requireOperator } from './guard.ts';
import { createOperator, listOperators, resetOperatorAccess, updateOperator } from './operators.ts';
import { MAY } from './roles.ts';
import { tags } from './schemas.ts';

/** The owner's calls on the operators (add, change, reset access) and the audit log (docs/back-office.md). */
export const operatorRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

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
        body: newOperatorBody,
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
        body: operatorChangeBody,
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
        body: accessResetBody,
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
        querystring: adminPageQuery,
        response: { 200: envelopeOf(auditPageSchema) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.audit);
      return ok(await readAudit(db, request.query));
    },
  );
};
