import { appConfig } from '../lib/app-config.ts';
import { ONLINE_SERVICE_WINDOW, openOnlineService } from '../lib/online-service.ts';
import { HeadsetIcon } from './icons.tsx';

/** docs/routes.md, footer: opens the external support site in a 500x750 popup window. */
export function OnlineServiceLink({ className = '' }: { className?: string }) {
  return (
    <a
      href={appConfig.onlineServiceUrl}
      target={ONLINE_SERVICE_WINDOW}
      rel="noopener noreferrer"
      onClick={(e) => {
        e.preventDefault();
        openOnlineService();
      }}
      className={className}
    >
      <HeadsetIcon size={18} />
      Online service
    </a>
  );
}
