import { PageFrame } from '../components/PageFrame.tsx';
import { CartView } from '../features/cart/CartView.tsx';

/** Shop Cart (docs/routes.md): open to guests; checkout asks a guest to log in, then returns here. */
export default function CartPage() {
  return (
    <PageFrame pageName="CartPage" breadcrumb={[{ name: 'Shop Cart' }]} title="Shop Cart">
      <CartView />
    </PageFrame>
  );
}
