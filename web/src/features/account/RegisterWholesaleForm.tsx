import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useServerError } from '../../api/server-errors.ts';
import { FormAlert, SubmitButton, TextField } from '../../components/FormField.tsx';
import { appConfig } from '../../lib/app-config.ts';
import { AuthLink } from './AuthLink.tsx';
import { registerWholesale } from './account-api.ts';
import { AddressField, EmailField, PhoneField } from './account-fields.tsx';
import { type WholesaleRegisterForm, wholesaleRegisterFormSchema } from './form-schemas.ts';
import { RegisterSignInFields } from './RegisterSignInFields.tsx';
import { useRegisterSubmit } from './register-submit.ts';

const FIELDS = [
  'companyTradingName',
  'companyNumber',
  'nzbn',
  'address',
  'userName',
  'userAccount',
  'userPhone',
  'password',
  'confirmPassword',
  'code',
] as const;

function Section({ step, title, children }: { step: number; title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-4 flex items-center gap-2.5 text-base font-semibold text-navy">
        <span className="flex size-7 items-center justify-center rounded-full bg-brand-soft text-sm text-brand">
          {step}
        </span>
        {title}
      </legend>
      <div className="grid grid-cols-2 gap-x-6 gap-y-5">{children}</div>
    </fieldset>
  );
}

/**
 * Wholesale register (docs/accounts.md: register, form rules): the business (trading name, company number,
 * NZBN with its check digit, address), the contact (name, e-mail, phone) and the sign-in
 * (password twice, the code sent to the e-mail). The new member is signed in at once.
 */
export function RegisterWholesaleForm() {
  const form = useForm<WholesaleRegisterForm>({
    resolver: zodResolver(wholesaleRegisterFormSchema),
    mode: 'onBlur',
    defaultValues: {
      companyTradingName: '',
      companyNumber: '',
      nzbn: '',
      address: '',
      userName: '',
      userAccount: '',
      userPhone: '',
      password: '',
      confirmPassword: '',
      code: '',
    },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const server = useServerError(setError, FIELDS, { target: 'userAccount' });

  const submit = useRegisterSubmit(
    registerWholesale,
    (result, body) =>
      `Welcome to ${appConfig.brand}, ${result.member.companyTradingName ?? body.companyTradingName}! Your wholesale account is ready.`,
    server,
  );
  const onSubmit = handleSubmit(({ confirmPassword: _, ...body }) => submit(body));

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-8">
        {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
        <Section step={1} title="Your business">
          <TextField
            label="Company trading name"
            autoComplete="organization"
            placeholder="e.g. Tui Traders Ltd"
            className="col-span-2"
            error={errors.companyTradingName?.message}
            {...register('companyTradingName')}
          />
          <TextField
            label="Company number"
            inputMode="numeric"
            placeholder="e.g. 1234567"
            hint="From the NZ Companies Office register."
            error={errors.companyNumber?.message}
            {...register('companyNumber')}
          />
          <TextField
            label="NZBN"
            inputMode="numeric"
            maxLength={13}
            placeholder="13 digits, e.g. 9429041234563"
            hint="Your New Zealand Business Number (13 digits)."
            error={errors.nzbn?.message}
            {...register('nzbn')}
          />
          <AddressField
            label="Business address"
            optional={false}
            className="col-span-2"
            error={errors.address?.message}
            {...register('address')}
          />
        </Section>
        <Section step={2} title="Contact person">
          <TextField
            label="Contact name"
            autoComplete="name"
            placeholder="First and last name"
            error={errors.userName?.message}
            {...register('userName')}
          />
          <PhoneField placeholder="093334444" error={errors.userPhone?.message} {...register('userPhone')} />
          <EmailField
            placeholder="buying@yourcompany.co.nz"
            hint="You log in with it, and your verification code goes there."
            className="col-span-2"
            error={errors.userAccount?.message}
            {...register('userAccount')}
          />
        </Section>
        <Section step={3} title="Sign-in">
          <RegisterSignInFields sentTo="the e-mail above" onSendError={(err) => server.show(err, 'code')} />
        </Section>
        <div className="flex items-center justify-between gap-6 border-t border-line pt-6">
          <p className="text-sm text-muted">
            Already trading with us?{' '}
            <AuthLink target="login/index" className="link font-medium">
              Log in
            </AuthLink>
          </p>
          <SubmitButton pending={isSubmitting} className="min-w-56">
            Open my wholesale account
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
