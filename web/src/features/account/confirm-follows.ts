import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Register options for a password whose confirmation is checked against it: once the member
 * has filled in the confirmation and left it, changing the password checks the confirmation
 * again (a still-empty confirmation is not flagged while the password is being typed).
 */
export const confirmFollows = <T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getFieldState' | 'trigger'>,
  confirm: Path<T>,
) => ({
  onChange: () => {
    if (form.getFieldState(confirm).isTouched) void form.trigger(confirm);
  },
});
