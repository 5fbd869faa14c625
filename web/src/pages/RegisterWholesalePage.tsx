import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Wholesale Register: the page's frame; its body comes with a later release. */
export default function RegisterWholesalePage() {
  return (
    <PageFrame
      pageName="RegisterWholesalePage"
      breadcrumb={[{ name: 'Wholesale Register' }]}
      title="Wholesale Register"
    >
      <ComingSoon
        title="Wholesale sign-up opens soon"
        message="Registered New Zealand businesses will open a trade account here; the wholesale terms already explain how it works."
      />
    </PageFrame>
  );
}
