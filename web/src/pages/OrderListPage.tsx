import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** My Order: the page's frame; its body comes with a later release. */
export default function OrderListPage() {
  return (
    <PageFrame
      pageName="OrderListPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: '/pages/user/index' }, { name: 'My Order' }]}
      title="My Order"
    >
      <ComingSoon
        title="Your orders open soon"
        message="Every order, its status, payment and delivery will be listed here."
      />
    </PageFrame>
  );
}
