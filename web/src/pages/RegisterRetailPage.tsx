import { AuthShell } from '../features/account/AuthShell.tsx';
import { RegisterRetailForm } from '../features/account/RegisterRetailForm.tsx';

/** Retail register (/pages/user/register/index?callbackUrl=). */
export default function RegisterRetailPage() {
  return (
    <AuthShell
      pageName="RegisterRetailPage"
      breadcrumb={[{ name: 'Register' }]}
      title="Register"
      intro="Create your retail account. It takes a minute."
      wide
      aside={{
        headline: 'Shop the whole mall with one account.',
        points: [
          'Points on every order',
          'Save favourites and shipping addresses',
          'Club membership prices when you join',
        ],
      }}
    >
      <RegisterRetailForm />
    </AuthShell>
  );
}
