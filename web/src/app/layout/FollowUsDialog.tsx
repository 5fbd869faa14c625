import { type ComponentType, useState } from 'react';
import { appConfig } from '../../app/app-config.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { QrIcon } from '../../components/icons.tsx';
import type { QrCode } from '../../components/QrCode.tsx';
import { COMPANY } from '../../features/layout/company.ts';

// The QR code and its encoder download when the dialog is first asked for (pointer on the
// button, focus or click): a first visit does not pay for them. Once loaded the dialog opens
// at once.
let LoadedQrCode: ComponentType<Parameters<typeof QrCode>[0]> | null = null;
export const preloadQrCode = () =>
  import('../../components/QrCode.tsx').then((m) => {
    LoadedQrCode = m.QrCode;
  });

/**
 * Store mode: 'Follow us on WeChat', a button opening a dialog with the QR code of the shop's
 * WeChat follow link (WECHAT_FOLLOW_URL).
 */
export function FollowUsDialog() {
  const [open, setOpen] = useState(false);
  const show = () => {
    if (LoadedQrCode) setOpen(true);
    else void preloadQrCode().then(() => setOpen(true));
  };
  return (
    <>
      <button
        type="button"
        onClick={show}
        onPointerEnter={() => void preloadQrCode()}
        onFocus={() => void preloadQrCode()}
        className="inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md border border-white/20 px-3.5 py-2 text-sm font-medium text-white transition hover:border-white/50 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <QrIcon size={18} />
        Follow us on WeChat
      </button>
      <Dialog
        open={open && LoadedQrCode !== null}
        onClose={() => setOpen(false)}
        title="Follow us on WeChat"
        width={440}
        height="auto"
      >
        <div className="flex flex-col items-center py-2 text-center">
          <div className="rounded-xl border border-line p-3 shadow-sm">
            {LoadedQrCode ? (
              <LoadedQrCode
                value={appConfig.wechatFollowUrl}
                size={208}
                label={`WeChat QR code of ${appConfig.brand}`}
              />
            ) : null}
          </div>
          <p className="mt-4 text-[15px] font-semibold text-navy">
            WeChat ID: <span className="text-brand">{COMPANY.wechatId}</span>
          </p>
          <p className="mt-1.5 max-w-xs text-sm leading-6 text-muted">
            Scan with WeChat to follow {appConfig.brand} for weekly deals, new arrivals and order updates.
          </p>
        </div>
      </Dialog>
    </>
  );
}
