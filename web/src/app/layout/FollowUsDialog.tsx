import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { QrIcon } from '../../components/icons.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { appConfig } from '../../lib/app-config.ts';
import { COMPANY } from '../../lib/company.ts';

/** Store mode: 'Follow us on WeChat', a button opening a dialog with the chat app's QR code. */
export function FollowUsDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md border border-white/20 px-3.5 py-2 text-sm font-medium text-white transition hover:border-white/50 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <QrIcon size={18} />
        Follow us on WeChat
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Follow us on WeChat"
        width={440}
        height="auto"
      >
        <div className="flex flex-col items-center py-2 text-center">
          <div className="rounded-xl border border-line p-3 shadow-sm">
            <QrCode
              seed={`weixin://${COMPANY.wechatId}`}
              size={208}
              label={`WeChat QR code of ${appConfig.brand}`}
            />
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
