import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Points: the page's frame; its body comes with a later release. */
export default function PointsPage() {
  return (
    <PageFrame
      pageName="PointsPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: '/pages/user/index' }, { name: 'Points' }]}
      title="Points"
    >
      <ComingSoon
        title="Your points open soon"
        message="You will see the points you have earned and spent, order by order."
      />
    </PageFrame>
  );
}
