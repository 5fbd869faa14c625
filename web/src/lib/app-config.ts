import { APP_CONFIG_META, type AppConfig, readAppConfig } from '@mall/shared/app-config';

/** The runtime configuration the server put in index.html (defaults when absent, as in tests). */
export const appConfig: AppConfig = readAppConfig(
  document.querySelector<HTMLMetaElement>(`meta[name="${APP_CONFIG_META}"]`)?.content,
);
export const isStoreMode = appConfig.mode === 'store';
