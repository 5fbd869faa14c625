import {
  ADDRESSES_MAX,
  type Address,
  type AddressInput,
  type AddressPage,
  addressPageSchema,
  addressSchema,
} from '@mall/shared/contract/address';
import { envelopeOf, type FieldError, fieldErrorText } from '@mall/shared/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADDRESS_NOT_FOUND, ADDRESSES_FULL, addressSnapshot } from '../src/modules/address/service.ts';
import { bearer, countRows, registerMember } from './account-helpers.ts';
import { fieldErrorsOf, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
/** Two signed-in retail members and a wholesale one. */
let a: Record<string, string>;
let b: Record<string, string>;
let w: Record<string, string>;
let aId = 0;
let bId = 0;

beforeAll(async () => {
  server = await startTestServer();
  const ra = await registerMember(server, 'retail');
  const rb = await registerMember(server, 'retail');
  const rw = await registerMember(server, 'wholesale');
  a = bearer(ra);
  b = bearer(rb);
  w = bearer(rw);
  aId = ra.member.id;
  bId = rb.member.id;
});
afterAll(() => server.close());

beforeEach(async () => {
  await server.database.db.execute(sql`delete from address`);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = <T = Address>(headers: Record<string, string>, method: Method, url: string, payload?: unknown) =>
  server.call<T>({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const home = (over: Partial<AddressInput> = {}): AddressInput => ({
  recipient: 'Aroha Ngata',
  phone: '0211234567',
  street: '12 Queen Street',
  suburb: 'Auckland Central',
  city: 'Auckland',
  region: 'AUK',
  postcode: '1010',
  ...over,
});

const expectOk = <S extends z.ZodType>(res: Awaited<ReturnType<typeof call>>, schema: S): z.infer<S> => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  envelopeOf(schema).parse(res.body);
  expect(res.body).toMatchObject({ success: true, code: 200 });
  return res.body.data as z.infer<S>;
};
const create = async (h: Record<string, string>, over: Partial<AddressInput> = {}) =>
  expectOk(await call(h, 'POST', '/api/customer/address', home(over)), addressSchema);
const update = async (h: Record<string, string>, body: AddressInput & { id: number }) =>
  expectOk(await call(h, 'PUT', '/api/customer/address', body), addressSchema);
const list = async (h: Record<string, string>, query = '') =>
  expectOk(await call<AddressPage>(h, 'GET', `/api/customer/address${query}`), addressPageSchema);
const remove = async (h: Record<string, string>, id: number) =>
  expectOk(await call<null>(h, 'DELETE', `/api/customer/address/${id}`), z.null());
/** [recipient, isDefault] of the member's addresses as listed. */
const summary = async (h: Record<string, string>) =>
  (await list(h)).records.map((r) => [r.recipient, r.isDefault]);

/** A refusal: in plain words (a message or its pattern), or naming a field (message and `data.errors`). */
const expectRefused = (
  res: Awaited<ReturnType<typeof call>>,
  status: number,
  message: string | RegExp | FieldError,
) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ success: false, code: status });
  if (typeof message === 'string') expect(res.body).toMatchObject({ message, data: null });
  else if (message instanceof RegExp) {
    // A message naming a field names the same field as data.
    expect(res.body.message).toMatch(message);
    expect(res.body.message).toMatch(new RegExp(`^${fieldErrorsOf(res.body)[0]?.field}: `));
  } else expect(res.body).toMatchObject({ message: fieldErrorText(message), data: { errors: [message] } });
};

/** Every address column of every member, to show that a refused call changed nothing. */
const allRows = async () =>
  (
    (await server.database.db.execute(
      sql`select id, member_id, recipient, phone, street, suburb, city, region, postcode, is_default, updated_at
          from address order by id`,
    )) as unknown as { rows: unknown[] }
  ).rows;

describe('authorisation', () => {
  it('answers 401 to a guest on every call, before looking at the body, and changes nothing', async () => {
    await create(a);
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/customer/address'],
      ['POST', '/api/customer/address', home()],
      ['POST', '/api/customer/address', { postcode: 'nope' }],
      ['PUT', '/api/customer/address', { ...home(), id: 1 }],
      ['DELETE', '/api/customer/address/1'],
    ];
    const before = await allRows();
    for (const [method, url, payload] of calls) {
      for (const headers of [{}, { authorization: 'Bearer nonsense' }] as Record<string, string>[]) {
        const res = await call(headers, method, url, payload);
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.body).toMatchObject({ success: false, code: 401, data: null });
        expect(res.body.message).not.toBe('');
      }
    }
    expect((await call({}, 'GET', '/api/customer/address')).body.message).toBe('Please log in first.');
    expect(await allRows()).toEqual(before);
  });

  it("never reads or changes another member's address: 404 exactly as for a missing id, nothing changes", async () => {
    const theirs = await create(b, { recipient: 'Bea' });
    const mine = await create(a, { recipient: 'Ana' });
    const before = await allRows();

    const missing = await call(a, 'PUT', '/api/customer/address', { ...home(), id: 2_000_000_000 });
    const other = await call(a, 'PUT', '/api/customer/address', {
      ...home(),
      id: theirs.id,
      isDefault: true,
    });
    expectRefused(missing, 404, ADDRESS_NOT_FOUND);
    expectRefused(other, 404, ADDRESS_NOT_FOUND);
    expect(other.body).toEqual(missing.body);

    const missingDel = await call(a, 'DELETE', '/api/customer/address/2000000000');
    const otherDel = await call(a, 'DELETE', `/api/customer/address/${theirs.id}`);
    expectRefused(missingDel, 404, ADDRESS_NOT_FOUND);
    expect(otherDel.body).toEqual(missingDel.body);
    expect(otherDel.status).toBe(404);
    // Beyond a PostgreSQL integer: refused as a bad id, as in a path, never a database error.
    expectRefused(await call(a, 'PUT', '/api/customer/address', { ...home(), id: 9_000_000_000 }), 400, {
      field: 'id',
      message: 'is too large',
    });

    expect(await allRows()).toEqual(before);
    expect((await list(a)).records).toEqual([mine]);
    expect((await list(b)).records).toEqual([theirs]);
    expect((await list(w)).records).toEqual([]);
  });
});

