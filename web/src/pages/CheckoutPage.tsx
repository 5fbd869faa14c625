import { PageFrame } from '../components/PageFrame.tsx';
import { CheckoutView } from '../features/checkout/CheckoutView.tsx';
import { CART_PATH } from '../lib/routes.ts';

/** Checkout (/pages/order/checkout; members only): the checked cart lines become an order. */
export default function CheckoutPage() {
  return (
    <PageFrame
      pageName="CheckoutPage"
      breadcrumb={[{ name: 'Shop Cart', linkUrl: CART_PATH }, { name: 'Checkout' }]}
      title="Checkout"
    >
      <CheckoutView />
    </PageFrame>
  );
}
