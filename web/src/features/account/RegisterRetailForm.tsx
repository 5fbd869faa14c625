import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useServerError } from '../../api/server-errors.ts';
import { FormAlert, SubmitButton } from '../../components/FormField.tsx';
import { appConfig } from '../../lib/app-config.ts';
import { afterLoginUrl, USER_CENTER_PATH } from '../../lib/routes.ts';
import { useSession } from '../../state/session-store.ts';
import { AuthLink } from './AuthLink.tsx';
import { registerRetail } from './account-api.ts';
import {
  AddressField,
  DriverLicenceField,
  EmailField,
  NewPasswordFields,
  NicknameField,
  PhoneField,
} from './account-fields.tsx';
import { CodeField } from './CodeField.tsx';
import { confirmFollows } from './confirm-follows.ts';
import { type RetailRegisterForm, retailRegisterFormSchema } from './form-schemas.ts';

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
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    getFieldState,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RetailRegisterForm>({
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
  const server = useServerError(setError, FIELDS, { target: 'userAccount' });

  const onSubmit = handleSubmit(async ({ confirmPassword: _, ...body }) => {
    server.setFormError(null);
    try {
      const result = await registerRetail(body);
      useSession.getState().login(result);
      toast.success(`Welcome to ${appConfig.brand}, ${result.member.userName}! Your account is ready.`);
      navigate(afterLoginUrl(params.get('callbackUrl'), USER_CENTER_PATH), { replace: true });
    } catch (err) {
      server.show(err);
    }
  });

  return (
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
        <NewPasswordFields
          password={register('password', confirmFollows({ getFieldState, trigger }, 'confirmPassword'))}
          confirm={register('confirmPassword')}
          passwordError={errors.password?.message}
          confirmError={errors.confirmPassword?.message}
        />
        <CodeField
          className="col-span-2"
          purpose="register"
          sentTo="your e-mail"
          getTarget={async () =>
            (await trigger('userAccount', { shouldFocus: true })) ? getValues('userAccount').trim() : null
          }
          onSendError={(err) => server.show(err, 'code')}
          error={errors.code?.message}
          {...register('code')}
        />
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
  );
}
