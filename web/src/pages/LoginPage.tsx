import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Login: the page's frame; its body comes with a later release. */
export default function LoginPage() {
  return (
    <PageFrame pageName="LoginPage" breadcrumb={[{ name: 'Login' }]} title="Login">
      <ComingSoon
        title="Signing in opens soon"
        message="Member sign-in for retail and wholesale customers arrives with our next release; until then you can browse as a guest."
      />
    </PageFrame>
  );
}
