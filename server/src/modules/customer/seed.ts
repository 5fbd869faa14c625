import { isNzbn } from '@mall/shared/validation';
import { z } from 'zod';
import { readSeedData } from '../../../seed/data-files.ts';
import type { SeedSet } from '../../db/run-seeds.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { member } from './tables.ts';

const memberHead = {
  email: z.email(),
  phone: z.string().regex(/^[0-9]+$/),
  userName: z.string().min(1),
  address: z.string().min(1),
};
/** server/seed/members.json; read when the module loads, for the constants below. */
const demoMembers = readSeedData(
  'members.json',
  z.strictObject({
    password: z.string().min(8),
    members: z.tuple([
      z.strictObject({
        kind: z.literal('retail'),
        ...memberHead,
        driverLicence: z.string().min(1),
        cardNo: z.string().min(1),
        vip: z.boolean(),
      }),
      z.strictObject({
        kind: z.literal('wholesale'),
        ...memberHead,
        companyTradingName: z.string().min(1),
        companyNumber: z.string().min(1),
        nzbn: z.string().refine(isNzbn, { message: 'not an NZBN (13 digits with a valid GS1 check digit)' }),
      }),
    ]),
  }),
);

/** The demo password of both demo members (README, "Demo accounts"). */
export const DEMO_PASSWORD = demoMembers.password;
export const [DEMO_RETAIL, DEMO_WHOLESALE] = demoMembers.members;

/** Two demo members to sign in with: a VIP retail member and a wholesale member. */
export const accountsDemoSeed: SeedSet = {
  name: 'accounts-v1',
  members: true,
  async run({ db }) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.insert(member).values(demoMembers.members.map((m) => ({ ...m, passwordHash })));
  },
};
