import { cartTotals } from '@mall/shared/cart-rules';
import type { CartItem } from '@mall/shared/contract/cart';
import { formatPrice } from '@mall/shared/money-format';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AlertDialog } from '../../components/AlertDialog.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState, LoadFailed } from '../../components/EmptyState.tsx';
import { GoodsLineHead } from '../../components/GoodsLineHead.tsx';
import { CartIcon, StoreIcon } from '../../components/icons.tsx';
import { LinesSkeleton } from '../../components/Skeleton.tsx';
import { ALL_KEYWORD, CART_PATH, CHECKOUT_PATH, keywordSearchUrl, loginUrl } from '../../lib/routes.ts';
import { groupBySupplier } from '../../lib/supplier-groups.ts';
import { cartPhase, ensureCartLoaded } from '../../state/cart/current-cart.ts';
import { loadCart } from '../../state/cart/member-cart.ts';
import { useCart } from '../../state/cart/use-cart.ts';

export const CLEAR_QUESTION = 'Remove every item from your shopping cart?';

/** A checkbox that shows "some checked" as indeterminate. */
function Check({
  checked,
  some = false,
  label,
  onChange,
}: {
  checked: boolean;
  some?: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !checked;
  }, [some, checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="size-4 cursor-pointer accent-brand"
    />
  );
}

/**
 * − [n] +: between 1 and the stock and the purchase limit (refused counts say why). What is typed
 * shows only until it is committed; then the box shows the cart's count again, so a refused
 * number never stays in the box as if it were in the cart.
 */
function CountStepper({ item, onCount }: { item: CartItem; onCount: (n: number) => Promise<unknown> }) {
  const [draft, setDraft] = useState<string | null>(null);
  // Enter commits, and so does the blur when the refusal's dialog takes the focus: once is enough.
  const committing = useRef(false);
  const max = Math.min(item.stock, item.maxCount ?? Number.POSITIVE_INFINITY);
  const commit = () => {
    if (draft === null || committing.current) return;
    const n = Number.parseInt(draft, 10);
    if (!Number.isInteger(n) || n < 1 || n === item.count) {
      setDraft(null);
      return;
    }
    committing.current = true;
    void onCount(n).finally(() => {
      committing.current = false;
      setDraft(null);
    });
  };
  const button =
    'focus-ring flex size-8 items-center justify-center text-ink transition hover:bg-gray-50 hover:text-brand disabled:cursor-not-allowed disabled:text-gray-300';
  return (
    <div className="inline-flex h-8 items-stretch overflow-hidden rounded-md border border-line bg-white">
      <button
        type="button"
        aria-label={`Decrease ${item.name}`}
        disabled={item.count <= 1}
        onClick={() => onCount(item.count - 1)}
        className={button}
      >
        −
      </button>
      <input
        aria-label={`Quantity of ${item.name}`}
        inputMode="numeric"
        value={draft ?? String(item.count)}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 4))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          // Else this key press goes on to click the refusal's Confirm button, which takes the focus.
          e.preventDefault();
          commit();
        }}
        className="w-12 border-x border-line text-center text-sm tabular-nums outline-none focus:bg-brand-soft/40"
      />
      <button
        type="button"
        aria-label={`Increase ${item.name}`}
        disabled={item.count >= max}
        onClick={() => onCount(item.count + 1)}
        className={button}
      >
        +
      </button>
    </div>
  );
}

/**
 * The cart page's body (docs/cart.md: changing): the lines by supplier with their checkboxes, quantity
 * steppers and remove buttons; clear with a confirmation; the checked totals and checkout (a
 * guest signs in first and comes back here).
 */
export function CartView() {
  const cart = useCart();
  // Outside the lines: a refusal that empties the cart (its last line was gone) is still read.
  const [message, setMessage] = useState<string | null>(null);
  const phase = cartPhase(cart);
  // A guest's lines show the prices and stock of now (at most a minute old) when the page opens.
  useEffect(ensureCartLoaded, []);
  return (
    <>
      {phase === 'failed' ? (
        <LoadFailed title="Your cart could not be loaded" retrying={false} onRetry={() => void loadCart()} />
      ) : phase === 'loading' ? (
        <LinesSkeleton picture="size-20 rounded-lg" end="h-8 w-28" />
      ) : cart.items.length === 0 ? (
        <EmptyCart />
      ) : (
        <CartLines cart={cart} onMessage={setMessage} />
      )}
      <AlertDialog
        open={message !== null}
        title="Tip"
        message={message ?? ''}
        onConfirm={() => setMessage(null)}
      />
    </>
  );
}

function EmptyCart() {
  return (
    <div className="card">
      <EmptyState
        icon={<CartIcon size={28} />}
        title="Your shopping cart is empty"
        description="Find something you like and it will wait for you here."
        action={
          <Link to={keywordSearchUrl(ALL_KEYWORD)} className="btn-primary">
            Continue shopping
          </Link>
        }
      />
    </div>
  );
}

