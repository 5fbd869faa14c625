import { PageFrame } from '../components/PageFrame.tsx';
import { AddedToCart } from '../features/cart/AddedToCart.tsx';
import { CART_PATH } from '../lib/routes.ts';

/** Added to Cart (docs/routes.md): the confirmation after an add from the goods page. */
export default function CartAddSuccessPage() {
  return (
    <PageFrame
      pageName="CartAddSuccessPage"
      breadcrumb={[{ name: 'Shop Cart', linkUrl: CART_PATH }, { name: 'Added to Cart' }]}
      title="Added to Cart"
    >
      <AddedToCart />
    </PageFrame>
  );
}
