import { useFormContext } from 'react-hook-form';
import { NewPasswordFields } from './account-fields.tsx';
import { CodeField } from './CodeField.tsx';
import { confirmFollows } from './confirm-follows.ts';

/** What both register forms sign in with: the e-mail (asked for elsewhere on the form), the password and the code. */
export interface RegisterSignIn {
  userAccount: string;
  password: string;
  confirmPassword: string;
  code: string;
}

/**
 * The register forms' sign-in (docs/accounts.md: register): the password twice, and the code
 * sent to the e-mail once the e-mail is valid. Rendered inside the form's FormProvider.
 */
export function RegisterSignInFields({
  sentTo,
  onSendError,
}: {
  /** What the code goes to, for the hint before sending. */
  sentTo: string;
  onSendError: (err: unknown) => void;
}) {
  const form = useFormContext<RegisterSignIn>();
  const {
    register,
    trigger,
    getValues,
    formState: { errors },
  } = form;
  return (
    <>
      <NewPasswordFields
        password={register('password', confirmFollows(form, 'confirmPassword'))}
        confirm={register('confirmPassword')}
        passwordError={errors.password?.message}
        confirmError={errors.confirmPassword?.message}
      />
      <CodeField
        className="col-span-2"
        purpose="register"
        sentTo={sentTo}
        getTarget={async () =>
          (await trigger('userAccount', { shouldFocus: true })) ? getValues('userAccount').trim() : null
        }
        onSendError={onSendError}
        error={errors.code?.message}
        {...register('code')}
      />
    </>
  );
}