function CartLines({
  cart,
  onMessage: setMessage,
}: {
  cart: ReturnType<typeof useCart>;
  onMessage: (m: string) => void;
}) {
  const navigate = useNavigate();
  const [confirmClear, setConfirmClear] = useState(false);
  const { items, status, owner } = cart;
  const groups = groupBySupplier(items);
  const totals = cartTotals(items);
  const allChecked = items.every((i) => i.checked);
  const someChecked = items.some((i) => i.checked);
  const attempt = (work: Promise<unknown>) =>
    work.catch((err: unknown) => setMessage(err instanceof Error ? err.message : String(err)));
  const check = (lines: readonly CartItem[], checked: boolean) =>
    void attempt(
      cart.setChecked(
        lines.map((i) => i.id),
        checked,
      ),
    );
  const count = async (id: number, n: number) => {
    const outcome = await cart.setCount(id, n);
    if (!outcome.ok) setMessage(outcome.refusal.message);
  };

  return (
    <div className="flex flex-col gap-5" data-cart="">
      {owner === 'member' && status === 'error' ? (
        <div
          role="alert"
          className="card flex items-center justify-between gap-4 border-accent/30 bg-accent/5 px-6 py-3 text-sm text-accent"
        >
          These lines are not yet in your account's cart: it could not be reached.
          <button type="button" className="btn-secondary h-9" onClick={() => void loadCart()}>
            Try again
          </button>
        </div>
      ) : null}
      <div className="card flex items-center gap-4 px-6 py-3 text-sm text-muted">
        <span className="flex items-center gap-2 font-medium text-ink">
          <Check
            checked={allChecked}
            some={someChecked}
            label="Select all"
            onChange={(c) => check(items, c)}
          />
          <span aria-hidden="true">Select all</span>
        </span>
        <span className="ml-auto">
          {items.length} {items.length === 1 ? 'line' : 'lines'}
        </span>
        <button type="button" className="link text-accent" onClick={() => setConfirmClear(true)}>
          Clear cart
        </button>
      </div>
      {groups.map((group) => {
        const groupChecked = group.items.every((i) => i.checked);
        return (
          <section
            key={group.supplierId}
            aria-label={group.supplierName}
            className="card overflow-hidden"
            data-supplier-group={group.supplierId}
          >
            <header className="flex items-center gap-3 border-b border-line bg-gray-50 px-6 py-3">
              <Check
                checked={groupChecked}
                some={group.items.some((i) => i.checked)}
                label={`Select all from ${group.supplierName}`}
                onChange={(c) => check(group.items, c)}
              />
              <StoreIcon size={16} className="text-brand" />
              <h2 className="text-sm font-semibold text-navy">{group.supplierName}</h2>
            </header>
            <ul>
              {group.items.map((item) => (
                <li
                  key={item.id}
                  className="grid grid-cols-[24px_80px_minmax(0,1fr)_120px_130px_120px_60px] items-center gap-4 border-b border-line px-6 py-4 last:border-b-0"
                  data-cart-line={item.id}
                >
                  <Check
                    checked={item.checked}
                    label={`Select ${item.name}`}
                    onChange={(c) => check([item], c)}
                  />
                  <GoodsLineHead goods={item} look="cart" detail={item.skuLabel}>
                    {item.skuCode ? (
                      <p className="mt-1 font-mono text-xs text-muted" data-sku-code="">
                        SKU code {item.skuCode}
                      </p>
                    ) : null}
                    {item.maxCount !== null ? (
                      <p className="mt-1 text-xs text-accent">Limit {item.maxCount} per order</p>
                    ) : null}
                  </GoodsLineHead>
                  {/* The struck price goes under the price: side by side, dearer ones ran into the stepper. */}
                  <p className="flex flex-col text-sm tabular-nums">
                    <span>{formatPrice(item.price)}</span>
                    {item.originalPrice !== null && item.originalPrice > item.price ? (
                      <s className="text-xs text-muted">{formatPrice(item.originalPrice)}</s>
                    ) : null}
                  </p>
                  <CountStepper item={item} onCount={(n) => count(item.id, n)} />
                  <p className="text-sm font-semibold text-navy tabular-nums" data-line-amount="">
                    {formatPrice(cartTotals([{ ...item, checked: true }]).amount)}
                  </p>
                  <button
                    type="button"
                    aria-label={`Remove ${item.name}`}
                    onClick={() => void attempt(cart.remove(item.id))}
                    className="link text-sm text-muted hover:text-accent"
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <div className="card sticky bottom-0 flex items-center justify-end gap-6 px-6 py-4">
        <p className="text-sm text-muted">
          Selected{' '}
          <strong className="text-ink" data-cart-count="">
            {totals.count}
          </strong>{' '}
          items
        </p>
        <p className="text-sm text-muted">
          Total{' '}
          <strong className="text-xl text-accent tabular-nums" data-cart-amount="">
            {formatPrice(totals.amount)}
          </strong>
        </p>
        <button
          type="button"
          className="btn-primary h-11 px-8"
          disabled={totals.count === 0}
          onClick={() => navigate(owner === 'guest' ? loginUrl(CART_PATH) : CHECKOUT_PATH)}
        >
          Checkout
        </button>
      </div>
      <ConfirmDialog
        open={confirmClear}
        message={CLEAR_QUESTION}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          setConfirmClear(false);
          void attempt(cart.clear());
        }}
      />
    </div>
  );
}
