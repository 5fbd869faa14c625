import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { AlertDialog } from '../../components/AlertDialog.tsx';
import { CartIcon } from '../../components/icons.tsx';
import { CART_PATH } from '../../lib/routes.ts';
import { checkedQuantity } from '../../state/cart/cart-store.ts';
import { ensureCartLoaded, useCurrentCart } from '../../state/cart/current-cart.ts';
import { closeSupplierMixPrompt, useSupplierMixPrompt } from '../../state/cart/supplier-guard.ts';
import { CartProblemsDialog } from './CartProblemsDialog.tsx';

// The panel (its list, the exact-decimal total) downloads on the first hover or focus: a first
// visit to the shop does not pay for it.
const loadPanel = () => import('./MiniCartPanel.tsx');
const MiniCartPanel = lazy(() => loadPanel().then((m) => ({ default: m.MiniCartPanel })));
// The mixing dialog of a supplier choice (docs/cart.md: mixing rule), downloaded when first needed.
const MixDialog = lazy(() =>
  import('../../components/MixDialog.tsx').then((m) => ({ default: m.MixDialog })),
);

/**
 * docs/cart.md, mini cart: 'Shop Cart (n)' with n the checked items' quantity; hovering (or
 * focusing) it opens the panel of checked goods; it collapses when the page changes. It also
 * starts the member's cart load and shows what a login sync could not merge.
 */
export function MiniCart() {
  const { items } = useCurrentCart();
  const count = checkedQuantity(items);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const location = useLocation();
  const box = useRef<HTMLDivElement>(null);
  const mixOpen = useSupplierMixPrompt((s) => s.open);
  const [mixUsed, setMixUsed] = useState(false);
  if (mixOpen && !mixUsed) setMixUsed(true);

  useEffect(ensureCartLoaded, []);
  // The mini cart collapses when a page opens (docs/cart.md).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every page change
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  const expand = () => {
    void loadPanel();
    setOpen(true);
  };

  // The dialogs sit outside the hover box: events from their portals must not open the panel.
  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus open the panel; the link itself opens the cart */}
      <div
        ref={box}
        className="relative shrink-0"
        data-mini-cart=""
        onMouseEnter={expand}
        onMouseLeave={() => setOpen(false)}
        onFocus={expand}
        onBlur={(e) => {
          if (!box.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
        }}
      >
        <Link
          to={CART_PATH}
          aria-expanded={open}
          className={`focus-ring inline-flex h-11 items-center gap-2 rounded-lg border bg-white px-4 text-sm font-medium transition hover:border-brand hover:text-brand ${open ? 'border-brand text-brand' : 'border-line text-ink'}`}
        >
          <CartIcon size={20} className="text-brand" />
          <span>Shop Cart ({count})</span>
        </Link>
        {open ? (
          <Suspense fallback={null}>
            <MiniCartPanel onRemoveFailed={setFailure} />
          </Suspense>
        ) : null}
      </div>
      <AlertDialog
        open={failure !== null}
        title="Tip"
        message={failure ?? ''}
        onConfirm={() => setFailure(null)}
      />
      <CartProblemsDialog />
      {mixUsed ? (
        <Suspense fallback={null}>
          <MixDialog open={mixOpen} onClose={closeSupplierMixPrompt} />
        </Suspense>
      ) : null}
    </>
  );
}
