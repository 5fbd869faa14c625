import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client.ts';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The server names the field a refusal is about at the start of its message (design: "message
 * says in plain words what is wrong, naming the field"), e.g. "userAccount: this e-mail is
 * already registered". Returns the field and the rest, when the field is one of `fields`.
 */
export const splitFieldMessage = <F extends string>(
  message: string,
  fields: readonly F[],
): { field: F; message: string } | null => {
  const m = /^\s*([A-Za-z_][\w.[\]]*)\s*:\s*([\s\S]+)$/.exec(message);
  if (!m) return null;
  const path = m[1]!;
  const last = path.split('.').pop()!;
  const field = fields.find((f) => f === path || f === last);
  return field ? { field, message: capitalise(m[2]!.trim()) } : null;
};

/** The message to show for a failed call. */
export const errorMessage = (err: unknown): string => {
  if (typeof err === 'string' && err) return err;
  if (err instanceof ApiError && err.message) return err.message;
  return 'Something went wrong. Please try again.';
};

/**
 * A form's handling of a server refusal (an error or its message): a message naming one of the
 * form's fields (or a name in `aliases`, e.g. the send-code call's `target`) goes under that
 * field; any other message goes under `fallbackField` when given, otherwise above the form.
 */
export const useServerError = <T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  aliases: Readonly<Record<string, Path<T>>> = {},
) => {
  const [formError, setFormError] = useState<string | null>(null);
  const show = (err: unknown, fallbackField?: Path<T>) => {
    const message = errorMessage(err);
    const named = splitFieldMessage(message, [...fields, ...Object.keys(aliases)]);
    const field = named ? ((aliases[named.field] ?? named.field) as Path<T>) : fallbackField;
    if (field) {
      setFormError(null);
      setError(field, { type: 'server', message: named?.message ?? message }, { shouldFocus: true });
    } else setFormError(message);
  };
  return { formError, setFormError, show };
};
