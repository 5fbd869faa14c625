import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Account security: the page's frame; its body comes with a later release. */
export default function SecurityPage() {
  return (
    <PageFrame
      pageName="SecurityPage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: '/pages/user/index' }, { name: 'Account security' }]}
      title="Account security"
    >
      <ComingSoon
        title="Account security opens soon"
        message="You will change your password, e-mail and phone number here."
      />
    </PageFrame>
  );
}
