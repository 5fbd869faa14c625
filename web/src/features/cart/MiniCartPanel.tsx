import { cartTotals, EMPTY_CART_MESSAGE } from '@mall/shared/cart-rules';
import { formatPrice } from '@mall/shared/money-format';
import { useState } from 'react';
import { Link } from 'react-router';
import { GoodsLineHead } from '../../components/GoodsLineHead.tsx';
import { CloseIcon } from '../../components/icons.tsx';
import { CART_PATH } from '../../lib/routes.ts';
import { removeCartLine } from '../../state/cart/cart-actions.ts';
import { useCurrentCart } from '../../state/cart/current-cart.ts';

/** docs/cart.md, mini cart: 90 px a row plus 70, capped at 470 above 4 items; the list scrolls at 400. */
export const MINI_CART_ROW_PX = 90;
export const MINI_CART_EXTRA_PX = 70;
export const MINI_CART_MAX_PX = 470;
export const MINI_CART_LIST_MAX_PX = 400;
export const miniCartHeight = (rows: number) =>
  rows > 4 ? MINI_CART_MAX_PX : rows * MINI_CART_ROW_PX + MINI_CART_EXTRA_PX;

const REMOVE_FAILED = 'The item could not be removed from your cart. Please try again.';

/** The mini cart's panel: the checked goods with remove, the totals and 'Go To Checkout'. */
export function MiniCartPanel({ onRemoveFailed }: { onRemoveFailed: (message: string) => void }) {
  const { items } = useCurrentCart();
  const checked = items.filter((i) => i.checked);
  const totals = cartTotals(items);
  const [removing, setRemoving] = useState<number | null>(null);

  const remove = async (id: number) => {
    setRemoving(id);
    try {
      await removeCartLine(id);
    } catch (err) {
      onRemoveFailed(err instanceof Error && err.message ? err.message : REMOVE_FAILED);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section
      aria-label="Mini cart"
      data-mini-cart-panel=""
      style={{ height: miniCartHeight(checked.length) }}
      className="flex w-[360px] flex-col overflow-hidden rounded-xl bg-white shadow-xl ring-1 ring-line"
    >
      {checked.length === 0 ? (
        <p className="flex flex-1 items-center justify-center text-sm text-muted">{EMPTY_CART_MESSAGE}</p>
      ) : (
        <>
          <ul className="min-h-0 flex-1 overflow-y-auto" style={{ maxHeight: MINI_CART_LIST_MAX_PX }}>
            {checked.map((item) => (
              <li
                key={item.id}
                className="flex items-center gap-3 border-b border-line px-4"
                style={{ height: MINI_CART_ROW_PX }}
              >
                <GoodsLineHead goods={item} look="mini-cart">
                  <p className="mt-1 text-[13px] text-muted tabular-nums" data-price-count="">
                    {formatPrice(item.price)} x {item.count}
                  </p>
                </GoodsLineHead>
                <button
                  type="button"
                  aria-label={`Remove ${item.name}`}
                  disabled={removing === item.id}
                  onClick={() => void remove(item.id)}
                  className="focus-ring shrink-0 rounded-md p-1.5 text-muted transition hover:bg-gray-100 hover:text-accent disabled:opacity-40"
                >
                  <CloseIcon size={16} />
                </button>
              </li>
            ))}
          </ul>
          <div className="flex h-[70px] shrink-0 items-center justify-between gap-3 bg-gray-50 px-4">
            <p className="text-[13px] text-muted">
              <span data-total-count="">{totals.count}</span> items, total{' '}
              <strong className="text-base text-accent tabular-nums" data-total-price="">
                {formatPrice(totals.amount)}
              </strong>
            </p>
            <Link to={CART_PATH} className="btn-primary h-9 shrink-0 px-4 text-sm whitespace-nowrap">
              Go To Checkout
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
