import { lineAmount, minimumOrderMessage, orderTotals, shippingRuleFor } from '@mall/shared/checkout-rules';
import type { MemberKind } from '@mall/shared/contract/account';
import type { Address } from '@mall/shared/contract/address';
import type { CartItem } from '@mall/shared/contract/cart';
import { formatPrice } from '@mall/shared/money-format';
import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { accountKeys } from '../../api/account-queries.ts';
import { ApiError } from '../../api/client.ts';
import { errorMessage, namedField } from '../../api/server-errors.ts';
import type { AddressChoiceSlot } from '../../components/address-choice-slot.ts';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/FormField.tsx';
import { GoodsSummaryRow } from '../../components/GoodsSummaryRow.tsx';
import { CartIcon, StoreIcon, TruckIcon } from '../../components/icons.tsx';
import { LinesSkeleton } from '../../components/Skeleton.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { CART_PATH, payUrl } from '../../lib/routes.ts';
import { groupBySupplier } from '../../lib/supplier-groups.ts';
import { cartPhase } from '../../state/cart/current-cart.ts';
import { loadCart } from '../../state/cart/member-cart.ts';
import { useCart } from '../../state/cart/use-cart.ts';
import { useSession } from '../../state/session-store.ts';
import { attemptFingerprint, useAttemptKey } from './attempt-key.ts';
import { submitOrder, useShippingRules } from './checkout-api.ts';

export const REMARK_MAX = 200;
export const RETRY_SAFE =
  'Your order may not have been placed. Trying again is safe: it will not place a second order.';

interface SubmitErrors {
  form?: string;
  address?: string;
  remark?: string;
}

