import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Comment Detail: the page's frame; its body comes with a later release. */
export default function OrderCommentDetailPage() {
  return (
    <PageFrame
      pageName="OrderCommentDetailPage"
      breadcrumb={[
        { name: 'My Order', linkUrl: '/pages/order/index' },
        { name: 'Order Comments', linkUrl: '/pages/order/comment/index' },
        { name: 'Comment Detail' },
      ]}
      title="Comment Detail"
    >
      <ComingSoon
        title="Review details open soon"
        message="The review you wrote for an order will be shown here."
      />
    </PageFrame>
  );
}
