import {
  CARD_STATUS,
  COUPON_STATUS,
  ORDER_STATUS,
  PAY_STATUS,
  POINT_SOURCE,
  VIP_LEVEL,
} from '@mall/shared/codes';
import { ISLAND_NAME, NZ_REGIONS } from '@mall/shared/nz-regions';
import { PALETTE, supplierLogoSvg, writeDemoPictures } from '../../seed/pictures.ts';
import type { SeedSet } from '../../seed/run-seeds.ts';
import { codeItem, codeList, organisation, supplier } from './tables.ts';

interface ListSeed {
  kind: 'dict' | 'enum';
  code: string;
  name: string;
  /** [code, name, group?, enabled?] */
  items: [string, string, (string | null)?, boolean?][];
}

/** Dictionaries and enumerations, in display order. */
export const codeListSeed: ListSeed[] = [
  {
    kind: 'dict',
    code: 'member_kind',
    name: 'Member kind',
    items: [
      ['retail', 'Retail'],
      ['wholesale', 'Wholesale'],
    ],
  },
  {
    kind: 'dict',
    code: 'gender',
    name: 'Gender',
    items: [
      ['female', 'Female'],
      ['male', 'Male'],
      ['another', 'Another gender'],
      ['undisclosed', 'Prefer not to say'],
    ],
  },
  {
    kind: 'dict',
    code: 'island',
    name: 'Island',
    items: (['north', 'south'] as const).map((i) => [i, ISLAND_NAME[i]]),
  },
  {
    kind: 'dict',
    code: 'nz_region',
    name: 'Region',
    // ISO 3166-2:NZ region codes; the group is the island (wholesale minimum orders differ by island).
    items: NZ_REGIONS.map((r) => [r.code, r.name, r.island]),
  },
  {
    kind: 'dict',
    code: 'business_type',
    name: 'Business type',
    items: [
      ['sole_trader', 'Sole trader'],
      ['partnership', 'Partnership'],
      ['company', 'Limited company'],
      ['trust', 'Trust'],
      ['society', 'Incorporated society or charity'],
    ],
  },
  {
    kind: 'dict',
    code: 'delivery_method',
    name: 'Delivery method',
    items: [
      ['courier', 'Standard courier (1-3 working days)'],
      ['overnight', 'Overnight courier (North Island urban)'],
      ['rural', 'Rural delivery'],
      ['pickup', 'Click & collect (retail orders only)'],
    ],
  },
  {
    kind: 'dict',
    code: 'payment_method',
    name: 'Payment method',
    items: [
      ['card', 'Visa / Mastercard'],
      ['wallet', 'Apple Pay / Google Pay'],
      ['bank_transfer', 'Bank transfer'],
      ['cash_card', 'Kauri cash card'],
      ['trade_account', 'Trade account (wholesale)'],
      // New Zealand banks stopped processing cheques in 2021.
      ['cheque', 'Cheque', null, false],
    ],
  },
  {
    kind: 'dict',
    code: 'comment_rating',
    name: 'Order comment rating',
    items: [
      ['5', 'Excellent'],
      ['4', 'Good'],
      ['3', 'Okay'],
      ['2', 'Poor'],
      ['1', 'Very poor'],
    ],
  },
  {
    kind: 'enum',
    code: 'order_status',
    name: 'Order status',
    items: [
      [ORDER_STATUS.pendingPayment, 'Pending payment'],
      [ORDER_STATUS.toShip, 'To ship'],
      [ORDER_STATUS.shipped, 'Shipped'],
      [ORDER_STATUS.completed, 'Completed'],
      [ORDER_STATUS.cancelled, 'Cancelled'],
    ],
  },
  {
    kind: 'enum',
    code: 'pay_status',
    name: 'Payment status',
    items: [
      [PAY_STATUS.unpaid, 'Unpaid'],
      [PAY_STATUS.paid, 'Paid'],
      [PAY_STATUS.refunding, 'Refunding'],
      [PAY_STATUS.refunded, 'Refunded'],
      [PAY_STATUS.failed, 'Payment failed'],
    ],
  },
  {
    kind: 'enum',
    code: 'card_status',
    name: 'Card status',
    items: [
      [CARD_STATUS.active, 'Active'],
      [CARD_STATUS.used, 'Used'],
      [CARD_STATUS.expired, 'Expired'],
      [CARD_STATUS.cancelled, 'Cancelled'],
    ],
  },
  {
    kind: 'enum',
    code: 'point_source',
    name: 'Point source',
    items: [
      [POINT_SOURCE.purchase, 'Purchase'],
      [POINT_SOURCE.review, 'Order review'],
      [POINT_SOURCE.welcome, 'Welcome bonus'],
      [POINT_SOURCE.redeemed, 'Redeemed at checkout'],
      [POINT_SOURCE.refund, 'Order refund'],
      [POINT_SOURCE.adjustment, 'Adjustment'],
    ],
  },
  {
    kind: 'enum',
    code: 'vip_level',
    name: 'Club level',
    items: [
      [VIP_LEVEL.none, 'Member'],
      [VIP_LEVEL.silver, 'Kauri Club Silver'],
      [VIP_LEVEL.gold, 'Kauri Club Gold'],
      [VIP_LEVEL.platinum, 'Kauri Club Platinum'],
    ],
  },
  {
    kind: 'enum',
    code: 'coupon_status',
    name: 'Coupon status',
    items: [
      [COUPON_STATUS.unused, 'Unused'],
      [COUPON_STATUS.used, 'Used'],
      [COUPON_STATUS.expired, 'Expired'],
    ],
  },
];

