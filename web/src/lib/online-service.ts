import { ONLINE_SERVICE_POPUP } from '@mall/shared/constants';
import { appConfig } from './app-config.ts';

export const ONLINE_SERVICE_WINDOW = 'online-service';

/** The popup features: the spec's 500x750, centred over the shop window. */
export const onlineServiceFeatures = () => {
  const { width, height } = ONLINE_SERVICE_POPUP;
  const left = Math.max(0, Math.round((window.screenX || 0) + ((window.outerWidth || width) - width) / 2));
  const top = Math.max(0, Math.round((window.screenY || 0) + ((window.outerHeight || height) - height) / 2));
  return `width=${width},height=${height},left=${left},top=${top},resizable=yes,scrollbars=yes,noopener,noreferrer`;
};

/** docs/routes.md, footer: the online-service link opens a 500x750 popup on the external support site. */
export const openOnlineService = (url: string = appConfig.onlineServiceUrl) => {
  window.open(url, ONLINE_SERVICE_WINDOW, onlineServiceFeatures());
};
