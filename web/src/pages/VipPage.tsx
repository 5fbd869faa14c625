import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** Club Membership: the page's frame; its body comes with a later release. */
export default function VipPage() {
  return (
    <PageFrame
      pageName="VipPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Club Membership' }]}
      title="Club Membership"
    >
      <ComingSoon
        title="Club membership opens soon"
        message="Member prices and club benefits, and how to join, will be explained here."
      />
    </PageFrame>
  );
}