describe('saving and reading', () => {
  it('saves an address with its region name and island; the first becomes the default', async () => {
    const first = await create(a, { recipient: '  Aroha Ngata ', suburb: undefined });
    expect(first).toEqual({
      id: first.id,
      recipient: 'Aroha Ngata',
      phone: '0211234567',
      street: '12 Queen Street',
      suburb: '',
      city: 'Auckland',
      region: 'AUK',
      regionName: 'Auckland',
      island: 'north',
      postcode: '1010',
      isDefault: true,
    });
    const second = await create(a, {
      recipient: 'Tama',
      street: '3 Cashel Street',
      city: 'Christchurch',
      region: 'CAN',
      postcode: '8011',
    });
    expect(second).toMatchObject({ regionName: 'Canterbury', island: 'south', isDefault: false });
    const page = await list(a);
    expect(page).toEqual({ records: [first, second], total: 2, pageNum: 1, pageSize: 20 });
  });

  it('lists the default first, then newest, one page at a time', async () => {
    const made: Address[] = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
      made.push(await create(a, { recipient: name }));
    expect(await summary(a)).toEqual([
      ['One', true],
      ['Five', false],
      ['Four', false],
      ['Three', false],
      ['Two', false],
    ]);
    const p2 = await list(a, '?pageNum=2&pageSize=2');
    expect(p2).toMatchObject({ total: 5, pageNum: 2, pageSize: 2 });
    expect(p2.records.map((r) => r.recipient)).toEqual(['Four', 'Three']);
    const p3 = await list(a, '?pageNum=3&pageSize=2');
    expect(p3.records.map((r) => r.recipient)).toEqual(['Two']);
    // A page past the end is empty but still tells the total.
    expect(await list(a, '?pageNum=9&pageSize=2')).toEqual({
      records: [],
      total: 5,
      pageNum: 9,
      pageSize: 2,
    });
    expect(await list(b)).toEqual({ records: [], total: 0, pageNum: 1, pageSize: 20 });
  });

  it('answers 400 naming the field for a bad page query', async () => {
    expectRefused(await call(a, 'GET', '/api/customer/address?pageSize=101'), 400, /^pageSize: /);
    expectRefused(await call(a, 'GET', '/api/customer/address?pageNum=0'), 400, /^pageNum: /);
    expectRefused(await call(a, 'GET', '/api/customer/address?pageNum=x'), 400, /^pageNum: /);
  });

  it('replaces an address with PUT and answers it', async () => {
    const made = await create(a);
    const changed = await update(a, {
      ...home(),
      id: made.id,
      recipient: 'Mere',
      street: '1 Dee Street',
      suburb: '',
      city: 'Invercargill',
      region: 'STL',
      postcode: '9810',
    });
    expect(changed).toEqual({
      ...made,
      recipient: 'Mere',
      street: '1 Dee Street',
      suburb: '',
      city: 'Invercargill',
      region: 'STL',
      regionName: 'Southland',
      island: 'south',
      postcode: '9810',
    });
    expect((await list(a)).records).toEqual([changed]);
  });
});

