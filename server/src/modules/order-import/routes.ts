import multipart from '@fastify/multipart';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_PROBLEMS_FILE_NAME,
  IMPORT_PROBLEMS_PATH,
  IMPORT_QUERY_PATH,
  IMPORT_TEMPLATE_FILE_NAME,
  IMPORT_TEMPLATE_PATH,
  importCheckSchema,
  importProblemsSchema,
  XLSX_TYPE,
} from '@mall/shared/contract/order-import';
import { envelopeOf } from '@mall/shared/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope.ts';
import { badRequest, payloadTooLarge } from '../../lib/errors.ts';
import { exampleSkuCodes, ReadCache } from '../catalogue/index.ts';
import { cachedShopperOf } from '../shopper/index.ts';
import { checkRows } from './service.ts';
import { readOrderSheet, SHEET_MESSAGES, SheetError } from './sheet-reader.ts';
import { problemsWorkbook, templateWorkbook } from './sheet-writer.ts';

const tags = ['order import'];
const CHOOSE_A_FILE = { field: 'file', message: 'Choose an .xlsx or .csv file to upload.' };
const api = (path: string) => path.replace(/^\/api/, '');

/** Order import (docs/order-import.md): the template, the check of an uploaded sheet, the problem rows. */
export const orderImportRoutes = async (root: FastifyInstance) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const orgCache = new ReadCache(app.config.catalogueCacheMs);
  const file = (name: string) => ({
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'private, no-store',
  });

  app.get(
    api(IMPORT_TEMPLATE_PATH),
    { schema: { tags, summary: 'The order sheet template (xlsx): columns, two example rows and the rules' } },
    async (_request, reply) =>
      reply
        .type(XLSX_TYPE)
        .headers(file(IMPORT_TEMPLATE_FILE_NAME))
        .send(await templateWorkbook(await exampleSkuCodes(app.db))),
  );

  app.post(
    api(IMPORT_QUERY_PATH),
    {
      schema: {
        tags,
        summary:
          'Check an order sheet (multipart field `file`, .xlsx or .csv, at most 5 MB and 10,000 rows) for the shopper: each row matched or refused with its reasons; nothing is added',
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(importCheckSchema) },
      },
      // The file is streamed with its own limit, above the global JSON body limit.
      bodyLimit: IMPORT_FILE_MAX_BYTES + 64 * 1024,
      config: { rateLimit: { max: app.config.importsPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(CHOOSE_A_FILE);
      const part = await request.file();
      if (part?.fieldname !== 'file') throw badRequest(CHOOSE_A_FILE);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw payloadTooLarge(SHEET_MESSAGES.tooBig);
        }
        throw err;
      }
      if (part.file.truncated) throw payloadTooLarge(SHEET_MESSAGES.tooBig);
      // Server time from the whole file received to the answer (bench: docs/order-import.md).
      const received = performance.now();
      let rows: Awaited<ReturnType<typeof readOrderSheet>>;
      try {
        rows = await readOrderSheet(bytes);
      } catch (err) {
        if (err instanceof SheetError) {
          throw err.tooLarge ? payloadTooLarge(err.message) : badRequest(err.message);
        }
        throw err;
      }
      const read = performance.now();
      const shopper = await cachedShopperOf(app.db, request, orgCache);
      const fileName = (part.filename || 'order sheet').slice(0, 200);
      const check = await checkRows(app.db, shopper, fileName, rows);
      const checked = performance.now();
      reply.headers({
        'Cache-Control': 'private, no-store',
        'Server-Timing': `read;dur=${(read - received).toFixed(1)}, check;dur=${(checked - read).toFixed(1)}`,
      });
      return ok(check);
    },
  );

  app.post(
    api(IMPORT_PROBLEMS_PATH),
    {
      schema: {
        tags,
        summary:
          'The rows given as an order sheet (xlsx) with a Reason column, ready to fix and upload again; every cell text, formulas guarded',
        body: importProblemsSchema,
      },
      bodyLimit: 8 * 1024 * 1024,
    },
    async (request, reply) =>
      reply
        .type(XLSX_TYPE)
        .headers(file(IMPORT_PROBLEMS_FILE_NAME))
        .send(await problemsWorkbook(request.body)),
  );
};
