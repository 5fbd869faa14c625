import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Retrieve Password: the page's frame; its body comes with a later release. */
export default function PasswordRetrievePage() {
  return (
    <PageFrame
      pageName="PasswordRetrievePage"
      breadcrumb={[{ name: 'Login', linkUrl: '/pages/user/login/index' }, { name: 'Retrieve Password' }]}
      title="Retrieve Password"
    >
      <ComingSoon
        title="Password recovery opens soon"
        message="You will reset a forgotten password here with a code sent to your e-mail or phone."
      />
    </PageFrame>
  );
}
