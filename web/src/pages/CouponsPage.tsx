import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Coupons: the page's frame; its body comes with a later release. */
export default function CouponsPage() {
  return (
    <PageFrame
      pageName="CouponsPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: '/pages/user/index' }, { name: 'Coupons' }]}
      title="Coupons"
    >
      <ComingSoon
        title="Coupons open soon"
        message="Your discount cards and coupons, with their conditions and expiry dates, will be listed here."
      />
    </PageFrame>
  );
}
