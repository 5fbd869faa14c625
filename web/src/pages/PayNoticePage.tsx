import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Payment Notice: the page's frame; its body comes with a later release. */
export default function PayNoticePage() {
  return (
    <PageFrame
      pageName="PayNoticePage"
      breadcrumb={[{ name: 'My Order', linkUrl: '/pages/order/index' }, { name: 'Payment Notice' }]}
      title="Payment Notice"
    >
      <ComingSoon
        title="Payment confirmation opens soon"
        message="This page will confirm your payment and the next steps for your order."
      />
    </PageFrame>
  );
}
