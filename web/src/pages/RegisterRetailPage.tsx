import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Register: the page's frame; its body comes with a later release. */
export default function RegisterRetailPage() {
  return (
    <PageFrame pageName="RegisterRetailPage" breadcrumb={[{ name: 'Register' }]} title="Register">
      <ComingSoon
        title="Creating an account opens soon"
        message="Retail accounts, with points, coupons and favourites, arrive with our next release."
      />
    </PageFrame>
  );
}