/** The lines bought, by supplier: thumbnail, name, options, price x count, line amount. */
function CheckoutLines({ items }: { items: readonly CartItem[] }) {
  return (
    <section className="card overflow-hidden" aria-labelledby="checkout-items-heading">
      <h2 id="checkout-items-heading" className="px-6 pt-5 pb-3 text-base font-semibold text-navy">
        Items
      </h2>
      {groupBySupplier(items).map((group) => (
        <section
          key={group.supplierId}
          data-supplier-group={group.supplierId}
          aria-label={group.supplierName}
        >
          <header className="flex items-center gap-2 border-y border-line bg-gray-50 px-6 py-2.5">
            <StoreIcon size={16} className="text-brand" />
            <h3 className="text-sm font-semibold text-navy">{group.supplierName}</h3>
          </header>
          <ul>
            {group.items.map((item) => (
              <GoodsSummaryRow
                key={item.id}
                look="checkout"
                rowData={{ 'data-checkout-line': item.id }}
                goods={item}
                detail={item.skuLabel}
                price={item.price}
                count={item.count}
                amount={lineAmount(item)}
              />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function SummaryRow({ label, value, data }: { label: string; value: ReactNode; data: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 text-sm">
      <dt className="text-muted">{label}</dt>
      <dd className="text-ink tabular-nums" {...{ [`data-checkout-${data}`]: '' }}>
        {value}
      </dd>
    </div>
  );
}

export interface CheckoutViewProps {
  /** The member's addresses (the address feature's query, read by the page). */
  addresses: UseQueryResult<Address[]>;
  /** Where the order goes: renders the address feature's chooser. */
  addressChoice: (slot: AddressChoiceSlot) => ReactNode;
}

/**
 * Checkout (docs/orders.md: checkout): the checked cart lines by supplier, the delivery address,
 * standard courier, the totals (checkout-rules: goods, shipping by island and member kind, GST,
 * the wholesale minimum), a remark, and Place order. The order is submitted with one
 * Idempotency-Key per attempt; on success the bought lines leave the cart and the member goes
 * to pay.
 */
export function CheckoutView({ addresses, addressChoice }: CheckoutViewProps) {
  const cart = useCart();
  const kind: MemberKind = useSession((s) => s.member?.kind) ?? 'retail';
  const rules = useShippingRules();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const keyFor = useAttemptKey();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<SubmitErrors>({});
  const [pending, setPending] = useState(false);
  const busy = useRef(false);

  // The cart as the server has it now (prices, stock), not as it was when the cart page opened.
  useEffect(() => {
    void loadCart();
  }, []);

  const phase = cartPhase(cart);
  if (phase === 'failed')
    return (
      <LoadFailed title="Your cart could not be loaded" retrying={false} onRetry={() => void loadCart()} />
    );
  if (phase === 'loading') return <LinesSkeleton picture="size-16 rounded-lg" end="h-4 w-28" />;

  const lines = cart.items.filter((i) => i.checked);
  if (lines.length === 0)
    return (
      <div className="card">
        <EmptyState
          icon={<CartIcon size={28} />}
          title="Nothing to check out"
          description="Tick the items you want to buy in your shopping cart, then come back to check out."
          action={
            <Link to={CART_PATH} className="btn-primary">
              Back to the cart
            </Link>
          }
        />
      </div>
    );

  const list = addresses.data;
  const address = list?.find((a) => a.id === chosenId) ?? list?.find((a) => a.isDefault) ?? list?.[0] ?? null;
  const totals = address && rules.data ? orderTotals(lines, rules.data, address.island, kind) : null;
  const goods = orderTotals(lines, [], 'north', 'retail').goods;
  const rule = address && rules.data ? shippingRuleFor(rules.data, address.island, kind) : null;
  const belowMinimum = totals !== null && totals.minimum !== null && totals.missing > 0;
  const count = lines.reduce((n, l) => n + l.count, 0);
  const ready = address !== null && totals !== null && !belowMinimum;

  const showError = (err: unknown) => {
    const message = errorMessage(err);
    const named = namedField(err, ['addressId', 'remark'] as const);
    if (named?.field === 'addressId') setErrors({ address: named.message });
    else if (named?.field === 'remark') setErrors({ remark: named.message });
    else if (err instanceof ApiError && err.status === 0) setErrors({ form: `${message} ${RETRY_SAFE}` });
    else setErrors({ form: message });
    // A refusal about stock or limits: show the cart as it stands now.
    if (err instanceof ApiError && err.status === 409) void loadCart();
  };

  const placeOrder = async () => {
    if (busy.current || !ready || !address) return;
    busy.current = true;
    setPending(true);
    setErrors({});
    const note = remark.trim();
    const key = keyFor(attemptFingerprint(lines, address.id));
    try {
      const order = await submitOrder(
        { cartItemIds: lines.map((l) => l.id), addressId: address.id, ...(note ? { remark: note } : {}) },
        key,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void loadCart();
      navigate(payUrl(order.id));
    } catch (err) {
      showError(err);
      busy.current = false;
      setPending(false);
    }
  };

  let shippingText: string;
  if (!address) shippingText = 'Choose an address';
  else if (rules.isPending) shippingText = '…';
  else if (!totals) shippingText = 'Unavailable';
  else shippingText = totals.shipping === 0 ? 'Free' : formatPrice(totals.shipping);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)_360px] items-start gap-5" data-checkout="">
      <div className="min-w-0 space-y-5">
        {addressChoice({
          addresses: list,
          loading: addresses.isPending,
          failed: addresses.isError,
          onRetry: () => void addresses.refetch(),
          chosen: address,
          onChoose: (id) => {
            setChosenId(id);
            setErrors((e) => ({ ...e, address: undefined }));
          },
          error: errors.address,
        })}
        <section className="card px-6 py-5" aria-labelledby="checkout-delivery-heading">
          <h2 id="checkout-delivery-heading" className="mb-4 text-base font-semibold text-navy">
            Delivery
          </h2>
          <label className="flex items-center gap-3 rounded-lg border border-brand bg-brand-soft/40 p-4 ring-1 ring-brand">
            <input type="radio" name="checkout-delivery" checked readOnly className="size-4 accent-brand" />
            <TruckIcon size={20} className="text-brand" />
            <span className="flex-1 text-sm">
              <span className="block font-medium text-ink">Standard courier</span>
              <span className="block text-muted">
                Tracked delivery across New Zealand
                {rule?.freeFrom != null ? `; free from ${formatPrice(rule.freeFrom)} of goods` : ''}
              </span>
            </span>
            <span className="text-sm font-medium text-ink tabular-nums">{shippingText}</span>
          </label>
        </section>
        <CheckoutLines items={lines} />
        <section className="card px-6 py-5">
          <label htmlFor="checkout-remark" className="mb-2 block text-base font-semibold text-navy">
            Order remark <span className="text-sm font-normal text-muted">(optional)</span>
          </label>
          <textarea
            id="checkout-remark"
            value={remark}
            maxLength={REMARK_MAX}
            rows={3}
            placeholder="Anything the supplier or courier should know, e.g. leave at the back door"
            aria-invalid={errors.remark ? true : undefined}
            aria-describedby="checkout-remark-message"
            onChange={(e) => setRemark(e.target.value)}
            className={`w-full resize-none rounded-lg border bg-white px-3.5 py-2.5 text-[15px] text-ink placeholder:text-gray-400 focus:outline-none focus:ring-3 ${errors.remark ? 'border-accent focus:ring-accent/15' : 'border-gray-300 focus:border-brand focus:ring-brand/15'}`}
          />
          <p
            id="checkout-remark-message"
            className={`mt-1 flex justify-between text-xs ${errors.remark ? 'text-accent' : 'text-muted'}`}
          >
            <span data-error={errors.remark ? '' : undefined}>{errors.remark ?? ''}</span>
            <span className="tabular-nums">
              {remark.length}/{REMARK_MAX}
            </span>
          </p>
        </section>
      </div>
      <aside className="card sticky top-4 px-6 py-5" aria-labelledby="checkout-summary-heading">
        <h2 id="checkout-summary-heading" className="mb-4 text-base font-semibold text-navy">
          Order summary
        </h2>
        <dl className="space-y-2.5">
          <SummaryRow
            label={`Goods (${count} ${count === 1 ? 'item' : 'items'})`}
            value={formatPrice(totals?.goods ?? goods)}
            data="goods"
          />
          <SummaryRow label="Shipping" value={shippingText} data="shipping" />
        </dl>
        <div className="mt-4 border-t border-line pt-4">
          <div className="flex items-baseline justify-between gap-4">
            <p className="text-sm font-medium text-ink">Total to pay</p>
            <p className="text-2xl font-semibold text-accent tabular-nums" data-checkout-total="">
              {totals ? formatPrice(totals.total) : '—'}
            </p>
          </div>
          {totals ? (
            <p className="mt-1 text-right text-xs text-muted" data-checkout-gst="">
              Includes GST of {formatPrice(totals.gst)}
            </p>
          ) : null}
        </div>
        {rules.isError ? (
          <FormAlert className="mt-4">
            Shipping fees could not be loaded.{' '}
            <button type="button" className="link font-medium" onClick={() => void rules.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : null}
        {belowMinimum && address && totals?.minimum != null ? (
          <FormAlert className="mt-4">
            {minimumOrderMessage(address.island, totals.minimum, totals.missing)}
          </FormAlert>
        ) : null}
        {errors.form ? (
          <FormAlert className="mt-4">
            <span data-submit-error="">{errors.form}</span>
          </FormAlert>
        ) : null}
        <button
          type="button"
          className="btn-primary mt-5 h-12 w-full gap-2 text-[15px] disabled:cursor-not-allowed"
          disabled={!ready || pending}
          aria-busy={pending || undefined}
          onClick={() => void placeOrder()}
        >
          {pending ? (
            <>
              <Spinner size={18} />
              Processing......
            </>
          ) : (
            'Place order'
          )}
        </button>
        {!address && list && list.length === 0 ? (
          <p className="mt-2 text-center text-xs text-muted">Add a delivery address to place your order.</p>
        ) : null}
        <Link to={CART_PATH} className="link mt-3 block text-center text-sm">
          Back to the cart
        </Link>
      </aside>
    </div>
  );
}
