import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageOf } from '../admin-api.ts';

export const primaryClass =
  'h-11 rounded-lg bg-brand px-4 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-50';
export const selectClass = 'h-11 w-full rounded-lg border border-gray-300 bg-white px-2 text-[15px]';

/** A number typed in a field, or undefined when left empty. */
export const numberOf = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** Query keys a wallet change makes stale: a member's detail shows their wallet. */
export const MEMBERS_KEY: QueryKey = ['admin', 'members'];

/**
 * One form of the page, a mutation: its busy state, what it says when done and its error.
 * `after` runs on success (clearing fields, a download); `invalidates` are read again.
 */
export function useAction<V, R>(
  mutationFn: (vars: V) => Promise<R>,
  say: (answer: R, vars: V) => ReactNode,
  options: { after?: (answer: R, vars: V) => void; invalidates?: QueryKey } = {},
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn,
    onSuccess: (answer, vars) => {
      options.after?.(answer, vars);
      if (options.invalidates) void queryClient.invalidateQueries({ queryKey: options.invalidates });
    },
  });
  const notice = mutation.isSuccess ? say(mutation.data, mutation.variables) : null;
  const messages = (
    <div aria-live="polite">
      {notice && (
        <div role="status" className="text-sm text-brand">
          {notice}
        </div>
      )}
      {mutation.isError && (
        <p role="alert" className="text-sm text-accent">
          {messageOf(mutation.error, 'This could not be done. Please try again.')}
        </p>
      )}
    </div>
  );
  return { busy: mutation.isPending, run: mutation.mutate, answer: mutation.data, messages };
}

export function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border border-line bg-white p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
