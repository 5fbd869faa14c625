import { AuthShell } from '../features/account/AuthShell.tsx';
import { PasswordRetrieveForm } from '../features/account/PasswordRetrieveForm.tsx';
import { LOGIN_PATH } from '../lib/routes.ts';

/** Password retrieval (/pages/user/password/retrieve): a code to the account, then a new password. */
export default function PasswordRetrievePage() {
  return (
    <AuthShell
      pageName="PasswordRetrievePage"
      breadcrumb={[{ name: 'Login', linkUrl: LOGIN_PATH }, { name: 'Retrieve Password' }]}
      title="Retrieve Password"
      intro="We will send a 4-digit code to the e-mail or phone of your account."
      aside={{
        headline: 'Forgotten your password? It happens.',
        points: [
          'Enter the e-mail or phone you registered with',
          'Type the 4-digit code we send you',
          'Choose a new password and log in',
        ],
      }}
    >
      <PasswordRetrieveForm />
    </AuthShell>
  );
}
