import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm } from 'react-hook-form';
import { useServerError } from '../../api/server-errors.ts';
import { FormAlert, SubmitButton } from '../../components/FormField.tsx';
import { appConfig } from '../../lib/app-config.ts';
import { AuthLink } from './AuthLink.tsx';
import { registerRetail } from './account-api.ts';
import {
  AddressField,
  DriverLicenceField,
  EmailField,
  NicknameField,
  PhoneField,
} from './account-fields.tsx';
import { type RetailRegisterForm, retailRegisterFormSchema } from './form-schemas.ts';
import { RegisterSignInFields } from './RegisterSignInFields.tsx';
import { useRegisterSubmit } from './register-submit.ts';

const FIELDS = [
  'userName',
  'userAccount',
  'userPhone',
  'password',
  'confirmPassword',
  'code',
  'driverLicense',
  'address',
] as const;

/**
 * Retail register (docs/accounts.md: register, form rules): nickname, e-mail (the code goes there),
 * phone, password twice, code, driver licence and address. The new member is signed in at once.
 */
export function RegisterRetailForm() {
  const form = useForm<RetailRegisterForm>({
    resolver: zodResolver(retailRegisterFormSchema),
    mode: 'onBlur',
    defaultValues: {
      userName: '',
      userAccount: '',
      userPhone: '',
      password: '',
      confirmPassword: '',
      code: '',
      driverLicense: '',
      address: '',
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
    registerRetail,
    (result) => `Welcome to ${appConfig.brand}, ${result.member.userName}! Your account is ready.`,
    server,
  );
  const onSubmit = handleSubmit(({ confirmPassword: _, ...body }) => submit(body));

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="space-y-6">
        {server.formError ? <FormAlert>{server.formError}</FormAlert> : null}
        <div className="grid grid-cols-2 gap-x-6 gap-y-5">
          <NicknameField
            placeholder="e.g. Aroha_22"
            error={errors.userName?.message}
            {...register('userName')}
          />
          <PhoneField
            optional
            hint="Digits only. You can also log in with it."
            error={errors.userPhone?.message}
            {...register('userPhone')}
          />
          <EmailField
            hint="You log in with it, and your verification code goes there."
            className="col-span-2"
            error={errors.userAccount?.message}
            {...register('userAccount')}
          />
          <RegisterSignInFields sentTo="your e-mail" onSendError={(err) => server.show(err, 'code')} />
          <DriverLicenceField
            placeholder="e.g. DL123456"
            hint="Needed only for goods that require ID on delivery."
            error={errors.driverLicense?.message}
            {...register('driverLicense')}
          />
          <AddressField error={errors.address?.message} {...register('address')} />
        </div>
        <div className="flex items-center justify-between gap-6 border-t border-line pt-6">
          <p className="text-sm text-muted">
            Already a member?{' '}
            <AuthLink target="login/index" className="link font-medium">
              Log in
            </AuthLink>
          </p>
          <SubmitButton pending={isSubmitting} className="min-w-48">
            Create my account
          </SubmitButton>
        </div>
      </form>
    </FormProvider>
  );
}
