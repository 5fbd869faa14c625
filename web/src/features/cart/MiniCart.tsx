import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AlertDialog } from '../../components/AlertDialog.tsx';
import {
  HoverMenu,
  HoverMenuContent,
  HoverMenuItem,
  HoverMenuList,
  HoverMenuTrigger,
} from '../../components/HoverMenu.tsx';
import { CartIcon } from '../../components/icons.tsx';
import { CART_PATH } from '../../lib/routes.ts';
import { checkedQuantity, useCartStore } from '../../state/cart/cart-store.ts';
import { ensureCartLoaded, useCurrentCart } from '../../state/cart/current-cart.ts';
import { closeSupplierMixPrompt, useSupplierMixPrompt } from '../../state/cart/supplier-guard.ts';

// The panel (its list, the exact-decimal total) downloads on the first hover or focus: a first
// visit to the shop does not pay for it.
const loadPanel = () => import('./MiniCartPanel.tsx');
const MiniCartPanel = lazy(() => loadPanel().then((m) => ({ default: m.MiniCartPanel })));
// What a login sync could not merge (docs/cart.md: sync), downloaded when there is something to show.
const CartProblemsDialog = lazy(() =>
  import('./CartProblemsDialog.tsx').then((m) => ({ default: m.CartProblemsDialog })),
);
// The mixing dialog of a supplier choice (docs/cart.md: mixing rule), downloaded when first needed.
const MixDialog = lazy(() =>
  import('../../components/MixDialog.tsx').then((m) => ({ default: m.MixDialog })),
);

/**
 * docs/cart.md, mini cart: 'Shop Cart (n)' with n the checked items' quantity; hovering (or
 * focusing) it opens the panel of checked goods (a hover menu: Tab walks into the panel, Escape
 * closes it); it collapses when the page changes. It also starts the member's cart load and
 * shows what a login sync could not merge.
 */
export function MiniCart() {
  const { items } = useCurrentCart();
  const count = checkedQuantity(items);
  const [failure, setFailure] = useState<string | null>(null);
  const mixOpen = useSupplierMixPrompt((s) => s.open);
  const [mixUsed, setMixUsed] = useState(false);
  if (mixOpen && !mixUsed) setMixUsed(true);
  // Once shown the dialogs stay mounted, so that they close with their animation.
  const hasProblems = useCartStore((s) => s.problems.length > 0);
  const [problemsUsed, setProblemsUsed] = useState(false);
  if (hasProblems && !problemsUsed) setProblemsUsed(true);

  useEffect(ensureCartLoaded, []);

  // The dialogs sit outside the menu: events from their portals must not open the panel.
  return (
    <>
      <HoverMenu label="Cart" className="shrink-0" onFirstUse={() => void loadPanel()}>
        <HoverMenuList>
          <HoverMenuItem value="cart" className="relative" data-mini-cart="">
            <HoverMenuTrigger>
              <Link
                to={CART_PATH}
                className="focus-ring inline-flex h-11 items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink transition hover:border-brand hover:text-brand data-[state=open]:border-brand data-[state=open]:text-brand"
              >
                <CartIcon size={20} className="text-brand" />
                <span>Shop Cart ({count})</span>
              </Link>
            </HoverMenuTrigger>
            <HoverMenuContent className="absolute top-full right-0 z-40 pt-2">
              <Suspense fallback={null}>
                <MiniCartPanel onRemoveFailed={setFailure} />
              </Suspense>
            </HoverMenuContent>
          </HoverMenuItem>
        </HoverMenuList>
      </HoverMenu>
      <AlertDialog
        open={failure !== null}
        title="Tip"
        message={failure ?? ''}
        onConfirm={() => setFailure(null)}
      />
      {problemsUsed ? (
        <Suspense fallback={null}>
          <CartProblemsDialog />
        </Suspense>
      ) : null}
      {mixUsed ? (
        <Suspense fallback={null}>
          <MixDialog open={mixOpen} onClose={closeSupplierMixPrompt} />
        </Suspense>
      ) : null}
    </>
  );
}