describe('the default', () => {
  it('moves to an address saved or updated with isDefault, and there is only ever one', async () => {
    const one = await create(a, { recipient: 'One' });
    const two = await create(a, { recipient: 'Two', isDefault: true });
    expect(two.isDefault).toBe(true);
    expect(await summary(a)).toEqual([
      ['Two', true],
      ['One', false],
    ]);
    const back = await update(a, { ...home({ recipient: 'One' }), id: one.id, isDefault: true });
    expect(back.isDefault).toBe(true);
    expect(await summary(a)).toEqual([
      ['One', true],
      ['Two', false],
    ]);
    // Setting it again on the default changes nothing else.
    await update(a, { ...home({ recipient: 'One' }), id: one.id, isDefault: true });
    expect(await summary(a)).toEqual([
      ['One', true],
      ['Two', false],
    ]);
    // Another member's default is not touched.
    await create(b, { recipient: 'Bea' });
    await create(a, { recipient: 'Three', isDefault: true });
    expect(await summary(b)).toEqual([['Bea', true]]);
  });

  it('stays on the default when it is saved with isDefault false (it moves only by choosing another)', async () => {
    const one = await create(a, { recipient: 'One' });
    await create(a, { recipient: 'Two' });
    const same = await update(a, { ...home({ recipient: 'One b' }), id: one.id, isDefault: false });
    expect(same).toMatchObject({ recipient: 'One b', isDefault: true });
    expect(await summary(a)).toEqual([
      ['One b', true],
      ['Two', false],
    ]);
  });

  it('passes to the newest address left when the default is deleted', async () => {
    const one = await create(a, { recipient: 'One' });
    const two = await create(a, { recipient: 'Two' });
    const three = await create(a, { recipient: 'Three' });
    await create(b, { recipient: 'Bea' });
    expect(await remove(a, one.id)).toBeNull();
    expect(await summary(a)).toEqual([
      ['Three', true],
      ['Two', false],
    ]);
    // Deleting one that is not the default leaves the default alone.
    await remove(a, two.id);
    expect(await summary(a)).toEqual([['Three', true]]);
    await remove(a, three.id);
    expect(await list(a)).toMatchObject({ records: [], total: 0 });
    // With none left, the next one saved is the default again.
    expect((await create(a, { recipient: 'Four' })).isDefault).toBe(true);
    expect(await summary(b)).toEqual([['Bea', true]]);
  });

  it('keeps exactly one default when one member saves many addresses at once', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(a, 'POST', '/api/customer/address', home({ recipient: `P${i}` })),
      ),
    );
    for (const res of made) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = await list(a);
    expect(page.total).toBe(8);
    expect(page.records.filter((r) => r.isDefault)).toHaveLength(1);
  });
});

