import { COUPON_CODE_MAX, couponClaimSchema, type Discount } from '@mall/shared/contract/wallet';
import { type FormEvent, useId, useState, useTransition } from 'react';
import { errorMessage, namedField } from '../api/server-errors.ts';
import { claimCoupon } from '../api/wallet-api.ts';
import { discountName, discountRuleWords } from '../lib/discount-words.ts';
import { FieldError, inputClass } from './FormField.tsx';
import { Spinner } from './Spinner.tsx';

/**
 * A box to claim a coupon by its code (POST /api/customer/coupon/claim), on the Coupons page and
 * at checkout: the code is checked as the server checks it, a refusal (unknown, used, expired,
 * already claimed, all given out) shows under the box, and a claim says what the coupon gives.
 */
export function CouponCodeBox({
  onClaimed,
  buttonText = 'Claim',
  successText = (d: Discount) => `${discountName(d)} claimed: ${discountRuleWords(d.rule)}.`,
}: {
  onClaimed: (coupon: Discount) => void;
  buttonText?: string;
  successText?: (coupon: Discount) => string;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // The claim runs as a transition: `pending` holds from the press until the answer is shown.
  const [pending, startClaim] = useTransition();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    setDone(null);
    const parsed = couponClaimSchema.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a coupon code');
      return;
    }
    setError(null);
    startClaim(async () => {
      try {
        const coupon = await claimCoupon(parsed.data.code);
        setCode('');
        setDone(successText(coupon));
        onClaimed(coupon);
      } catch (err) {
        setError(namedField(err, ['code'] as const)?.message ?? errorMessage(err));
      }
    });
  };

  const messageId = `${id}-message`;
  return (
    <form onSubmit={submit} noValidate aria-label="Coupon code" data-coupon-box="">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        Coupon code
      </label>
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          value={code}
          maxLength={COUPON_CODE_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. WELCOME5"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          className={`${inputClass(Boolean(error))} max-w-xs`}
        />
        <button
          type="submit"
          className="btn-secondary h-11 gap-2 px-5"
          disabled={pending}
          aria-busy={pending || undefined}
        >
          {pending ? <Spinner size={16} /> : null}
          {buttonText}
        </button>
      </div>
      {error ? <FieldError id={messageId}>{error}</FieldError> : null}
      <p role="status" className="mt-1.5 text-sm text-brand empty:hidden" data-coupon-claimed="">
        {done ?? ''}
      </p>
    </form>
  );
}
