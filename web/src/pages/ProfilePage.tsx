import { AccountShell } from '../features/account/AccountShell.tsx';
import { useMemberInfo } from '../features/account/account-api.ts';
import { MemberLoading } from '../features/account/MemberLoading.tsx';
import { ProfileForm } from '../features/account/ProfileForm.tsx';

/** Profile (/pages/user/profile/index; members only). */
export default function ProfilePage() {
  const member = useMemberInfo();
  return (
    <AccountShell
      pageName="ProfilePage"
      title="Profile"
      intro="How you appear in the shop, and where you are."
    >
      {member ? <ProfileForm member={member} /> : <MemberLoading />}
    </AccountShell>
  );
}
