import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DICT, ENUM, ORDER_STATUS } from '@mall/shared/codes';
import {
  type CodeTree,
  codeTreeSchema,
  type Organisation,
  organisationSchema,
  type Supplier,
  supplierSchema,
} from '@mall/shared/contract/reference';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedLog } from '../src/db/meta-tables.ts';
import { runSeeds } from '../src/db/run-seeds.ts';
import { demoSeedSets } from '../src/demo-seed-sets.ts';
import { codeItem, codeList, organisation, supplier } from '../src/modules/reference/tables.ts';
import { expectData, startTestServer, type TestServer, testDbKind } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
});
afterAll(() => server.close());

const getData = <S extends z.ZodType>(url: string, schema: S) => expectData(server, url, schema);

const trees = z.array(codeTreeSchema);

describe(`reference data (${testDbKind})`, () => {
  it('lists the dictionaries in order, each with its items', async () => {
    const dicts: CodeTree[] = await getData('/api/sys/dict/type/tree', trees);
    expect(dicts.map((d) => d.code)).toEqual([
      DICT.memberKind,
      DICT.gender,
      DICT.island,
      DICT.nzRegion,
      DICT.businessType,
      DICT.deliveryMethod,
      DICT.paymentMethod,
      DICT.commentRating,
    ]);
    const byCode = new Map(dicts.map((d) => [d.code, d]));
    expect(byCode.get('member_kind')!.children).toEqual([
      { code: 'retail', name: 'Retail', group: null },
      { code: 'wholesale', name: 'Wholesale', group: null },
    ]);
    for (const d of dicts) expect(d.children.length, d.code).toBeGreaterThan(0);
  });

  it('gives every NZ region its island, 9 in the North and 7 in the South', async () => {
    const dicts = await getData('/api/sys/dict/type/tree', trees);
    const regions = dicts.find((d) => d.code === DICT.nzRegion)!.children;
    expect(regions).toHaveLength(16);
    const islands = dicts.find((d) => d.code === DICT.island)!.children.map((c) => c.code);
    for (const r of regions) expect(islands).toContain(r.group);
    expect(regions.filter((r) => r.group === 'north')).toHaveLength(9);
    expect(regions.find((r) => r.code === 'AUK')).toEqual({ code: 'AUK', name: 'Auckland', group: 'north' });
    expect(regions.find((r) => r.code === 'CAN')).toEqual({
      code: 'CAN',
      name: 'Canterbury',
      group: 'south',
    });
  });

  const paymentMethods = async () =>
    (await getData('/api/sys/dict/type/tree', trees))
      .find((d) => d.code === DICT.paymentMethod)!
      .children.map((c) => c.code);

  it('names only the ways to pay the shop takes: cards and cash cards (cheques, wallets, transfers and trade accounts are left out)', async () => {
    expect(await paymentMethods()).toEqual(['card', 'cash_card']);
  });

  it('brings the payment methods of a database loaded before the change up to date', async () => {
    const db = server.database.db;
    const list = db.select({ id: codeList.id }).from(codeList).where(eq(codeList.code, DICT.paymentMethod));
    await db.update(codeItem).set({ enabled: true }).where(inArray(codeItem.listId, list));
    await db.delete(seedLog).where(eq(seedLog.name, 'reference-payment-methods-v2'));
    expect(await runSeeds({ db, uploadsDir: server.config.uploadsDir }, demoSeedSets)).toEqual([
      'reference-payment-methods-v2',
    ]);
    expect(await paymentMethods()).toEqual(['card', 'cash_card']);
  });

  it('lists the enumerations with the order statuses in their lifecycle order', async () => {
    const enums = await getData('/api/sys/enum/list', trees);
    expect(enums.map((e) => e.code)).toEqual(Object.values(ENUM));
    const status = enums.find((e) => e.code === ENUM.orderStatus)!;
    expect(status.children.map((c) => [c.code, c.name])).toEqual([
      [ORDER_STATUS.pendingPayment, 'Pending payment'],
      [ORDER_STATUS.toShip, 'To ship'],
      [ORDER_STATUS.shipped, 'Shipped'],
      [ORDER_STATUS.completed, 'Completed'],
      [ORDER_STATUS.cancelled, 'Cancelled'],
    ]);
    // Dictionaries and enumerations are separate lists.
    expect(enums.map((e) => e.code)).not.toContain(DICT.gender);
  });

  it('names the NZ stock organisation, which is also one of the online stores', async () => {
    const nz: Organisation = await getData('/api/sys/org/nz/stock', organisationSchema);
    expect(nz).toMatchObject({ name: 'Kauri Mall Auckland Warehouse', kind: 'warehouse', region: 'AUK' });
    const stores = await getData('/api/sys/org/on/line/store', z.array(organisationSchema));
    expect(stores.map((s) => s.id)).toContain(nz.id);
    expect(stores.find((s) => s.id === nz.id)).toEqual(nz);
    expect(stores.map((s) => s.code)).toEqual(['AKL-WH', 'CHC-WH', 'WLG-ST', 'TRG-ST', 'DUD-ST']);
    // The Hamilton store sells in store only.
    expect(stores.map((s) => s.code)).not.toContain('HLZ-ST');
  });

  it('lists only enabled online stores and answers 404 when no organisation holds the NZ stock', async () => {
    const db = server.database.db;
    await db.update(organisation).set({ enabled: false }).where(eq(organisation.code, 'DUD-ST'));
    const stores = await getData('/api/sys/org/on/line/store', z.array(organisationSchema));
    expect(stores.map((s) => s.code)).not.toContain('DUD-ST');
    await db.update(organisation).set({ enabled: true }).where(eq(organisation.code, 'DUD-ST'));

    await db.update(organisation).set({ nzStock: false }).where(eq(organisation.code, 'AKL-WH'));
    try {
      const res = await server.call('/api/sys/org/nz/stock');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 404, data: null });
      expect(res.body.message).toMatch(/New Zealand stock/);
    } finally {
      await db.update(organisation).set({ nzStock: true }).where(eq(organisation.code, 'AKL-WH'));
    }
  });

  it('refuses a second NZ stock organisation and a second self supplier', async () => {
    const db = server.database.db;
    await expect(
      db.update(organisation).set({ nzStock: true }).where(eq(organisation.code, 'CHC-WH')),
    ).rejects.toThrow();
    await expect(db.update(supplier).set({ self: true }).where(eq(supplier.code, 'KFF'))).rejects.toThrow();
  });

  it('lists the enabled suppliers with exactly one self supplier, Local SPY, first', async () => {
    const suppliers: Supplier[] = await getData('/api/supplier/website/name/list', z.array(supplierSchema));
    expect(suppliers.length).toBeGreaterThanOrEqual(6);
    const self = suppliers.filter((s) => s.self);
    expect(self).toHaveLength(1);
    expect(self[0]).toMatchObject({ code: 'SPY', name: 'Local SPY' });
    expect(suppliers[0]!.self).toBe(true);
    expect(suppliers.map((s) => s.name)).toEqual(
      expect.arrayContaining([
        'Kiwi Fresh Foods',
        'Southern Alps Outdoor',
        'Aotearoa Home & Living',
        'Tasman Tech',
        'Pacific Beauty Co.',
      ]),
    );
    // Codes are unique and never '0' (the storefront's "no supplier").
    const codes = suppliers.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).not.toContain('0');
    for (const s of suppliers) {
      expect(s.websiteUrl).toMatch(/^https:\/\//);
      expect(s.logoUrl).toMatch(/^\/uploads\/demo\/[a-z0-9-]+\.svg$/);
    }
    // The paused supplier is not listed.
    expect(codes).not.toContain('HWT');
  });

  it('hides a supplier as soon as it is disabled', async () => {
    const db = server.database.db;
    await db.update(supplier).set({ enabled: false }).where(eq(supplier.code, 'TST'));
    try {
      const suppliers = await getData('/api/supplier/website/name/list', z.array(supplierSchema));
      expect(suppliers.map((s) => s.code)).not.toContain('TST');
    } finally {
      await db.update(supplier).set({ enabled: true }).where(eq(supplier.code, 'TST'));
    }
    const again = await getData('/api/supplier/website/name/list', z.array(supplierSchema));
    expect(again.map((s) => s.code)).toContain('TST');
  });

  it('writes every supplier logo to disk and serves it as an SVG picture without script', async () => {
    const rows = await server.database.db.select({ logoUrl: supplier.logoUrl }).from(supplier);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const { logoUrl } of rows) {
      const file = path.join(server.config.uploadsDir, logoUrl!.replace(/^\/uploads\//, ''));
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toMatch(/^<\?xml[^>]*>\s*<svg /);
      expect(svg).not.toMatch(/<script|\son\w+=/i);
      const res = await server.app.inject(logoUrl!);
      expect(res.statusCode, logoUrl!).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body).toBe(svg);
    }
  });

  it('documents every reference call in the OpenAPI document', async () => {
    const doc = (await server.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    for (const p of [
      '/api/sys/dict/type/tree',
      '/api/sys/enum/list',
      '/api/sys/org/nz/stock',
      '/api/sys/org/on/line/store',
      '/api/supplier/website/name/list',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
