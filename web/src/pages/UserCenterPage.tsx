import { AccountShell } from '../features/account/AccountShell.tsx';
import { useMemberInfo } from '../features/account/account-api.ts';
import { MemberLoading } from '../features/account/MemberLoading.tsx';
import { UserCenter } from '../features/account/UserCenter.tsx';

/** The personal centre (/pages/user/index; members only, see app/require-member.ts). */
export default function UserCenterPage() {
  const member = useMemberInfo();
  return (
    <AccountShell
      pageName="UserCenterPage"
      title="Personal Center"
      breadcrumb={[{ name: 'Personal Center' }]}
    >
      {member ? <UserCenter member={member} /> : <MemberLoading />}
    </AccountShell>
  );
}
