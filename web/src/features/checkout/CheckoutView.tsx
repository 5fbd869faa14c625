import { minimumOrderMessage, orderTotals, shippingRuleFor } from '@mall/shared/checkout-rules';
import { ORDER_STATUS } from '@mall/shared/codes';
import type { MemberKind } from '@mall/shared/contract/account';
import type { Address } from '@mall/shared/contract/address';
import type { Discount, OrderQuote } from '@mall/shared/contract/wallet';
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
import { CartIcon } from '../../components/icons.tsx';
import { LinesSkeleton } from '../../components/Skeleton.tsx';
import { CART_PATH, payNoticeUrl, payUrl } from '../../lib/routes.ts';
import { cartPhase } from '../../state/cart/current-cart.ts';
import { loadCart } from '../../state/cart/member-cart.ts';
import { useCart } from '../../state/cart/use-cart.ts';
import { useSession } from '../../state/session-store.ts';
import { attemptFingerprint, useAttemptKey } from './attempt-key.ts';
import {
  CheckoutLines,
  DeliverySection,
  PlaceOrderButton,
  RemarkSection,
  SummaryAmounts,
} from './CheckoutParts.tsx';
import { submitOrder, useShippingRules } from './checkout-api.ts';
import { useOrderQuote } from './use-order-quote.ts';
import { WalletChoices } from './WalletChoices.tsx';
import { NO_WALLET, usesWallet, type WalletChoice, walletFingerprint, walletUseOf } from './wallet-choice.ts';

export const RETRY_SAFE =
  'Your order may not have been placed. Trying again is safe: it will not place a second order.';

interface SubmitErrors {
  form?: string;
  address?: string;
  remark?: string;
  points?: string;
  cardAmount?: string;
  discount?: string;
}

