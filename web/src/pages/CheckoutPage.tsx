import { PageFrame } from '../components/PageFrame.tsx';
import { CheckoutView } from '../features/checkout/CheckoutView.tsx';

/** Checkout (/pages/order/checkout; members only): the checked cart lines become an order. */
export default function CheckoutPage() {
  return (
    <PageFrame
      pageName="CheckoutPage"
      breadcrumb={[{ name: 'Shop Cart', linkUrl: '/pages/cart/index' }, { name: 'Checkout' }]}
      title="Checkout"
    >
      <CheckoutView />
    </PageFrame>
  );
}
