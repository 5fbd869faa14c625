import { zodResolver } from '@hookform/resolvers/zod';
import { type CashCard, cashCardAddSchema } from '@mall/shared/contract/wallet';
import { formatPrice } from '@mall/shared/money-format';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { accountKeys } from '../../api/account-queries.ts';
import { ApiError } from '../../api/client.ts';
import { useServerError } from '../../api/server-errors.ts';
import { addCashCard, useCashCards } from '../../api/wallet-api.ts';
import { WalletIcon } from '../../components/account-icons.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../components/FormField.tsx';
import { ChevronDownIcon } from '../../components/icons.tsx';
import { OrderNoLink } from '../../components/OrderNoLink.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate, formatDateTime } from '../../lib/format-date.ts';
import { useTimeLeft } from '../../lib/use-time-left.ts';

/** docs/wallet.md: cash cards. New Zealand law: cards sold from this day are valid at least 3 years. */
export const THREE_YEARS_FROM = '2026-03-16';
export const EXPIRY_NOTE =
  'Cards sold from 16 March 2026 are valid for at least 3 years from the day they were sold.';

const MOVEMENT_LABEL: Record<CashCard['movements'][number]['reason'], string> = {
  issued: 'Money on the card',
  spent: 'Spent on an order',
  refund: 'Refunded',
  cancelled: 'Order cancelled',
  adjustment: 'Adjustment',
};

/** The card number as printed, with spaces or dashes between the groups, is taken as its 16 digits. */
const cashCardFormSchema = z.object({
  cardNo: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(cashCardAddSchema.shape.cardNo),
  secret: cashCardAddSchema.shape.secret,
});
type CashCardForm = z.input<typeof cashCardFormSchema>;

