import { zodResolver } from '@hookform/resolvers/zod';
import type { Member } from '@mall/shared/contract/account';
import type { ComponentType, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useServerError } from '../../api/server-errors.ts';
import { LockIcon, MailIcon } from '../../components/account-icons.tsx';
import { FormAlert, PasswordField, SubmitButton } from '../../components/FormField.tsx';
import type { IconProps } from '../../components/icons.tsx';
import { PhoneIcon } from '../../components/icons.tsx';
import { loginUrl, USER_CENTER_PATH } from '../../lib/routes.ts';
import { useSession } from '../../state/session-store.ts';
import { changePassword, useEmailChange, usePhoneChange } from './account-api.ts';
import { EmailField, NewPasswordFields, PhoneField } from './account-fields.tsx';
import { CodeField } from './CodeField.tsx';
import { confirmFollows } from './confirm-follows.ts';
import {
  type EmailChangeForm,
  emailChangeFormSchema,
  type PasswordChangeForm,
  type PhoneChangeForm,
  passwordChangeFormSchema,
  phoneChangeFormSchema,
} from './form-schemas.ts';
import type { LoginNotice } from './LoginForm.tsx';

export const PASSWORD_CHANGED_NOTICE = 'Your password has changed. Please log in again.';

function SecurityCard({
  icon: Icon,
  title,
  intro,
  current,
  children,
}: {
  icon: ComponentType<IconProps>;
  title: string;
  intro: string;
  current?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="card grid grid-cols-[260px_1fr] gap-10 px-8 py-7">
      <div>
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-brand-soft text-brand">
            <Icon size={20} />
          </span>
          <h2 className="text-base font-semibold text-navy">{title}</h2>
        </div>
        <p className="mt-3 text-sm leading-6 text-muted">{intro}</p>
        {current ? <div className="mt-3 text-sm">{current}</div> : null}
      </div>
      <div className="min-w-0">{children}</div>
    </section>
  );
}

/**
 * Change the password with the old one (PATCH /api/sys/user/pwd). The server then ends every
 * session of the member, this one too: the session is cleared here and the member is sent to
 * login with a message saying so.
 */
export function PasswordChangeCard() {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeForm>({
    resolver: zodResolver(passwordChangeFormSchema),
    mode: 'onBlur',
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const server = useServerError(setError, ['oldPassword', 'newPassword', 'confirmPassword']);
  const onSubmit = handleSubmit(async ({ confirmPassword: _, ...body }) => {
    server.setFormError(null);
    try {
      await changePassword(body);
    } catch (err) {
      server.show(err);
      return;
    }
    useSession.getState().clear();
    navigate(loginUrl(USER_CENTER_PATH), {
      replace: true,
      state: { notice: PASSWORD_CHANGED_NOTICE } satisfies LoginNotice,
    });
  });
  return (
    <SecurityCard
      icon={LockIcon}
      title="Password"
      intro="After a change you are logged out everywhere, here too, and log in again with the new password."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.oldPassword?.message}
          {...register('oldPassword')}
        />
        <div className="grid grid-cols-2 gap-x-6 gap-y-5">
          <NewPasswordFields
            renew
            password={register('newPassword', confirmFollows({ getFieldState, trigger }, 'confirmPassword'))}
            confirm={register('confirmPassword')}
            passwordError={errors.newPassword?.message}
            confirmError={errors.confirmPassword?.message}
          />
        </div>
        <div className="flex justify-end">
          <SubmitButton pending={isSubmitting} className="min-w-44">
            Change password
          </SubmitButton>
        </div>
      </form>
    </SecurityCard>
  );
}

/** Change the e-mail (PATCH /api/sys/user/email) with a code sent to the new address. */
export function EmailChangeCard({ member }: { member: Member }) {
  const change = useEmailChange();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = useForm<EmailChangeForm>({
    resolver: zodResolver(emailChangeFormSchema),
    mode: 'onBlur',
    defaultValues: { email: '', code: '' },
  });
  const server = useServerError(setError, ['email', 'code'], { target: 'email' });
  const onSubmit = handleSubmit(async (body) => {
    server.setFormError(null);
    try {
      await change.mutateAsync(body);
      reset();
      toast.success(`Your e-mail is now ${body.email}.`);
    } catch (err) {
      server.show(err);
    }
  });
  return (
    <SecurityCard
      icon={MailIcon}
      title="E-mail"
      intro="You log in with your e-mail, and we send your order news there."
      current={
        <p className="text-muted">
          Current:{' '}
          <span data-current="email" className="font-medium text-ink">
            {member.userAccount}
          </span>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
        <EmailField label="New e-mail" error={errors.email?.message} {...register('email')} />
        <CodeField
          purpose="email"
          sentTo="the new e-mail"
          getTarget={async () =>
            (await trigger('email', { shouldFocus: true })) ? getValues('email').trim() : null
          }
          onSendError={(err) => server.show(err, 'code')}
          error={errors.code?.message}
          {...register('code')}
        />
        <div className="flex justify-end">
          <SubmitButton pending={change.isPending} className="min-w-44">
            Change e-mail
          </SubmitButton>
        </div>
      </form>
    </SecurityCard>
  );
}

/** Change the phone (PATCH /api/sys/user/phone/{value}?code=) with a code sent to the new number. */
export function PhoneChangeCard({ member }: { member: Member }) {
  const change = usePhoneChange();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setError,
    reset,
    formState: { errors },
  } = useForm<PhoneChangeForm>({
    resolver: zodResolver(phoneChangeFormSchema),
    mode: 'onBlur',
    defaultValues: { phone: '', code: '' },
  });
  const server = useServerError(setError, ['phone', 'code'], { target: 'phone', value: 'phone' });
  const onSubmit = handleSubmit(async (body) => {
    server.setFormError(null);
    try {
      await change.mutateAsync(body);
      reset();
      toast.success(`Your phone is now ${body.phone}.`);
    } catch (err) {
      server.show(err);
    }
  });
  return (
    <SecurityCard
      icon={PhoneIcon}
      title="Phone"
      intro="You can also log in with your phone number; couriers may call it about a delivery."
      current={
        <p className="text-muted">
          Current:{' '}
          <span data-current="phone" className="font-medium text-ink">
            {member.userPhone || 'none'}
          </span>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
        <PhoneField label="New phone" error={errors.phone?.message} {...register('phone')} />
        <CodeField
          purpose="phone"
          sentTo="the new phone"
          getTarget={async () =>
            (await trigger('phone', { shouldFocus: true })) ? getValues('phone').trim() : null
          }
          onSendError={(err) => server.show(err, 'code')}
          error={errors.code?.message}
          {...register('code')}
        />
        <div className="flex justify-end">
          <SubmitButton pending={change.isPending} className="min-w-44">
            Change phone
          </SubmitButton>
        </div>
      </form>
    </SecurityCard>
  );
}
