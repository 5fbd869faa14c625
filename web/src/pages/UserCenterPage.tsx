import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Personal Center: the page's frame; its body comes with a later release. */
export default function UserCenterPage() {
  return (
    <PageFrame pageName="UserCenterPage" breadcrumb={[{ name: 'Personal Center' }]} title="Personal Center">
      <ComingSoon
        title="Your personal centre opens soon"
        message="Orders, points, coupons and account settings will all be gathered here."
      />
    </PageFrame>
  );
}
