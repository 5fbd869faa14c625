import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** Coupons: the page's frame; its body comes with a later release. */
export default function CouponsPage() {
  return (
    <PageFrame
      pageName="CouponsPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Coupons' }]}
      title="Coupons"
    >
      <ComingSoon
        title="Coupons open soon"
        message="Your discount cards and coupons, with their conditions and expiry dates, will be listed here."
      />
    </PageFrame>
  );
}
