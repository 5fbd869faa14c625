import { PageFrame } from '../components/PageFrame.tsx';
import { ClubView } from '../features/club/ClubView.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** Club Membership: the club's plans, the member's membership and history (docs/wallet.md: club membership). */
export default function VipPage() {
  return (
    <PageFrame
      pageName="VipPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Club Membership' }]}
      title="Club Membership"
      intro="Kauri Club: club prices on every product, for as long as your plan lasts."
    >
      <ClubView />
    </PageFrame>
  );
}
