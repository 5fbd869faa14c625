import type { SeedSet } from './db/run-seeds.ts';
import { catalogueDemoSeed } from './modules/catalogue/index.ts';
import { clubSeed } from './modules/club/index.ts';
import { contentSeed, pageTextSeed } from './modules/content/index.ts';
import { accountsDemoSeed } from './modules/customer/index.ts';
import { paymentMethodsSeed, referenceSeed } from './modules/reference/index.ts';
import { searchDemoSeed } from './modules/search/index.ts';
import { walletDemoSeed } from './modules/wallet/index.ts';

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
