import { useSearchParams } from 'react-router';
import { PageFrame } from '../components/PageFrame.tsx';
import { PointsView } from '../features/wallet/PointsView.tsx';
import { pageNumParam, USER_CENTER_PATH } from '../lib/routes.ts';

/** Points (/pages/user/point/index; members only): the balance and every movement, paged. */
export default function PointsPage() {
  const [params] = useSearchParams();
  return (
    <PageFrame
      pageName="PointsPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: USER_CENTER_PATH }, { name: 'Points' }]}
      title="Points"
    >
      <PointsView pageNum={pageNumParam(params.get('pageNum'))} />
    </PageFrame>
  );
}
