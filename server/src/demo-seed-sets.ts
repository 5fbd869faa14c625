import { catalogueDemoSeed } from './modules/catalogue/seed.ts';
import { clubSeed } from './modules/club/seed.ts';
import { contentSeed, pageTextSeed } from './modules/content/seed.ts';
import { accountsDemoSeed } from './modules/customer/seed.ts';
import { paymentMethodsSeed, referenceSeed } from './modules/reference/seed.ts';
import { searchDemoSeed } from './modules/search/seed.ts';
import { walletDemoSeed } from './modules/wallet/seed.ts';
import type { SeedSet } from './seed/run-seeds.ts';

/** The demo data sets, in load order. Each module adds its own. */
export const demoSeedSets: SeedSet[] = [
  referenceSeed,
  paymentMethodsSeed,
  contentSeed,
  pageTextSeed,
  catalogueDemoSeed,
  searchDemoSeed,
  accountsDemoSeed,
  clubSeed,
  walletDemoSeed,
];
