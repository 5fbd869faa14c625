import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginBody, loginBodySchema, type MemberKind } from '@mall/shared/contract/account';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useServerError } from '../../api/server-errors.ts';
import { FormAlert, PasswordField, SubmitButton, TextField } from '../../components/FormField.tsx';
import { appConfig, isStoreMode } from '../../lib/app-config.ts';
import { memberDisplayName } from '../../lib/member-name.ts';
import { afterLoginUrl, PASSWORD_RETRIEVE_PATH } from '../../lib/routes.ts';
import { useSession } from '../../state/session-store.ts';
import { AuthLink } from './AuthLink.tsx';
import { loginRequest } from './account-api.ts';

/** What another page may tell the login page (router state), e.g. after a password change. */
export interface LoginNotice {
  notice?: string;
}

const KINDS: { kind: MemberKind; label: string }[] = [
  { kind: 'retail', label: 'Retail customer' },
  { kind: 'wholesale', label: 'Wholesale customer' },
];

/** Store mode opens on retail, supplier mode on wholesale; `?kind=` chooses explicitly. */
export const initialKind = (param: string | null, storeMode: boolean): MemberKind =>
  param === 'retail' || param === 'wholesale' ? param : storeMode ? 'retail' : 'wholesale';

/**
 * Login (docs/accounts.md: login): retail or wholesale, the e-mail or phone and the password.
 * Success stores the member and tokens and returns to the callbackUrl (a path of this shop only).
 */
export function LoginForm({ storeMode = isStoreMode }: { storeMode?: boolean }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [kind, setKind] = useState<MemberKind>(() => initialKind(params.get('kind'), storeMode));
  const notice = (location.state as LoginNotice | null)?.notice;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    resolver: zodResolver(loginBodySchema),
    mode: 'onBlur',
    defaultValues: { account: '', password: '' },
  });
  // A refusal in plain words (a wrong password) shows above the form; one naming a field, under it.
  const { formError, setFormError, show } = useServerError(setError, ['account', 'password']);

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const result = await loginRequest(kind, body);
      useSession.getState().login(result);
      toast.success(`Welcome back, ${memberDisplayName(result.member)}!`);
      navigate(afterLoginUrl(params.get('callbackUrl')), { replace: true });
    } catch (err) {
      show(err);
    }
  });

  const callbackUrl = params.get('callbackUrl');
  const retrieveUrl = callbackUrl
    ? `${PASSWORD_RETRIEVE_PATH}?${new URLSearchParams({ callbackUrl })}`
    : PASSWORD_RETRIEVE_PATH;

  return (
    <div>
      {/* One form serves both kinds (what was typed stays when the kind changes): the panel of the chosen tab. */}
      <Tabs.Root
        value={kind}
        onValueChange={(value) => {
          setKind(value as MemberKind);
          setFormError(null);
        }}
      >
        <Tabs.List aria-label="Account type" className="grid grid-cols-2 rounded-lg bg-gray-100 p-1">
          {KINDS.map((k) => (
            <Tabs.Trigger
              key={k.kind}
              value={k.kind}
              className="focus-ring h-10 rounded-md text-sm font-medium text-muted transition hover:text-ink data-[state=active]:bg-white data-[state=active]:text-brand data-[state=active]:shadow-sm"
            >
              {k.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {/* The panel wraps the form: a form may not take the tab panel's role (ARIA in HTML). */}
        <Tabs.Content value={kind} className="mt-6">
          <form noValidate onSubmit={onSubmit} className="space-y-5">
            {notice && !formError ? <FormAlert tone="info">{notice}</FormAlert> : null}
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <TextField
              label="E-mail or phone"
              autoComplete="username"
              placeholder="name@example.co.nz or 0211234567"
              error={errors.account?.message}
              {...register('account')}
            />
            <PasswordField
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              error={errors.password?.message}
              {...register('password')}
            />
            <div className="flex justify-end">
              <Link to={retrieveUrl} className="link text-sm">
                Forgot password?
              </Link>
            </div>
            <SubmitButton pending={isSubmitting} className="w-full">
              Log in as a {kind} customer
            </SubmitButton>
          </form>
        </Tabs.Content>
      </Tabs.Root>
      <div className="mt-8 border-t border-line pt-6 text-sm text-muted">
        <p>New to {appConfig.brand}?</p>
        <div className="mt-3 grid grid-cols-2 gap-3">
          <AuthLink
            target="register/index"
            storeMode={storeMode}
            className="btn-secondary px-3 whitespace-nowrap"
          >
            Create a retail account
          </AuthLink>
          <AuthLink
            target="register/windex"
            storeMode={storeMode}
            className="btn-secondary px-3 whitespace-nowrap"
          >
            Open a wholesale account
          </AuthLink>
        </div>
      </div>
    </div>
  );
}
