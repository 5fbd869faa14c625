import { zodResolver } from '@hookform/resolvers/zod';
import type { CodePurpose, Member } from '@mall/shared/contract/account';
import type { ComponentType, ReactNode } from 'react';
import { type DefaultValues, type Path, type Resolver, useForm } from 'react-hook-form';
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

type ContactForm = { code: string; password: string } & ({ email: string } | { phone: string });

/**
 * Change the e-mail or the phone with a code sent to the new one and the current password: the new
 * value (checked before the code is sent), the code, the password, and the change; the saved value
 * shows as the current one.
 */
function ContactChangeCard<F extends ContactForm>({
  contact,
  code,
  password,
  purpose,
  resolver,
  defaultValues,
  aliases,
  change,
  saved,
  icon,
  title,
  intro,
  current,
  Field,
  fieldLabel,
  sentTo,
  submitLabel,
}: {
  /** The form's field of the new e-mail or phone, that of the code and that of the current password. */
  contact: Path<F>;
  code: Path<F>;
  password: Path<F>;
  purpose: CodePurpose;
  resolver: Resolver<F>;
  defaultValues: DefaultValues<F>;
  /** Names the server may give the new value under (the send-code call's `target`). */
  aliases: Readonly<Record<string, Path<F>>>;
  change: { mutateAsync: (body: F) => Promise<unknown>; isPending: boolean };
  saved: (body: F) => string;
  icon: ComponentType<IconProps>;
  title: string;
  intro: string;
  current: ReactNode;
  Field: typeof EmailField;
  fieldLabel: string;
  sentTo: string;
  submitLabel: string;
}) {
  const { register, handleSubmit, trigger, getValues, setError, reset, getFieldState, formState } =
    useForm<F>({ resolver, mode: 'onBlur', defaultValues });
  const server = useServerError(setError, [contact, code, password], aliases);
  const onSubmit = handleSubmit(async (body) => {
    server.setFormError(null);
    try {
      await change.mutateAsync(body);
      reset();
      toast.success(saved(body));
    } catch (err) {
      server.show(err);
    }
  });
  const messageOf = (name: Path<F>) => getFieldState(name, formState).error?.message;
  return (
    <SecurityCard icon={icon} title={title} intro={intro} current={current}>
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
        <Field label={fieldLabel} error={messageOf(contact)} {...register(contact)} />
        <CodeField
          purpose={purpose}
          sentTo={sentTo}
          getTarget={async () =>
            (await trigger(contact, { shouldFocus: true })) ? String(getValues(contact)).trim() : null
          }
          onSendError={(err) => server.show(err, code)}
          error={messageOf(code)}
          {...register(code)}
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={messageOf(password)}
          {...register(password)}
        />
        <div className="flex justify-end">
          <SubmitButton pending={change.isPending} className="min-w-44">
            {submitLabel}
          </SubmitButton>
        </div>
      </form>
    </SecurityCard>
  );
}

/** Change the e-mail (PATCH /api/sys/user/email) with a code sent to the new address and the password. */
export function EmailChangeCard({ member }: { member: Member }) {
  return (
    <ContactChangeCard<EmailChangeForm>
      contact="email"
      code="code"
      password="password"
      purpose="email"
      resolver={zodResolver(emailChangeFormSchema)}
      defaultValues={{ email: '', code: '', password: '' }}
      aliases={{ target: 'email' }}
      change={useEmailChange()}
      saved={(body) => `Your e-mail is now ${body.email}.`}
      icon={MailIcon}
      title="E-mail"
      intro="You log in with your e-mail, and we send your order news there. A change asks for your password, and we tell the current address."
      current={
        <p className="text-muted">
          Current:{' '}
          <span data-current="email" className="font-medium text-ink">
            {member.userAccount}
          </span>
        </p>
      }
      Field={EmailField}
      fieldLabel="New e-mail"
      sentTo="the new e-mail"
      submitLabel="Change e-mail"
    />
  );
}

/** Change the phone (PATCH /api/sys/user/phone/{value}) with a code sent to the new number and the password. */
export function PhoneChangeCard({ member }: { member: Member }) {
  return (
    <ContactChangeCard<PhoneChangeForm>
      contact="phone"
      code="code"
      password="password"
      purpose="phone"
      resolver={zodResolver(phoneChangeFormSchema)}
      defaultValues={{ phone: '', code: '', password: '' }}
      aliases={{ target: 'phone', value: 'phone' }}
      change={usePhoneChange()}
      saved={(body) => `Your phone is now ${body.phone}.`}
      icon={PhoneIcon}
      title="Phone"
      intro="You can also log in with your phone number; couriers may call it about a delivery. A change asks for your password, and we tell your e-mail."
      current={
        <p className="text-muted">
          Current:{' '}
          <span data-current="phone" className="font-medium text-ink">
            {member.userPhone || 'none'}
          </span>
        </p>
      }
      Field={PhoneField}
      fieldLabel="New phone"
      sentTo="the new phone"
      submitLabel="Change phone"
    />
  );
}
