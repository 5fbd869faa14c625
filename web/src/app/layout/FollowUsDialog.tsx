import { useState } from 'react';
import { Dialog } from '../../components/Dialog.tsx';
import { QrIcon } from '../../components/icons.tsx';
import { followUsPart } from './follow-us-part.ts';

/**
 * Store mode: 'Follow us on WeChat', a button opening a dialog with the QR code of the shop's
 * WeChat follow link (WECHAT_FOLLOW_URL).
 */
export function FollowUsDialog() {
  const [open, setOpen] = useState(false);
  // The dialog's body downloads when the dialog is first asked for (pointer on the button, focus
  // or click); once it has arrived the dialog opens at once.
  const Content = followUsPart.get();
  const preload = () => void followUsPart.preload().catch(() => {});
  const show = () => {
    if (Content) setOpen(true);
    else
      followUsPart.preload().then(
        () => setOpen(true),
        () => {},
      );
  };
  return (
    <>
      <button
        type="button"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
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
        {Content ? <Content /> : null}
      </Dialog>
    </>
  );
}
