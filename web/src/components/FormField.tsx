import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { AlertIcon, CheckIcon, EyeIcon, EyeOffIcon } from './icons.tsx';
import { Spinner } from './Spinner.tsx';

const inputBase =
  'h-11 w-full rounded-lg border bg-white px-3.5 text-[15px] text-ink transition placeholder:text-gray-400 focus:outline-none focus:ring-3 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-muted read-only:bg-gray-50';
export const inputClass = (invalid: boolean) =>
  `${inputBase} ${invalid ? 'border-accent focus:border-accent focus:ring-accent/15' : 'border-gray-300 hover:border-gray-400 focus:border-brand focus:ring-brand/15'}`;

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** The rule's message, shown under the field (and read with it). */
  error?: string | undefined;
  /** A quiet line under the field while there is no error. */
  hint?: ReactNode;
  /** Marks the label '(optional)'. */
  optional?: boolean;
  /** Inside the box on the right (e.g. show/hide password). */
  trailing?: ReactNode;
  /** Beside the box (e.g. the Send code button). */
  addon?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its message underneath: the rule's message in red when invalid,
 * otherwise an optional hint. Spread react-hook-form's `register(name)` into it.
 */
export function TextField({
  label,
  error,
  hint,
  optional = false,
  trailing,
  addon,
  className = '',
  id,
  ref,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const hasMessage = Boolean(error || hint);
  return (
    <div className={className} data-field={input.name}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
        {optional ? <span className="ml-1 font-normal text-muted">(optional)</span> : null}
      </label>
      <div className="flex items-start gap-2.5">
        <div className="relative min-w-0 flex-1">
          <input
            id={inputId}
            ref={ref}
            aria-invalid={error ? true : undefined}
            aria-describedby={hasMessage ? messageId : undefined}
            className={`${inputClass(Boolean(error))} ${trailing ? 'pr-11' : ''}`}
            {...input}
          />
          {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
        </div>
        {addon}
      </div>
      {error ? (
        <p
          id={messageId}
          data-error=""
          className="mt-1.5 flex items-start gap-1 text-[13px] leading-5 text-accent"
        >
          <AlertIcon size={14} className="mt-0.5 shrink-0" />
          <span>{error}</span>
        </p>
      ) : hint ? (
        <p id={messageId} className="mt-1.5 text-xs leading-5 text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A password field with a show/hide button. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown((v) => !v)}
          className="focus-ring flex size-9 items-center justify-center rounded-md text-muted transition hover:text-brand"
        >
          {shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
}

/** A message about the whole form (a server refusal) or a notice before it. */
export function FormAlert({
  children,
  tone = 'error',
  className = '',
}: {
  children: ReactNode;
  tone?: 'error' | 'success' | 'info';
  className?: string;
}) {
  const styles = {
    error: 'border-accent/25 bg-red-50 text-accent',
    success: 'border-brand/25 bg-brand-soft text-brand-dark',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2.5 rounded-lg border px-4 py-3 text-sm leading-5 ${styles} ${className}`}
    >
      {tone === 'error' ? (
        <AlertIcon size={18} className="mt-px shrink-0" />
      ) : (
        <CheckIcon size={18} className="mt-px shrink-0" />
      )}
      <div>{children}</div>
    </div>
  );
}

/** The form's submit button: off and saying "Processing......" (docs/messages.md) while it works. */
export function SubmitButton({
  pending,
  children,
  className = '',
  disabled = false,
}: {
  pending: boolean;
  children: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      className={`btn-primary h-11 gap-2 text-[15px] disabled:cursor-not-allowed ${className}`}
    >
      {pending ? (
        <>
          <Spinner size={18} />
          Processing......
        </>
      ) : (
        children
      )}
    </button>
  );
}
