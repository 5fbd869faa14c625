import { cartSchema } from '@mall/shared/contract/cart';
import { envelopeOf } from '@mall/shared/envelope';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from '../src/lib/error-handler.ts';
import { createResponseSerializers } from '../src/lib/response-serializer.ts';
import { startTestServer, type TestServer, testDbKind } from './harness.ts';

const line = {
  id: 7,
  skuId: 100133,
  goodsId: 42930,
  skuCode: 'KM042930-1',
  name: 'Tūī Toys Classic Trampoline',
  skuLabel: 'Red',
  price: 44.5,
  originalPrice: null,
  count: 2,
  maxCount: null,
  stock: 448,
  checked: true,
  thumbUrl: '/uploads/demo/catalogue/goods-ball-red.svg',
  self: false,
  supplierId: 3,
  supplierCode: 'SAO',
  supplierName: 'Southern Alps Outdoor',
};

/** A bare app with the serializer and the shop's error handling, answering whatever `answer` holds. */
const appAnswering = async (schema: z.ZodType) => {
  const app = Fastify({ logger: false });
  const serializers = createResponseSerializers();
  app.setSerializerCompiler(serializers.compiler);
  registerErrorHandling(app);
  const state: { answer: unknown } = { answer: null };
  app.get('/x', { schema: { response: { 200: schema } } }, async () => state.answer);
  await app.ready();
  return { app, state, serializers };
};

describe('answers written from their zod schema', () => {
  it('writes an answer exactly as JSON.stringify would, fields not in the schema left out', async () => {
    const { app, state } = await appAnswering(envelopeOf(cartSchema));
    state.answer = {
      success: true,
      code: 200,
      message: 'success',
      data: [
        { ...line, internalCost: 12.25 },
        { ...line, id: 8, originalPrice: 50, maxCount: 4 },
      ],
    };
    const res = await app.inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      JSON.stringify({
        success: true,
        code: 200,
        message: 'success',
        data: [line, { ...line, id: 8, originalPrice: 50, maxCount: 4 }],
      }),
    );
    await app.close();
  });

  it('answers 500 and writes nothing of an answer that does not match its schema', async () => {
    const { app, state } = await appAnswering(envelopeOf(cartSchema));
    for (const data of [
      [{ ...line, price: null }],
      [{ ...line, price: '44.50' }],
      [{ ...line, count: 1.5 }],
      [{ ...line, name: undefined }],
      { ...line },
    ]) {
      state.answer = { success: true, code: 200, message: 'success', data };
      const res = await app.inject('/x');
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        success: false,
        code: 500,
        message: 'Something went wrong on our side. Please try again later.',
        data: null,
        reason: 'server.error',
      });
      expect(res.body).not.toContain('Trampoline');
    }
    await app.close();
  });

  it('keeps strict objects strict and writes unions, records and nulls', async () => {
    const schema = z.object({
      strict: z.strictObject({ a: z.number() }),
      either: z.union([
        z.object({ kind: z.literal('a'), n: z.number() }),
        z.object({ kind: z.literal('b') }),
      ]),
      byKey: z.record(z.string(), z.number()),
      nothing: z.null(),
    });
    const { app, state } = await appAnswering(schema);
    state.answer = { strict: { a: 1 }, either: { kind: 'a', n: 2 }, byKey: { x: 1, y: 2 }, nothing: null };
    expect((await app.inject('/x')).json()).toEqual(state.answer);
    state.answer = { strict: { a: 1, b: 2 }, either: { kind: 'b' }, byKey: {}, nothing: null };
    expect((await app.inject('/x')).statusCode).toBe(500);
    await app.close();
  });
});

describe(`every route's answer can be written (${testDbKind})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("compiles every route's response schema", () => {
    expect(() => server.app.compileResponseSerializers()).not.toThrow();
  });
});