export { PAY_FROM_WALLET } from './CheckoutParts.tsx';

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
  const [wallet, setWallet] = useState<WalletChoice>(NO_WALLET);
  const [claimed, setClaimed] = useState<Discount[]>([]);
  const busy = useRef(false);

  // The cart as the server has it now (prices, stock), not as it was when the cart page opened.
  useEffect(() => {
    void loadCart();
  }, []);

  const lines = cart.items.filter((i) => i.checked);
  const list = addresses.data;
  const address = list?.find((a) => a.id === chosenId) ?? list?.find((a) => a.isDefault) ?? list?.[0] ?? null;

  // The wallet's part is measured against the latest quote (its limits: points, card money), and
  // the next quote is asked for with it: the quote answered last is kept here to break the circle.
  const [lastQuote, setLastQuote] = useState<OrderQuote | null>(null);
  const { use, errors: walletErrors } = walletUseOf(wallet, lastQuote);
  const orderKey = address ? `${attemptFingerprint(lines, address.id)}|${walletFingerprint(use)}` : '';
  const quoteRequest =
    address && lines.length > 0
      ? { cartItemIds: lines.map((l) => l.id), addressId: address.id, ...use }
      : null;
  const quote = useOrderQuote(quoteRequest, orderKey);
  useEffect(() => {
    if (quote.data) setLastQuote(quote.data);
  }, [quote.data]);
  const phase = cartPhase(cart);
  if (phase === 'failed')
    return (
      <LoadFailed title="Your cart could not be loaded" retrying={false} onRetry={() => void loadCart()} />
    );
  if (phase === 'loading') return <LinesSkeleton picture="size-16 rounded-lg" end="h-4 w-28" />;

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

  const totals = address && rules.data ? orderTotals(lines, rules.data, address.island, kind) : null;
  const goods = orderTotals(lines, [], 'north', 'retail').goods;
  const rule = address && rules.data ? shippingRuleFor(rules.data, address.island, kind) : null;
  // The amounts on screen are the quote's while it answers these choices; without a quote (it
  // could not be had) and without wallet choices, the shop's own totals stand in.
  const current = quote.data !== null && quote.key === orderKey ? quote.data : null;
  // While the next quote is on its way the last one stays on screen, marked busy.
  const q = quote.data;
  const stale = q !== null && current === null;
  const chosen = usesWallet(use);
  const walletProblem = Boolean(walletErrors.points || walletErrors.cardAmount);
  const minimum = q ? q.minimum : (totals?.minimum ?? null);
  const missing = q ? q.missing : (totals?.missing ?? 0);
  const belowMinimum = (q !== null || totals !== null) && minimum !== null && missing > 0;
  const count = lines.reduce((n, l) => n + l.count, 0);
  // With wallet choices only the server's quote knows the amounts; without, the shop's own rules do.
  const ready =
    address !== null && (current !== null || (!chosen && totals !== null)) && !belowMinimum && !walletProblem;
  const quoteSays = (field: 'points' | 'cardAmount' | 'discountId') =>
    namedField(quote.error, [field] as const)?.message;
  const paidFromWallet = q !== null && chosen && q.payAmount === 0;

  const showError = (err: unknown) => {
    const message = errorMessage(err);
    const named = namedField(err, ['addressId', 'remark', 'points', 'cardAmount', 'discountId'] as const);
    if (named?.field === 'addressId') setErrors({ address: named.message });
    else if (named?.field === 'remark') setErrors({ remark: named.message });
    else if (named?.field === 'points') setErrors({ points: named.message });
    else if (named?.field === 'cardAmount') setErrors({ cardAmount: named.message });
    else if (named?.field === 'discountId') setErrors({ discount: named.message });
    else if (err instanceof ApiError && err.status === 0) setErrors({ form: `${message} ${RETRY_SAFE}` });
    else setErrors({ form: message });
    // A refusal about stock or limits: show the cart as it stands now; about the wallet: its state now.
    if (err instanceof ApiError && err.status === 409) {
      void loadCart();
      quote.retry();
    }
  };

  const placeOrder = async () => {
    if (busy.current || !ready || !address) return;
    busy.current = true;
    setPending(true);
    setErrors({});
    const note = remark.trim();
    const key = keyFor(orderKey);
    try {
      const order = await submitOrder(
        {
          cartItemIds: lines.map((l) => l.id),
          addressId: address.id,
          ...(note ? { remark: note } : {}),
          ...use,
        },
        key,
      );
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      void loadCart();
      // Paid wholly from the wallet: the order is paid already, nothing goes to the gateway.
      navigate(order.status === ORDER_STATUS.pendingPayment ? payUrl(order.id) : payNoticeUrl(order.id));
    } catch (err) {
      showError(err);
      busy.current = false;
      setPending(false);
    }
  };

  let shippingText: string;
  if (!address) shippingText = 'Choose an address';
  else if (q) shippingText = q.shippingFee === 0 ? 'Free' : formatPrice(q.shippingFee);
  else if (rules.isPending) shippingText = '…';
  else if (!totals) shippingText = 'Unavailable';
  else shippingText = totals.shipping === 0 ? 'Free' : formatPrice(totals.shipping);
  const total = q ? q.totalAmount : chosen ? null : (totals?.total ?? null);
  const gst = q ? q.gstAmount : chosen ? null : (totals?.gst ?? null);

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
        <DeliverySection rule={rule} shippingText={shippingText} />
        <CheckoutLines items={lines} />
        {address ? (
          <WalletChoices
            quote={lastQuote}
            failed={quote.error !== null}
            onRetry={quote.retry}
            choice={wallet}
            errors={{
              points: walletErrors.points ?? errors.points ?? quoteSays('points'),
              cardAmount: walletErrors.cardAmount ?? errors.cardAmount ?? quoteSays('cardAmount'),
            }}
            claimed={claimed}
            onChange={(next) => {
              setWallet(next);
              setErrors((e) => ({ ...e, points: undefined, cardAmount: undefined, discount: undefined }));
            }}
            onClaimed={(coupon) => {
              setClaimed((c) => [...c, coupon]);
              setWallet((w) => ({ ...w, discountId: coupon.id }));
            }}
          />
        ) : null}
        <RemarkSection remark={remark} error={errors.remark} onChange={setRemark} />
      </div>
      <aside className="card sticky top-4 px-6 py-5" aria-labelledby="checkout-summary-heading">
        <h2 id="checkout-summary-heading" className="mb-4 text-base font-semibold text-navy">
          Order summary
        </h2>
        <SummaryAmounts
          count={count}
          goods={q?.goodsAmount ?? totals?.goods ?? goods}
          quote={q}
          shippingText={shippingText}
          total={total}
          gst={gst}
          stale={stale}
        />
        {rules.isError ? (
          <FormAlert className="mt-4">
            Shipping fees could not be loaded.{' '}
            <button type="button" className="link font-medium" onClick={() => void rules.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : null}
        {belowMinimum && address && minimum !== null ? (
          <FormAlert className="mt-4">{minimumOrderMessage(address.island, minimum, missing)}</FormAlert>
        ) : null}
        {chosen && quote.error !== null && !quote.pending && !current ? (
          <FormAlert className="mt-4">
            <span data-quote-error="">{errorMessage(quote.error)}</span>{' '}
            <button type="button" className="link font-medium" onClick={quote.retry}>
              Try again
            </button>
          </FormAlert>
        ) : null}
        {errors.discount || quoteSays('discountId') ? (
          <FormAlert className="mt-4">
            <span data-discount-error="">{errors.discount ?? quoteSays('discountId')}</span>
          </FormAlert>
        ) : null}
        {errors.form ? (
          <FormAlert className="mt-4">
            <span data-submit-error="">{errors.form}</span>
          </FormAlert>
        ) : null}
        <PlaceOrderButton
          disabled={!ready || pending}
          pending={pending}
          fromWallet={paidFromWallet}
          onPlace={() => void placeOrder()}
        />
        {paidFromWallet ? (
          <p className="mt-2 text-center text-xs text-muted">
            Your wallet pays the whole order: nothing is charged to a bank card.
          </p>
        ) : null}
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
