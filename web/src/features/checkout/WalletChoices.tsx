import type { Discount, OrderQuote } from '@mall/shared/contract/wallet';
import { formatAmount, formatCount, formatPrice } from '@mall/shared/money-format';
import { type ReactNode, useId } from 'react';
import { CouponCodeBox } from '../../components/CouponCodeBox.tsx';
import { FieldError, inputClass } from '../../components/FormField.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { discountName, discountRuleWords, discountValidWords } from '../../lib/discount-words.ts';
import { cardsDefault, pointsUsable, type WalletChoice, type WalletErrors } from './wallet-choice.ts';

function DiscountChoice({
  discounts,
  chosen,
  refusal,
  onChoose,
}: {
  discounts: readonly Discount[];
  chosen: number | null;
  refusal: string | null;
  onChoose: (id: number | null) => void;
}) {
  const id = useId();
  const refusalId = `${id}-refusal`;
  const option = (value: number | null, title: string, words?: string, dates?: string) => {
    const checked = chosen === value;
    return (
      <label
        key={value ?? 'none'}
        className={`flex cursor-pointer items-start gap-3 rounded-lg border px-4 py-3 transition ${checked ? 'border-brand bg-brand-soft/40 ring-1 ring-brand' : 'border-line hover:border-brand/40'}`}
      >
        <input
          type="radio"
          name={`${id}-discount`}
          className="mt-0.5 size-4 accent-brand"
          checked={checked}
          aria-describedby={checked && refusal ? refusalId : undefined}
          onChange={() => onChoose(value)}
        />
        <span className="min-w-0 flex-1 text-sm">
          <span className="block font-medium text-ink">{title}</span>
          {words ? <span className="block text-muted">{words}</span> : null}
          {dates ? <span className="block text-xs text-muted">{dates}</span> : null}
          {checked && refusal ? (
            <span id={refusalId} className="mt-1 block text-[13px] text-accent" data-discount-refusal="">
              {refusal}
            </span>
          ) : null}
        </span>
      </label>
    );
  };
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">
        Discount <span className="font-normal text-muted">(one per order)</span>
      </legend>
      <div className="flex flex-col gap-2">
        {option(null, 'No discount')}
        {discounts.map((d) =>
          option(d.id, discountName(d), discountRuleWords(d.rule), discountValidWords(d.rule)),
        )}
      </div>
    </fieldset>
  );
}

function PointsChoice({
  quote,
  value,
  error,
  onChange,
}: {
  quote: OrderQuote;
  value: string;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  const id = useId();
  const most = pointsUsable(quote);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        Points to use
      </label>
      <div className="flex items-center gap-2.5">
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={0}
          max={most}
          step={1}
          value={value}
          placeholder="0"
          disabled={most === 0}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass(Boolean(error))} max-w-40`}
        />
        <button
          type="button"
          className="btn-secondary h-11 px-4"
          disabled={most === 0}
          onClick={() => onChange(String(most))}
        >
          Use all
        </button>
      </div>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
      <p id={hintId} className="mt-1.5 text-xs text-muted" data-points-hint="">
        You have {formatCount(quote.pointsBalance)} points
        {most > 0
          ? `; this order takes up to ${formatCount(most)} (${formatPrice((most * Math.round(quote.pointValue * 100)) / 100)})`
          : quote.pointsBalance > 0
            ? '; this order cannot take points'
            : ''}
        .
      </p>
    </div>
  );
}

function CardsChoice({
  quote,
  useCards,
  amount,
  error,
  onUse,
  onAmount,
}: {
  quote: OrderQuote;
  useCards: boolean;
  amount: string | null;
  error: string | undefined;
  onUse: (use: boolean) => void;
  onAmount: (amount: string) => void;
}) {
  const id = useId();
  const none = quote.cardBalance <= 0;
  const errorId = `${id}-error`;
  return (
    <div>
      <label className="flex items-center gap-2.5 text-sm font-medium text-ink">
        <input
          type="checkbox"
          className="size-4 accent-brand"
          checked={useCards}
          disabled={none}
          onChange={(e) => onUse(e.target.checked)}
        />
        Pay with my cash cards
        <span className="font-normal text-muted" data-card-balance-hint="">
          {none ? '(you have no card money)' : `(they hold ${formatPrice(quote.cardBalance)})`}
        </span>
      </label>
      {useCards ? (
        <div className="mt-2 ml-6.5">
          <label htmlFor={id} className="mb-1.5 block text-sm text-ink">
            Amount from cash cards
          </label>
          <div className="relative max-w-40">
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-muted">
              $
            </span>
            <input
              id={id}
              inputMode="decimal"
              value={amount ?? formatAmount(cardsDefault(quote)).replaceAll(',', '')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => onAmount(e.target.value)}
              className={`${inputClass(Boolean(error))} pl-7`}
            />
          </div>
          {error ? <FieldError id={errorId}>{error}</FieldError> : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The wallet at checkout: one discount (the member's usable ones, or a code claimed here and
 * chosen at once), points up to what the order takes, and cash card money. The amounts they make
 * come from the server's quote, shown in the order summary.
 */
export function WalletChoices({
  quote,
  failed,
  onRetry,
  choice,
  errors,
  claimed,
  onChange,
  onClaimed,
}: {
  quote: OrderQuote | null;
  failed: boolean;
  onRetry: () => void;
  choice: WalletChoice;
  errors: WalletErrors;
  /** Coupons claimed on this page, until the quote lists them. */
  claimed: readonly Discount[];
  onChange: (choice: WalletChoice) => void;
  onClaimed: (coupon: Discount) => void;
}) {
  let body: ReactNode;
  if (!quote && failed)
    body = (
      <p className="text-sm text-muted" data-wallet-failed="">
        Your wallet could not be loaded.{' '}
        <button type="button" className="link font-medium" onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  else if (!quote)
    body = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <span className="sr-only">Loading your wallet…</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-11 w-64" />
      </div>
    );
  else {
    const listed = new Set(quote.discounts.map((d) => d.id));
    const discounts = [...quote.discounts, ...claimed.filter((c) => !listed.has(c.id))];
    body = (
      <div className="flex flex-col gap-5">
        <DiscountChoice
          discounts={discounts}
          chosen={choice.discountId}
          refusal={quote.discountRefusal}
          onChoose={(discountId) => onChange({ ...choice, discountId })}
        />
        <CouponCodeBox
          buttonText="Apply"
          successText={(c) => `${discountName(c)} applied: ${discountRuleWords(c.rule)}.`}
          onClaimed={onClaimed}
        />
        <PointsChoice
          quote={quote}
          value={choice.points}
          error={errors.points}
          onChange={(points) => onChange({ ...choice, points })}
        />
        <CardsChoice
          quote={quote}
          useCards={choice.useCards}
          amount={choice.cardAmount}
          error={errors.cardAmount}
          onUse={(useCards) => onChange({ ...choice, useCards, cardAmount: null })}
          onAmount={(cardAmount) => onChange({ ...choice, cardAmount })}
        />
      </div>
    );
  }
  return (
    <section className="card px-6 py-5" aria-labelledby="checkout-wallet-heading" data-checkout-wallet="">
      <h2 id="checkout-wallet-heading" className="mb-4 text-base font-semibold text-navy">
        My wallet
      </h2>
      {body}
    </section>
  );
}
