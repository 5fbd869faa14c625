import {
  skuStockSchema,
  stockChangeAnswer,
  stockChangeBody,
  stockHistoryPageSchema,
  stockHistoryQuery,
  stockQuery,
} from '@mall/shared/contract/admin/catalogue';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { MAY, requireOperator } from '../admin/index.ts';
import { changeStockAs, skuStockForOperator, stockHistoryForOperator } from './admin-stock.ts';

const tags = ['back office: catalogue'];

/** The back office's stock calls: a SKU's units, a change with its reason, the history (docs/back-office-catalogue.md). */
export const adminStockRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/admin/stock',
    {
      schema: {
        tags,
        summary: 'A SKU by code with its units at each organisation',
        querystring: stockQuery,
        response: { 200: envelopeOf(skuStockSchema) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.stock);
      return ok(await skuStockForOperator(db, request.query.code));
    },
  );

  app.post(
    '/admin/stock',
    {
      schema: {
        tags,
        summary: 'Sets or adjusts the units of a SKU at an organisation, with a reason',
        body: stockChangeBody,
        response: { 200: envelopeOf(stockChangeAnswer) },
      },
    },
    async (request) => {
      const me = await requireOperator(db, request, MAY.stock);
      const b = request.body;
      const units = await changeStockAs(db, { ...b, operatorId: me.id });
      return ok(units, `Stock is now ${units.after}.`);
    },
  );

  app.get(
    '/admin/stock/history',
    {
      schema: {
        tags,
        summary: "A SKU's stock changes, newest first",
        querystring: stockHistoryQuery,
        response: { 200: envelopeOf(stockHistoryPageSchema) },
      },
    },
    async (request) => {
      await requireOperator(db, request, MAY.stock);
      const q = request.query;
      return ok(await stockHistoryForOperator(db, q.skuId, { pageNum: q.pageNum, pageSize: q.pageSize }));
    },
  );
};
