import * as codes from '@mall/shared/codes';
import { ISLAND_NAME, NZ_REGIONS, REGION_CODES } from '@mall/shared/nz-regions';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { seedNote as note, seedData } from '../../../seed/data-files.ts';
import { PALETTE, supplierLogoSvg, writeDemoPictures } from '../../../seed/pictures.ts';
import type { SeedSet } from '../../db/run-seeds.ts';
import { codeItem, codeList, organisation, supplier } from './tables.ts';

/** The shared constants whose values an enumeration lists (`@mall/shared/codes`). */
const ENUM_CODES = {
  ORDER_STATUS: codes.ORDER_STATUS,
  PAY_STATUS: codes.PAY_STATUS,
  CARD_STATUS: codes.CARD_STATUS,
  POINT_SOURCE: codes.POINT_SOURCE,
  VIP_LEVEL: codes.VIP_LEVEL,
  COUPON_STATUS: codes.COUPON_STATUS,
} as const satisfies Record<string, Record<string, string>>;
type EnumCodes = keyof typeof ENUM_CODES;

/** Lists whose items are the shared module's own data, not copied into the file. */
const SHARED_ITEMS = {
  'nz-islands': () => (['north', 'south'] as const).map((i) => ({ code: i, name: ISLAND_NAME[i] })),
  'nz-regions': () => NZ_REGIONS.map((r) => ({ code: r.code, name: r.name, group: r.island })),
} as const;

interface CodeItemSeed {
  code: string;
  name: string;
  group?: string;
  enabled?: boolean;
}

const codeListHead = { code: z.string().min(1), name: z.string().min(1), note };
const codeListSchema = z.array(
  z.discriminatedUnion('kind', [
    z
      .strictObject({
        kind: z.literal('dict'),
        ...codeListHead,
        items: z
          .array(
            z.strictObject({
              code: z.string().min(1),
              name: z.string().min(1),
              group: z.string().optional(),
              enabled: z.boolean().optional(),
              note,
            }),
          )
          .optional(),
        /** Instead of `items`: the items are the shared module's data. */
        itemsFrom: z.enum(Object.keys(SHARED_ITEMS) as (keyof typeof SHARED_ITEMS)[]).optional(),
      })
      .refine((list) => (list.items === undefined) !== (list.itemsFrom === undefined), {
        message: 'a dictionary has either items or itemsFrom',
      }),
    z
      .strictObject({
        kind: z.literal('enum'),
        ...codeListHead,
        /** The constant of `@mall/shared/codes` that holds the stored values. */
        codesOf: z.enum(Object.keys(ENUM_CODES) as EnumCodes[]),
        /** Each item names the constant's key; its code is the constant's value. */
        items: z.array(z.strictObject({ key: z.string(), name: z.string().min(1), note })),
      })
      .superRefine((list, ctx) => {
        for (const [i, item] of list.items.entries()) {
          if (!(item.key in ENUM_CODES[list.codesOf]))
            ctx.addIssue({
              code: 'custom',
              path: ['items', i, 'key'],
              message: `not a key of ${list.codesOf}`,
            });
        }
      }),
  ]),
);

const itemsOf = (list: z.output<typeof codeListSchema>[number]): CodeItemSeed[] => {
  if (list.kind === 'enum') {
    const values: Record<string, string> = ENUM_CODES[list.codesOf];
    return list.items.map((item) => ({ code: values[item.key]!, name: item.name }));
  }
  return list.itemsFrom ? SHARED_ITEMS[list.itemsFrom]() : list.items!;
};

const organisationsSchema = z.array(
  z.strictObject({
    code: z.string().min(1),
    name: z.string().min(1),
    kind: z.enum(['warehouse', 'store']),
    region: z.enum(REGION_CODES),
    address: z.string().min(1),
    phone: z.string().min(1),
    openHours: z.string().min(1),
    nzStock: z.boolean().optional(),
    onlineStore: z.boolean(),
    note,
  }),
);

const suppliersSchema = z.array(
  z.strictObject({
    code: z.string().min(1),
    name: z.string().min(1),
    self: z.boolean().optional(),
    /** The web address and the logo's file name. */
    slug: z.string().regex(/^[a-z0-9-]+$/),
    /** Logo colour: a name of the mall's palette or a #rrggbb colour. */
    colour: z
      .string()
      .refine((c) => Object.hasOwn(PALETTE, c) || /^#[0-9a-f]{6}$/.test(c), {
        message: `a colour of the palette (${Object.keys(PALETTE).join(', ')}) or #rrggbb`,
      })
      .transform((c): string => PALETTE[c as keyof typeof PALETTE] ?? c),
    enabled: z.boolean().optional(),
    note,
  }),
);

/** Dictionaries and enumerations, in display order. */
const codeListSeed = seedData('code-lists.json', codeListSchema);
/** Warehouses and stores. */
const organisationSeed = seedData('organisations.json', organisationsSchema);
/** Suppliers, the mall's own range first. */
const supplierSeed = seedData('suppliers.json', suppliersSchema);

/** Reference data: dictionaries, enumerations, organisations and suppliers (with their logos). */
export const referenceSeed: SeedSet = {
  name: 'reference-v1',
  async run({ db, uploadsDir }) {
    for (const [i, list] of codeListSeed().entries()) {
      const [row] = await db
        .insert(codeList)
        .values({ kind: list.kind, code: list.code, name: list.name, sort: (i + 1) * 10 })
        .returning({ id: codeList.id });
      await db.insert(codeItem).values(
        itemsOf(list).map(({ code, name, group, enabled }, j) => ({
          listId: row!.id,
          code,
          name,
          groupCode: group ?? null,
          enabled: enabled ?? true,
          sort: (j + 1) * 10,
        })),
      );
    }

    await db
      .insert(organisation)
      .values(organisationSeed().map(({ note: _, ...o }, i) => ({ ...o, sort: (i + 1) * 10 })));

    const suppliers = supplierSeed();
    const logos = await writeDemoPictures(
      uploadsDir,
      suppliers.map((s) => ({
        name: `supplier-${s.slug}`,
        svg: supplierLogoSvg({ code: s.code, name: s.name, colour: s.colour }),
      })),
    );
    await db.insert(supplier).values(
      suppliers.map((s, i) => ({
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

/**
 * The payment methods as code-lists.json now has them, for databases loaded before: the methods
 * the shop does not take (wallets, bank transfer, trade accounts) are disabled, so the public
 * dictionary promises only cards and cash cards (as the service pages).
 */
export const paymentMethodsSeed: SeedSet = {
  name: 'reference-payment-methods-v2',
  async run({ db }) {
    const methods = codeListSeed().find((l) => l.code === codes.DICT.paymentMethod);
    if (!methods) return;
    for (const item of itemsOf(methods)) {
      await db
        .update(codeItem)
        .set({ enabled: item.enabled ?? true })
        .where(
          and(
            eq(codeItem.code, item.code),
            inArray(
              codeItem.listId,
              db.select({ id: codeList.id }).from(codeList).where(eq(codeList.code, methods.code)),
            ),
          ),
        );
    }
  },
};
