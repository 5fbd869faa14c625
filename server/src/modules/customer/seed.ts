import { hashPassword } from '../../lib/passwords.ts';
import type { SeedSet } from '../../seed/run-seeds.ts';
import { member } from './tables.ts';

/** The demo password of both demo members (README, "Demo accounts"). */
export const DEMO_PASSWORD = 'kauri-demo-1';

export const DEMO_RETAIL = {
  email: 'aroha@example.co.nz',
  phone: '0211234567',
  userName: 'Aroha',
} as const;

export const DEMO_WHOLESALE = {
  email: 'orders@tui-trading.co.nz',
  phone: '0277654321',
  userName: 'Mere Tui',
  companyTradingName: 'Tui Trading',
  companyNumber: '8123456',
  /** 13 digits with a valid GS1 check digit. */
  nzbn: '9429046123459',
} as const;

/** Two demo members to sign in with: a VIP retail member and a wholesale member. */
export const accountsDemoSeed: SeedSet = {
  name: 'accounts-v1',
  async run({ db }) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    await db.insert(member).values([
      {
        kind: 'retail',
        email: DEMO_RETAIL.email,
        phone: DEMO_RETAIL.phone,
        passwordHash,
        userName: DEMO_RETAIL.userName,
        driverLicence: 'DL123456',
        address: '12 Pōhutukawa Avenue, Ponsonby, Auckland 1011',
        cardNo: 'KM-VIP-000123',
        vip: true,
      },
      {
        kind: 'wholesale',
        email: DEMO_WHOLESALE.email,
        phone: DEMO_WHOLESALE.phone,
        passwordHash,
        userName: DEMO_WHOLESALE.userName,
        address: 'Unit 4, 88 Great South Road, Penrose, Auckland 1061',
        companyTradingName: DEMO_WHOLESALE.companyTradingName,
        companyNumber: DEMO_WHOLESALE.companyNumber,
        nzbn: DEMO_WHOLESALE.nzbn,
      },
    ]);
  },
};
