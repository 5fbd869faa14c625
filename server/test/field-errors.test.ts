import type { FieldError } from '@mall/shared/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '../src/lib/validate.ts';
import { bearer, countRows, registerMember } from './account-helpers.ts';
import { fieldErrorsOf, startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
let member: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  member = bearer(await registerMember(server, 'retail'));
});
afterAll(() => server.close());

const home = (over: Record<string, unknown> = {}) => ({
  recipient: 'Aroha Ngata',
  phone: '0211234567',
  region: 'AUK',
  city: 'Auckland',
  suburb: 'Ponsonby',
  street: '12 Ridge Road',
  postcode: '1011',
  isDefault: false,
  ...over,
});
const addAddress = (body: object) =>
  server.call({ method: 'POST', url: '/api/customer/address', payload: body, headers: member });

/** A 400 in the failure envelope whose data names `first` first, its message saying the same as before. */
const expectFieldErrors = (res: Awaited<ReturnType<typeof server.call>>, first: FieldError) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ success: false, code: 400, message: `${first.field}: ${first.message}` });
  expect(fieldErrorsOf(res.body)[0]).toEqual(first);
};

describe(`a 400 names its fields as data (${testDbKind})`, () => {
  it('a body field', async () => {
    expectFieldErrors(await addAddress(home({ postcode: '101' })), {
      field: 'postcode',
      message: 'A New Zealand postcode is 4 digits',
    });
  });

  it('every body field at fault, in order', async () => {
    const res = await addAddress(home({ postcode: '101', phone: '021-abc' }));
    expect(fieldErrorsOf(res.body)).toEqual([
      { field: 'phone', message: 'A phone number has digits only' },
      { field: 'postcode', message: 'A New Zealand postcode is 4 digits' },
    ]);
  });

  it('a query field', async () => {
    expectFieldErrors(await server.call('/api/org/sale/good/search?pageSize=101'), {
      field: 'pageSize',
      message: 'Too big: expected number to be <=100',
    });
  });

  it('a path id', async () => {
    expectFieldErrors(await server.call('/api/shop/introduce/detail/abc'), {
      field: 'id',
      message: 'must be a whole number',
    });
  });

  it('a NUL byte in a body field, a query field or a path parameter (never a 500)', async () => {
    const before = await countRows(server, 'address');
    expectFieldErrors(await addAddress(home({ recipient: 'Aroha\u0000Ngata' })), {
      field: 'recipient',
      message: NUL_MESSAGE,
    });
    expect(await countRows(server, 'address')).toBe(before);
    expectFieldErrors(await server.call('/api/org/sale/good/search?keyword=kiwi%00fruit'), {
      field: 'keyword',
      message: NUL_MESSAGE,
    });
    expectFieldErrors(await server.call('/api/search/keyword/query/kiwi%00fruit'), {
      field: 'text',
      message: NUL_MESSAGE,
    });
  });

  it('a 20-digit number', async () => {
    const res = await server.call('/api/shop/introduce/detail/99999999999999999999');
    expectFieldErrors(res, { field: 'id', message: 'must be a whole number' });
    expect(fieldErrorsOf(res.body)).toContainEqual({ field: 'id', message: 'is too large' });
  });

  it('a string that is too long', async () => {
    expectFieldErrors(await addAddress(home({ recipient: 'x'.repeat(61) })), {
      field: 'recipient',
      message: 'must be at most 60 characters',
    });
  });

  it('a value of the wrong type', async () => {
    expectFieldErrors(await addAddress(home({ recipient: 12 })), {
      field: 'recipient',
      message: 'Invalid input: expected string, received number',
    });
  });

  it('a refusal in plain words has no field data', async () => {
    const res = await server.call('/api/shop/introduce/detail/999999');
    expect(res.body).toEqual({
      success: false,
      code: 404,
      message: 'No page with id 999999.',
      data: null,
      reason: 'not_found',
    });
  });
});

describe(`the OpenAPI document (${testDbKind})`, () => {
  it("describes every route's 4xx answer as the failure envelope with its field errors", async () => {
    const doc = (await server.app.inject('/api/docs/json')).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content: Record<string, { schema: unknown }> }> }>
      >;
    };
    const failure =
      doc.paths['/api/customer/address']!.post!.responses['4XX']!.content['application/json']!.schema;
    expect(failure).toMatchObject({
      properties: {
        success: { type: 'boolean' },
        message: { type: 'string' },
        data: {
          nullable: true,
          required: ['errors'],
          properties: {
            errors: {
              type: 'array',
              minItems: 1,
              items: { required: ['field', 'message'], properties: { field: { type: 'string' } } },
            },
          },
        },
      },
    });
    expect(doc.paths['/api/customer/address']!.post!.responses['200']).toBeDefined();
  });
});
