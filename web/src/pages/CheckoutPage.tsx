import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Checkout: the page's frame; its body comes with a later release. */
export default function CheckoutPage() {
  return (
    <PageFrame
      pageName="CheckoutPage"
      breadcrumb={[{ name: 'Shop Cart', linkUrl: '/pages/cart/index' }, { name: 'Checkout' }]}
      title="Checkout"
    >
      <ComingSoon
        title="Checkout opens soon"
        message="You will choose a delivery address and pay securely for your order here."
      />
    </PageFrame>
  );
}
