import { ComingSoon } from '../components/ComingSoon.tsx';
import { PageFrame } from '../components/PageFrame.tsx';

/** Profile: the page's frame; its body comes with a later release. */
export default function ProfilePage() {
  return (
    <PageFrame
      pageName="ProfilePage"
      breadcrumb={[{ name: 'Personal Center', linkUrl: '/pages/user/index' }, { name: 'Profile' }]}
      title="Profile"
    >
      <ComingSoon
        title="Your profile opens soon"
        message="You will update your name, photo and contact details here."
      />
    </PageFrame>
  );
}
