import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Payment: the page's frame; its body comes with a later release. */
export default function PayPage() {
  return (
    <PageFrame
      pageName="PayPage"
      breadcrumb={[{ name: 'My Order', linkUrl: '/pages/order/index' }, { name: 'Payment' }]}
      title="Payment"
    >
      <ComingSoon title="Payment opens soon" message="Secure card payment for your orders will open here." />
    </PageFrame>
  );
}
