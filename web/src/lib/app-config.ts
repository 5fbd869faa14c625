import {
  APP_CONFIG_META,
  type AppConfig,
  DEFAULT_POINTS_EARN_PER_DOLLAR,
  readAppConfig,
} from '@mall/shared/app-config';

/** The runtime configuration the server put in index.html (defaults when absent, as in tests). */
export const appConfig: AppConfig = readAppConfig(
  document.querySelector<HTMLMetaElement>(`meta[name="${APP_CONFIG_META}"]`)?.content,
);
export const isStoreMode = appConfig.mode === 'store';

/** Points earned per whole dollar of goods paid (docs/wallet.md: points). */
export const pointsEarnPerDollar = appConfig.pointsEarnPerDollar ?? DEFAULT_POINTS_EARN_PER_DOLLAR;

/** The points a price earns: its whole dollars times the rate. */
export const pointsForPrice = (price: number, rate = pointsEarnPerDollar) => Math.floor(price) * rate;
