import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useServerError } from '../../api/server-errors.ts';
import { FormAlert, SubmitButton, TextField } from '../../components/FormField.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { loginUrl } from '../../lib/routes.ts';
import { forgetPassword } from './account-api.ts';
import { NewPasswordFields } from './account-fields.tsx';
import { CodeField } from './CodeField.tsx';
import { confirmFollows } from './confirm-follows.ts';
import { type PasswordForgetForm, passwordForgetFormSchema } from './form-schemas.ts';
import type { LoginNotice } from './LoginForm.tsx';

const FIELDS = ['account', 'code', 'newPassword', 'confirmPassword'] as const;
export const PASSWORD_RESET_NOTICE = 'Your password has been reset. Please log in with your new password.';

/**
 * Password retrieval (PATCH /api/sys/user/forget/pwd): the account's e-mail or phone, a code sent
 * there (purpose password), and the new password twice; then back to login.
 */
export function PasswordRetrieveForm() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    getFieldState,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasswordForgetForm>({
    resolver: zodResolver(passwordForgetFormSchema),
    mode: 'onBlur',
    defaultValues: { account: '', code: '', newPassword: '', confirmPassword: '' },
  });
  const server = useServerError(setError, FIELDS, { target: 'account' });
  const toLogin = () =>
    navigate(loginUrl(params.get('callbackUrl')), {
      replace: true,
      state: { notice: PASSWORD_RESET_NOTICE } satisfies LoginNotice,
    });

  const onSubmit = handleSubmit(async ({ confirmPassword: _, ...body }) => {
    server.setFormError(null);
    try {
      await forgetPassword(body);
      setDone(true);
    } catch (err) {
      server.show(err);
    }
  });

  if (done) {
    return (
      <div className="flex flex-col items-start gap-5" role="status">
        <div className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand">
          <CheckIcon size={28} strokeWidth={2.4} />
        </div>
        <div>
          <p className="text-lg font-semibold text-navy">Your password has been reset</p>
          <p className="mt-1 text-sm text-muted">You can now log in with your new password.</p>
        </div>
        <button type="button" className="btn-primary h-11 min-w-40" onClick={toLogin}>
          Log in
        </button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
      <TextField
        label="E-mail or phone"
        autoComplete="username"
        placeholder="The e-mail or phone of your account"
        error={errors.account?.message}
        {...register('account')}
      />
      <CodeField
        purpose="password"
        sentTo="that e-mail or phone"
        getTarget={async () =>
          (await trigger('account', { shouldFocus: true })) ? getValues('account').trim() : null
        }
        onSendError={(err) => server.show(err, 'code')}
        error={errors.code?.message}
        {...register('code')}
      />
      <NewPasswordFields
        renew
        password={register('newPassword', confirmFollows({ getFieldState, trigger }, 'confirmPassword'))}
        confirm={register('confirmPassword')}
        passwordError={errors.newPassword?.message}
        confirmError={errors.confirmPassword?.message}
      />
      <SubmitButton pending={isSubmitting} className="w-full">
        Reset password
      </SubmitButton>
    </form>
  );
}
