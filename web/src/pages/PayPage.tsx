import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { PayView } from '../features/payment/PayView.tsx';
import { ORDER_LIST_PATH, parseId } from '../lib/routes.ts';

/** Payment (/pages/order/pay/index?orderId=; members only). */
export default function PayPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame
      pageName="PayPage"
      breadcrumb={[{ name: 'My Order', linkUrl: ORDER_LIST_PATH }, { name: 'Payment' }]}
      title="Payment"
    >
      <PayView orderId={parseId(params.get('orderId'))} />
    </PageFrame>
  );
}
