import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Order Detail: the page's frame; its body comes with a later release. */
export default function OrderDetailPage() {
  return (
    <PageFrame
      pageName="OrderDetailPage"
      breadcrumb={[{ name: 'My Order', linkUrl: '/pages/order/index' }, { name: 'Order Detail' }]}
      title="Order Detail"
    >
      <ComingSoon
        title="Order details open soon"
        message="The goods, amounts, delivery and tax invoice of each order will be shown here."
      />
    </PageFrame>
  );
}
