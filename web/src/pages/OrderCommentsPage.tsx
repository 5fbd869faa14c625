import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Order Comments: the page's frame; its body comes with a later release. */
export default function OrderCommentsPage() {
  return (
    <PageFrame
      pageName="OrderCommentsPage"
      breadcrumb={[{ name: 'My Order', linkUrl: '/pages/order/index' }, { name: 'Order Comments' }]}
      title="Order Comments"
    >
      <ComingSoon
        title="Order reviews open soon"
        message="You will rate and review the goods from your completed orders here."
      />
    </PageFrame>
  );
}