export const organisationSeed: (typeof organisation.$inferInsert)[] = [
  {
    code: 'AKL-WH',
    name: 'Kauri Mall Auckland Warehouse',
    kind: 'warehouse',
    region: 'AUK',
    address: '18 Kauri Road, East Tāmaki, Auckland 2013',
    phone: '09 555 0140',
    openHours: 'Showroom 9:00-17:00 daily',
    nzStock: true,
    onlineStore: true,
  },
  {
    code: 'CHC-WH',
    name: 'Kauri Mall Christchurch Warehouse',
    kind: 'warehouse',
    region: 'CAN',
    address: '42 Halswell Junction Road, Hornby, Christchurch 8042',
    phone: '03 555 0160',
    openHours: 'Mon-Fri 8:30-17:00',
    onlineStore: true,
  },
  {
    code: 'WLG-ST',
    name: 'Kauri Mall Wellington Store',
    kind: 'store',
    region: 'WGN',
    address: '120 Lambton Quay, Wellington Central, Wellington 6011',
    phone: '04 555 0120',
    openHours: 'Mon-Sat 9:00-17:30, Sun 10:00-16:00',
    onlineStore: true,
  },
  {
    code: 'TRG-ST',
    name: 'Kauri Mall Tauranga Store',
    kind: 'store',
    region: 'BOP',
    address: '55 Cameron Road, Tauranga 3110',
    phone: '07 555 0110',
    openHours: 'Mon-Sat 9:00-17:30, Sun 10:00-16:00',
    onlineStore: true,
  },
  {
    code: 'DUD-ST',
    name: 'Kauri Mall Dunedin Store',
    kind: 'store',
    region: 'OTA',
    address: '200 George Street, Dunedin 9016',
    phone: '03 555 0170',
    openHours: 'Mon-Sat 9:00-17:30, Sun 10:00-16:00',
    onlineStore: true,
  },
  {
    // Sells in store only; not offered as an online store.
    code: 'HLZ-ST',
    name: 'Kauri Mall Hamilton Store',
    kind: 'store',
    region: 'WKO',
    address: '310 Victoria Street, Hamilton Central, Hamilton 3204',
    phone: '07 555 0130',
    openHours: 'Mon-Sun 9:00-17:00',
    onlineStore: false,
  },
];

interface SupplierSeed {
  code: string;
  name: string;
  self?: boolean;
  slug: string;
  colour: string;
  enabled?: boolean;
}

export const supplierSeed: SupplierSeed[] = [
  { code: 'SPY', name: 'Local SPY', self: true, slug: 'local-spy', colour: PALETTE.pohutukawa },
  { code: 'KFF', name: 'Kiwi Fresh Foods', slug: 'kiwi-fresh-foods', colour: PALETTE.kauri },
  { code: 'SAO', name: 'Southern Alps Outdoor', slug: 'southern-alps-outdoor', colour: PALETTE.ocean },
  { code: 'AHL', name: 'Aotearoa Home & Living', slug: 'aotearoa-home-living', colour: PALETTE.navy },
  { code: 'TST', name: 'Tasman Tech', slug: 'tasman-tech', colour: PALETTE.navySoft },
  { code: 'PBC', name: 'Pacific Beauty Co.', slug: 'pacific-beauty-co', colour: PALETTE.dusk },
  { code: 'KWK', name: 'Kōwhai Kids', slug: 'kowhai-kids', colour: '#b7860b' },
  // Paused supplier: kept for old orders, not listed.
  {
    code: 'HWT',
    name: 'Harbour Wine Traders',
    slug: 'harbour-wine-traders',
    colour: PALETTE.pohutukawaDeep,
    enabled: false,
  },
];

/** Reference data: dictionaries, enumerations, organisations and suppliers (with their logos). */
export const referenceSeed: SeedSet = {
  name: 'reference-v1',
  async run({ db, uploadsDir }) {
    for (const [i, list] of codeListSeed.entries()) {
      const [row] = await db
        .insert(codeList)
        .values({ kind: list.kind, code: list.code, name: list.name, sort: (i + 1) * 10 })
        .returning({ id: codeList.id });
      await db.insert(codeItem).values(
        list.items.map(([code, name, group, enabled], j) => ({
          listId: row!.id,
          code,
          name,
          groupCode: group ?? null,
          enabled: enabled ?? true,
          sort: (j + 1) * 10,
        })),
      );
    }

    await db.insert(organisation).values(organisationSeed.map((o, i) => ({ ...o, sort: (i + 1) * 10 })));

    const logos = await writeDemoPictures(
      uploadsDir,
      supplierSeed.map((s) => ({
        name: `supplier-${s.slug}`,
        svg: supplierLogoSvg({ code: s.code, name: s.name, colour: s.colour }),
      })),
    );
    await db.insert(supplier).values(
      supplierSeed.map((s, i) => ({
        code: s.code,
        name: s.name,
        self: s.self ?? false,
        websiteUrl: `https://${s.slug}.kaurimall.co.nz`,
        logoUrl: logos[`supplier-${s.slug}`]!,
        enabled: s.enabled ?? true,
        sort: (i + 1) * 10,
      })),
    );
  },
};
