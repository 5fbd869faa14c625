import { AccountShell } from '../features/account/AccountShell.tsx';
import { useMemberInfo } from '../features/account/account-api.ts';
import { MemberLoading } from '../features/account/MemberLoading.tsx';
import { EmailChangeCard, PasswordChangeCard, PhoneChangeCard } from '../features/account/SecurityForms.tsx';

/** Account security (/pages/user/security/index; members only): password, e-mail, phone. */
export default function SecurityPage() {
  const member = useMemberInfo();
  return (
    <AccountShell
      pageName="SecurityPage"
      title="Account security"
      intro="Your password, and the e-mail and phone you log in with."
    >
      {member ? (
        <>
          <PasswordChangeCard />
          <EmailChangeCard member={member} />
          <PhoneChangeCard member={member} />
        </>
      ) : (
        <MemberLoading />
      )}
    </AccountShell>
  );
}
