import { COMPANY } from '@mall/shared/company';
import { QrCode } from '../../components/QrCode.tsx';
import { appConfig } from '../../lib/app-config.ts';

/** The follow-us dialog's body: the QR code of the shop's WeChat follow link, its ID and why to follow. */
export function FollowUsContent() {
  return (
    <div className="flex flex-col items-center py-2 text-center">
      <div className="rounded-xl border border-line p-3 shadow-sm">
        <QrCode value={appConfig.wechatFollowUrl} size={208} label={`WeChat QR code of ${appConfig.brand}`} />
      </div>
      <p className="mt-4 text-[15px] font-semibold text-navy">
        WeChat ID: <span className="text-brand">{COMPANY.wechatId}</span>
      </p>
      <p className="mt-1.5 max-w-xs text-sm leading-6 text-muted">
        Scan with WeChat to follow {appConfig.brand} for weekly deals, new arrivals and order updates.
      </p>
    </div>
  );
}
