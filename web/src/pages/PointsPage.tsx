import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';
import { USER_CENTER_PATH } from '../lib/routes.ts';

/** Points: the page's frame; its body comes with a later release. */
export default function PointsPage() {
  return (
    <PageFrame
      pageName="PointsPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Points' }]}
      title="Points"
    >
      <ComingSoon
        title="Your points open soon"
        message="You will see the points you have earned and spent, order by order."
      />
    </PageFrame>
  );
}
