import { Link } from 'react-router';
import { CartIcon } from '../../components/icons.tsx';

/** The header's cart pill. The cart work replaces it with the live mini cart (count, hover panel). */
export function MiniCartSlot() {
  return (
    <Link
      to="/pages/cart/index"
      className="focus-ring inline-flex h-11 shrink-0 items-center gap-2 rounded-lg border border-line bg-white px-4 text-sm font-medium text-ink transition hover:border-brand hover:text-brand"
    >
      <CartIcon size={20} className="text-brand" />
      <span>Shop Cart (0)</span>
    </Link>
  );
}