describe('the limit', () => {
  it(`keeps at most ${ADDRESSES_MAX} addresses: the next answers 409 and saves nothing`, async () => {
    for (let i = 0; i < ADDRESSES_MAX; i++) await create(a, { recipient: `R${i}` });
    const before = await countRows(server, 'address');
    const refused = await call(a, 'POST', '/api/customer/address', home({ isDefault: true }));
    expectRefused(refused, 409, ADDRESSES_FULL);
    expect(refused.body.message).toContain(String(ADDRESSES_MAX));
    expect(await countRows(server, 'address')).toBe(before);
    expect((await list(a)).records.filter((r) => r.isDefault).map((r) => r.recipient)).toEqual(['R0']);
    // Another member is not limited by this one's addresses.
    await create(b);
    // Editing still works at the limit, and deleting one makes room.
    const page = await list(a, '?pageSize=100');
    await update(a, { ...home({ recipient: 'Edited' }), id: page.records[5]!.id });
    await remove(a, page.records[0]!.id);
    await create(a, { recipient: 'Room' });
    expect((await list(a)).total).toBe(ADDRESSES_MAX);
  });

  it('is not passed by many saves at once', async () => {
    for (let i = 0; i < ADDRESSES_MAX - 2; i++) await create(a, { recipient: `R${i}` });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(a, 'POST', '/api/customer/address', home({ recipient: `C${i}` })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect((await list(a)).total).toBe(ADDRESSES_MAX);
  });
});

describe('bad input', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['postcode of 3 digits', { postcode: '101' }, /^postcode: A New Zealand postcode is 4 digits$/],
    ['postcode with letters', { postcode: '10a0' }, /^postcode: A New Zealand postcode is 4 digits$/],
    ['unknown region', { region: 'XYZ' }, /^region: Choose a region of New Zealand$/],
    ['region as a name', { region: 'Auckland' }, /^region: Choose a region of New Zealand$/],
    ['empty recipient', { recipient: '   ' }, /^recipient: This field is required$/],
    ['recipient too long', { recipient: 'x'.repeat(61) }, /^recipient: must be at most 60 characters$/],
    ['phone with letters', { phone: '021-abc' }, /^phone: A phone number has digits only$/],
    ['empty phone', { phone: '' }, /^phone: This field is required$/],
    ['empty street', { street: '' }, /^street: This field is required$/],
    ['empty city', { city: '' }, /^city: This field is required$/],
    ['suburb too long', { suburb: 'x'.repeat(61) }, /^suburb: must be at most 60 characters$/],
    ['isDefault not a boolean', { isDefault: 'yes' }, /^isDefault: /],
    ['postcode missing', { postcode: undefined }, /^postcode: /],
  ];

  it.each(cases)(
    'POST with %s answers 400 naming the field and saves nothing',
    async (_name, over, message) => {
      await create(a);
      const before = await allRows();
      const res = await call(a, 'POST', '/api/customer/address', { ...home(), ...over });
      expectRefused(res, 400, message);
      expect(await allRows()).toEqual(before);
    },
  );

  it.each(cases)(
    'PUT with %s answers 400 naming the field and changes nothing',
    async (_name, over, message) => {
      const made = await create(a);
      const before = await allRows();
      const res = await call(a, 'PUT', '/api/customer/address', { ...home(), id: made.id, ...over });
      expectRefused(res, 400, message);
      expect(await allRows()).toEqual(before);
    },
  );

  it('answers 400 naming id for a PUT without a good id, and for a bad path id', async () => {
    const made = await create(a);
    const before = await allRows();
    expectRefused(await call(a, 'PUT', '/api/customer/address', home()), 400, /^id: /);
    expectRefused(await call(a, 'PUT', '/api/customer/address', { ...home(), id: 'one' }), 400, /^id: /);
    expectRefused(await call(a, 'PUT', '/api/customer/address', { ...home(), id: -1 }), 400, /^id: /);
    expectRefused(await call(a, 'DELETE', '/api/customer/address/abc'), 400, /^id: /);
    expectRefused(await call(a, 'DELETE', '/api/customer/address/0'), 400, /^id: /);
    expectRefused(await call(a, 'DELETE', `/api/customer/address/${made.id}.5`), 400, /^id: /);
    expect(await allRows()).toEqual(before);
  });

  it('answers 400 for a body that is not an address at all', async () => {
    const before = await countRows(server, 'address');
    expectRefused(await call(a, 'POST', '/api/customer/address', []), 400, /./);
    const raw = await server.call({
      method: 'POST',
      url: '/api/customer/address',
      headers: { ...a, 'content-type': 'application/json' },
      payload: '{"recipient":',
    });
    expect(raw.status).toBe(400);
    expect(raw.body).toMatchObject({ success: false, code: 400 });
    expect(await countRows(server, 'address')).toBe(before);
  });
});

describe('addressSnapshot (for the order module)', () => {
  it("answers the member's address as an order keeps it, or null when it is not theirs or missing", async () => {
    const mine = await create(a, { region: 'WTC', city: 'Greymouth', postcode: '7805', suburb: '' });
    const db = server.database.db;
    expect(await addressSnapshot(db, aId, mine.id)).toEqual({
      recipient: 'Aroha Ngata',
      phone: '0211234567',
      street: '12 Queen Street',
      suburb: '',
      city: 'Greymouth',
      region: 'WTC',
      regionName: 'West Coast',
      island: 'south',
      postcode: '7805',
    });
    expect(await addressSnapshot(db, bId, mine.id)).toBeNull();
    expect(await addressSnapshot(db, aId, 2_000_000_000)).toBeNull();
    expect(await addressSnapshot(db, aId, 9_000_000_000)).toBeNull();
    // Inside a transaction, as the order module calls it.
    const inTx = await db.transaction(async (tx) =>
      addressSnapshot(tx as unknown as typeof db, aId, mine.id),
    );
    expect(inTx?.island).toBe('south');
  });
});

describe('OpenAPI', () => {
  it('lists every address call', async () => {
    const res = await server.app.inject('/api/docs/json');
    const paths = (res.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    expect(Object.keys(paths['/api/customer/address'] ?? {}).sort()).toEqual(['get', 'post', 'put']);
    expect(Object.keys(paths['/api/customer/address/{id}'] ?? {})).toEqual(['delete']);
  });
});