const waitWords = (seconds: number) => {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/** After too many wrong tries: the server's words, and how long until the form opens again. */
function TooManyTries({ message, until }: { message: string; until: string }) {
  const ms = useTimeLeft(until) ?? 0;
  const seconds = Math.ceil(ms / 1000);
  return (
    <FormAlert>
      <span data-retry-message="">{message}</span>
      {seconds > 0 ? (
        <span className="block" data-retry-after="">
          You can try again in {waitWords(seconds)}.
        </span>
      ) : (
        <span className="block">You can try again now.</span>
      )}
    </FormAlert>
  );
}

/** The form that adds a card by its number and secret. */
function AddCardForm() {
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<CashCard | null>(null);
  const [blocked, setBlocked] = useState<{ message: string; until: string } | null>(null);
  const blockedLeft = useTimeLeft(blocked?.until ?? null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CashCardForm>({
    resolver: zodResolver(cashCardFormSchema),
    defaultValues: { cardNo: '', secret: '' },
  });
  const server = useServerError(setError, ['cardNo', 'secret']);

  const onSubmit = handleSubmit(async (values) => {
    server.setFormError(null);
    setAdded(null);
    setBlocked(null);
    try {
      const card = await addCashCard(cashCardAddSchema.parse(values));
      setAdded(card);
      reset();
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
    } catch (err) {
      if (err instanceof ApiError && err.status === 429) {
        const seconds = err.retryAfterSeconds ?? 60;
        setBlocked({ message: err.message, until: new Date(Date.now() + seconds * 1000).toISOString() });
        return;
      }
      server.show(err);
    }
  });

  const waiting = blocked !== null && (blockedLeft ?? 0) > 0;
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="cash-add-title" className="card px-8 py-6">
      <h2 id="cash-add-title" className="text-base font-semibold text-navy">
        Add a cash card
      </h2>
      <p className="mt-1 text-sm text-muted">
        Type the 16-digit card number and the 6-digit secret printed on the card. Its money is yours to spend
        at checkout.
      </p>
      <div className="mt-4 flex flex-col gap-3">
        {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
        {blocked ? <TooManyTries message={blocked.message} until={blocked.until} /> : null}
        {added ? (
          <FormAlert tone="success">
            <span data-card-added="">
              Card ending {added.cardNoLast4} added: {formatPrice(added.balance)} to spend.
            </span>
          </FormAlert>
        ) : null}
      </div>
      <div className="mt-4 grid grid-cols-[minmax(0,1fr)_220px_auto] items-start gap-4">
        <TextField
          label="Card number"
          inputMode="numeric"
          autoComplete="off"
          maxLength={19}
          placeholder="16 digits"
          error={errors.cardNo?.message}
          {...register('cardNo')}
        />
        <PasswordField
          label="Secret"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          placeholder="6 digits"
          error={errors.secret?.message}
          {...register('secret')}
        />
        <SubmitButton pending={isSubmitting} disabled={waiting} className="mt-7 px-6">
          Add card
        </SubmitButton>
      </div>
    </form>
  );
}

const soldUnderLaw = (card: Pick<CashCard, 'soldAt'>) => card.soldAt.slice(0, 10) >= THREE_YEARS_FROM;

function CardMovements({ card }: { card: CashCard }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const count = card.movements.length;
  return (
    <div className="mt-4 border-t border-line pt-3">
      <button
        type="button"
        className="focus-ring inline-flex items-center gap-1 rounded text-sm font-medium text-brand"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Hide movements' : `Show movements (${count})`}
        <ChevronDownIcon size={16} className={`transition ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={id} hidden={!open}>
        {count === 0 ? (
          <p className="mt-2 text-sm text-muted">Nothing has moved on this card yet.</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <caption className="sr-only">Movements of the card ending {card.cardNoLast4}</caption>
            <thead className="text-left text-xs text-muted">
              <tr>
                <th scope="col" className="py-1.5 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  What
                </th>
                <th scope="col" className="py-1.5 font-medium">
                  Order
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Amount
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Balance after
                </th>
              </tr>
            </thead>
            <tbody>
              {card.movements.map((m) => (
                <tr key={`${m.at}-${m.amount}-${m.balanceAfter}`} className="border-t border-line">
                  <td className="py-2 text-muted">
                    <time dateTime={m.at}>{formatDateTime(m.at)}</time>
                  </td>
                  <td className="py-2">{MOVEMENT_LABEL[m.reason]}</td>
                  <td className="py-2">
                    <OrderNoLink order={m.order} />
                  </td>
                  <td
                    className={`py-2 text-right font-medium tabular-nums ${m.amount < 0 ? 'text-accent' : 'text-brand'}`}
                  >
                    {m.amount < 0 ? `−${formatPrice(-m.amount)}` : `+${formatPrice(m.amount)}`}
                  </td>
                  <td className="py-2 text-right tabular-nums">{formatPrice(m.balanceAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

function CardItem({ card }: { card: CashCard }) {
  return (
    <li>
      <article
        aria-label={`Cash card ending ${card.cardNoLast4}`}
        className={`rounded-xl border px-6 py-5 ${card.expired ? 'border-line bg-gray-50' : 'border-brand/30 bg-gradient-to-r from-brand-soft/60 to-white'}`}
        data-cash-card={card.id}
      >
        <div className="flex items-start gap-6">
          <div className="min-w-0 flex-1">
            <p className="flex items-center gap-2 text-base font-semibold text-navy">
              <span className="tabular-nums">•••• {card.cardNoLast4}</span>
              {card.expired ? (
                <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-accent ring-1 ring-accent/20">
                  Expired
                </span>
              ) : null}
            </p>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">Face value</dt>
              <dd className="tabular-nums">{formatPrice(card.faceValue)}</dd>
              <dt className="text-muted">{card.expired ? 'Expired on' : 'Expires'}</dt>
              <dd data-card-expiry="">
                <time dateTime={card.expiresAt}>{formatDate(card.expiresAt)}</time>
                {soldUnderLaw(card) ? (
                  <span className="ml-2 text-xs text-muted">
                    (sold {formatDate(card.soldAt)}: valid at least 3 years)
                  </span>
                ) : null}
              </dd>
            </dl>
          </div>
          <div className="text-right">
            <p className="text-xs text-muted">Balance</p>
            <p
              className={`text-2xl font-semibold tabular-nums ${card.expired ? 'text-muted' : 'text-navy'}`}
              data-card-balance=""
            >
              {formatPrice(card.balance)}
            </p>
          </div>
        </div>
        <CardMovements card={card} />
      </article>
    </li>
  );
}

function CardsSkeleton() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <span className="sr-only">Loading your cash cards…</span>
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-28 w-full rounded-xl" />
      ))}
    </div>
  );
}

/**
 * Cash Ticket (docs/wallet.md: cash cards): the total the member's cards hold, a form to add a
 * card by its number and secret, and each card with its last four digits, face value, balance,
 * expiry (the law's three years noted) and its movements.
 */
export function CashCardsView() {
  const cards = useCashCards();
  const data = cards.data;
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="cash-total" className="card flex items-center gap-5 px-8 py-6">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
          <WalletIcon size={28} />
        </span>
        <div>
          <h2 id="cash-total" className="text-sm text-muted">
            Cash card balance
          </h2>
          {data ? (
            <p className="text-3xl font-semibold text-navy tabular-nums" data-cash-balance="">
              {formatPrice(data.balance)}
            </p>
          ) : (
            <Skeleton className="mt-1 h-8 w-28" />
          )}
        </div>
        <p className="ml-auto max-w-sm text-sm leading-6 text-muted">
          At checkout your cards pay first what they can, the card that expires first first.
        </p>
      </section>
      <AddCardForm />
      <section aria-labelledby="cash-cards-title" className="card px-8 py-6">
        <h2 id="cash-cards-title" className="text-base font-semibold text-navy">
          Your cash cards
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted" data-expiry-note="">
          {EXPIRY_NOTE}
        </p>
        {cards.isError && !data ? (
          <LoadFailed
            title="Your cash cards could not be loaded"
            retrying={cards.isFetching}
            onRetry={() => void cards.refetch()}
          />
        ) : !data ? (
          <CardsSkeleton />
        ) : data.records.length === 0 ? (
          <EmptyState
            compact
            icon={<WalletIcon size={22} />}
            title="No cash cards yet"
            description="Add a card above with its number and secret."
          />
        ) : (
          <ul className="flex flex-col gap-4">
            {data.records.map((card) => (
              <CardItem key={card.id} card={card} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
