import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client.ts';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The fields of `fields` that a failed call names (the server's `data.errors`), in the server's
 * order, one message each (the first), as a form shows it. A field matches by its whole path or
 * its last step: the server's "address.postcode" is a form's "postcode".
 */
export const namedFields = <F extends string>(
  err: unknown,
  fields: readonly F[],
): { field: F; message: string }[] => {
  if (!(err instanceof ApiError)) return [];
  const named = new Map<F, string>();
  for (const e of err.fieldErrors) {
    const last = e.field.split('.').pop();
    const field = fields.find((f) => f === e.field || f === last);
    if (field !== undefined && !named.has(field)) named.set(field, capitalise(e.message.trim()));
  }
  return [...named].map(([field, message]) => ({ field, message }));
};

/** The first of `fields` that a failed call names, with its message; null when it names none of them. */
export const namedField = <F extends string>(err: unknown, fields: readonly F[]) =>
  namedFields(err, fields)[0] ?? null;

/** The message to show for a failed call. */
export const errorMessage = (err: unknown): string => {
  if (typeof err === 'string' && err) return err;
  if (err instanceof ApiError && err.message) return err.message;
  return 'Something went wrong. Please try again.';
};

/**
 * A form's handling of a server refusal (an error or its message): each field error about one of
 * the form's fields (or a name in `aliases`, e.g. the send-code call's `target`) goes under that
 * field; a refusal naming none goes under `fallbackField` when given, otherwise above the form.
 */
export const useServerError = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Readonly<Record<string, Path<T>>> = {},
) => {
  const [formError, setFormError] = useState<string | null>(null);
  const show = (err: unknown, fallbackField?: Path<T>) => {
    const named = namedFields(err, [...fields, ...Object.keys(aliases)]).map((n) => ({
      field: (aliases[n.field] ?? n.field) as Path<T>,
      message: n.message,
    }));
    const shown =
      named.length > 0 || !fallbackField ? named : [{ field: fallbackField, message: errorMessage(err) }];
    if (shown.length === 0) {
      setFormError(errorMessage(err));
      return;
    }
    setFormError(null);
    shown.forEach(({ field, message }, i) => {
      setError(field, { type: 'server', message }, { shouldFocus: i === 0 });
    });
  };
  return { formError, setFormError, show };
};
