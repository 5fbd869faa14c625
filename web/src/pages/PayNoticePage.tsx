import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { PayNotice } from '../features/payment/PayNotice.tsx';
import { ORDER_LIST_PATH, parseId } from '../lib/routes.ts';

/** Payment Notice (/pages/order/pay/notice?orderId=; members only): where the gateway returns the member. */
export default function PayNoticePage() {
  const [params] = useSearchParams();
  const orderId = parseId(params.get('orderId'));
  return (
    <PageFrame
      pageName="PayNoticePage"
      breadcrumb={[{ name: 'My Order', linkUrl: ORDER_LIST_PATH }, { name: 'Payment Notice' }]}
      title="Payment Notice"
    >
      <PayNotice key={orderId ?? 0} orderId={orderId} />
    </PageFrame>
  );
}
