import { AuthShell } from '../features/account/AuthShell.tsx';
import { LoginForm } from '../features/account/LoginForm.tsx';

/** Login (/pages/user/login/index?callbackUrl=): retail or wholesale. */
export default function LoginPage() {
  return (
    <AuthShell
      pageName="LoginPage"
      breadcrumb={[{ name: 'Login' }]}
      title="Login"
      intro="Log in with your e-mail or phone number."
      aside={{
        headline: 'Welcome back to your New Zealand online mall.',
        points: [
          'Track your orders and reorder in a click',
          'Member prices, points and coupons',
          'Wholesale pricing for registered businesses',
        ],
      }}
    >
      <LoginForm />
    </AuthShell>
  );
}
