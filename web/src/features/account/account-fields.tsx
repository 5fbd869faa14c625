import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordField, TextField, type TextFieldProps } from '../../components/FormField.tsx';

/**
 * The account's form fields, once: registering, the profile and account security all ask for
 * them with the same label, keyboard, autofill and hint. A form may give its own label,
 * placeholder or hint; spread react-hook-form's `register(name)` into each.
 */
type FieldProps = Omit<TextFieldProps, 'label'> & { label?: TextFieldProps['label'] };

export const NicknameField = (props: FieldProps) => (
  <TextField
    label="Nickname"
    autoComplete="nickname"
    hint="Starts with a letter; 2 to 21 letters, digits or underscores."
    {...props}
  />
);

export const EmailField = (props: FieldProps) => (
  <TextField label="E-mail" type="email" autoComplete="email" placeholder="name@example.co.nz" {...props} />
);

export const PhoneField = (props: FieldProps) => (
  <TextField
    label="Phone"
    type="tel"
    inputMode="numeric"
    autoComplete="tel"
    placeholder="0211234567"
    hint="Digits only."
    {...props}
  />
);

export const DriverLicenceField = (props: FieldProps) => (
  <TextField label="Driver licence number" optional autoComplete="off" {...props} />
);

export const AddressField = (props: FieldProps) => (
  <TextField
    label="Address"
    optional
    autoComplete="street-address"
    placeholder="Street, suburb, city"
    {...props}
  />
);

/**
 * A new password and its confirmation. `password` should re-check the confirmation when it
 * changes (confirm-follows.ts). `renew` labels them for changing a password ("New password").
 */
export function NewPasswordFields({
  password,
  confirm,
  passwordError,
  confirmError,
  renew = false,
}: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  passwordError: string | undefined;
  confirmError: string | undefined;
  renew?: boolean;
}) {
  return (
    <>
      <PasswordField
        label={renew ? 'New password' : 'Password'}
        autoComplete="new-password"
        placeholder="At least 6 characters"
        error={passwordError}
        {...password}
      />
      <PasswordField
        label={renew ? 'Confirm new password' : 'Confirm password'}
        autoComplete="new-password"
        placeholder="Type it again"
        error={confirmError}
        {...confirm}
      />
    </>
  );
}
