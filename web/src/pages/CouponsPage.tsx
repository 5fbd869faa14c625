import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { CouponsView, isDiscountState } from '../features/wallet/CouponsView.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** Coupons (/pages/user/coupon/index; members only): discount cards and coupons, and a code box. */
export default function CouponsPage() {
  const [params] = useSearchParams();
  const raw = params.get('state');
  return (
    <PageFrame
      pageName="CouponsPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Coupons' }]}
      title="Coupons"
    >
      <CouponsView state={isDiscountState(raw) ? raw : null} />
    </PageFrame>
  );
}
