import { CODE_RESEND_SECONDS, type CodePurpose, type SendCodeResult } from '@mall/shared/contract/account';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/Spinner.tsx';
import { sendCode } from './account-api.ts';

interface SendCodeButtonProps {
  purpose: CodePurpose;
  /** The e-mail or phone to send to, after checking its field; null when the field is not valid. */
  getTarget: () => Promise<string | null> | string | null;
  onSent?: (target: string, result: SendCodeResult | null) => void;
  /** A refusal of the send: the failed call (its message and the fields it names). */
  onError?: (err: unknown) => void;
  disabled?: boolean;
}

/**
 * "Send code": sends a 4-digit verification code (PATCH /api/sys/message/send/code/{target}) and
 * then counts down 60 s (CODE_RESEND_SECONDS, or what the server says) before another may be sent.
 */
export function SendCodeButton({
  purpose,
  getTarget,
  onSent,
  onError,
  disabled = false,
}: SendCodeButtonProps) {
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const left = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  const counting = left > 0;

  const send = async () => {
    // A disabled button is not clicked in a browser; a click dispatched to it anyway sends nothing.
    if (disabled || sending || counting) return;
    const target = await getTarget();
    if (!target) return;
    setSending(true);
    try {
      const result = await sendCode(target, purpose);
      const wait = result && result.resendAfterSeconds > 0 ? result.resendAfterSeconds : CODE_RESEND_SECONDS;
      const start = Date.now();
      setNow(start);
      setUntil(start + wait * 1000);
      setSentOnce(true);
      onSent?.(target, result);
    } catch (err) {
      onError?.(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      onClick={() => void send()}
      disabled={disabled || sending || counting}
      aria-live="off"
      className="btn-secondary h-11 min-w-36 shrink-0 gap-2 whitespace-nowrap tabular-nums disabled:cursor-not-allowed disabled:border-line disabled:bg-gray-50 disabled:text-muted disabled:hover:text-muted"
    >
      {sending ? (
        <>
          <Spinner size={16} />
          Sending...
        </>
      ) : counting ? (
        `Resend in ${left}s`
      ) : sentOnce ? (
        'Resend code'
      ) : (
        'Send code'
      )}
    </button>
  );
}

/** The hint under the code field once a code is on its way. */
export const codeSentHint = (target: string, result: SendCodeResult | null) => {
  const minutes = result ? Math.round(result.expiresInSeconds / 60) : 10;
  return `We sent a 4-digit code to ${target}. It is valid for ${minutes} minutes.`;
};
