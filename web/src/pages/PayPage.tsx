import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { PayView } from '../features/payment/PayView.tsx';
import { orderIdParam } from '../features/payment/pay-urls.ts';

/** Payment (/pages/order/pay/index?orderId=; members only). */
export default function PayPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame
      pageName="PayPage"
      breadcrumb={[{ name: 'My Order', linkUrl: '/pages/order/index' }, { name: 'Payment' }]}
      title="Payment"
    >
      <PayView orderId={orderIdParam(params)} />
    </PageFrame>
  );
}
