import { toCents } from '@mall/shared/money';
import { z } from 'zod';
import { seedNote as note, seedData } from '../../../seed/data-files.ts';
import type { SeedSet } from '../../db/run-seeds.ts';
import { clubPlan } from './tables.ts';

/** server/seed/club-plans.json: the plans of the one club, in display order. */
const planSeed = seedData(
  'club-plans.json',
  z.strictObject({
    note,
    plans: z
      .array(
        z.strictObject({
          name: z.string().min(1),
          months: z.number().int().min(1).max(60),
          /** NZD, GST-inclusive, whole cents. */
          price: z
            .number()
            .positive()
            .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
              message: 'has at most two decimals',
            }),
          note,
        }),
      )
      .min(1),
  }),
);

/** The club's plans (docs/wallet.md: club membership). */
export const clubSeed: SeedSet = {
  name: 'club-plans-v1',
  async run({ db }) {
    await db.insert(clubPlan).values(
      planSeed().plans.map((p, i) => ({
        name: p.name,
        months: p.months,
        priceCents: toCents(p.price),
        sort: (i + 1) * 10,
      })),
    );
  },
};
