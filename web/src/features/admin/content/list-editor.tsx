import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { messageOf } from '../admin-api.ts';
import { buttonClass, FormButtons, formClass, Outcome } from './shared-ui.tsx';

/**
 * The one list editor of the content tabs (ContentPanel.tsx): a list read through TanStack Query,
 * changes that say what they did or why the server refused them and then read the list afresh,
 * and a form that adds an entry or changes the one being edited. Each editor keeps only its own
 * fields and how its rows look.
 */

/**
 * A list the tab reads under `queryKey`, with the outcome of its last change: `save` runs a
 * change, then reads afresh everything under `touches` (the list's own key unless given) and says
 * `done`, or shows why the server refused it. Answers whether the change was made.
 */
export function useContentList<T>(
  queryKey: QueryKey,
  load: () => Promise<T>,
  what: string,
  touches: QueryKey = queryKey,
) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, queryFn: load });
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const change = useMutation({ mutationFn: (work: () => Promise<unknown>) => work() });

  const save = async (work: () => Promise<unknown>, done: string): Promise<boolean> => {
    setFailure(null);
    setNotice(null);
    try {
      await change.mutateAsync(work);
      setNotice(done);
      await queryClient.invalidateQueries({ queryKey: touches });
      return true;
    } catch (err) {
      setFailure(messageOf(err, 'The change could not be saved.'));
      return false;
    }
  };
  const loadError = query.isError ? messageOf(query.error, `The ${what} could not be loaded.`) : null;
  return {
    data: query.data ?? null,
    error: failure ?? loadError,
    notice,
    busy: change.isPending,
    save,
  };
}
export type ContentList<T> = ReturnType<typeof useContentList<T>>;

/**
 * The form of a list's entries: empty to add one, or holding the entry being edited (`editing`,
 * its id). `submit` adds or changes it through `list.save`, empties the form when it is saved and
 * answers whether it was.
 */
export function useEntryForm<F, E extends HTMLElement = HTMLFormElement>(empty: F) {
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<F>(empty);
  const ref = useRef<E>(null);
  const set = <K extends keyof F>(k: K, v: F[K]) => setForm((f) => ({ ...f, [k]: v }));
  const edit = (id: number, fields: F) => {
    requestAnimationFrame(() => ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    setEditing(id);
    setForm(fields);
  };
  const reset = () => {
    setEditing(null);
    setForm(empty);
  };
  const submit = async (
    list: ContentList<unknown>,
    send: { add: () => Promise<unknown>; change: (id: number) => Promise<unknown> },
    done: string,
  ) => {
    const saved = await list.save(() => (editing === null ? send.add() : send.change(editing)), done);
    if (saved) reset();
    return saved;
  };
  return { editing, form, setForm, set, edit, reset, submit, ref };
}

/** A list's entries in the groups it shows them in (a position, a placement), each under its heading. */
export function GroupedList<T, G extends string | number>({
  list,
  what,
  idPrefix,
  groups,
  groupOf,
  empty,
  children,
}: {
  list: ContentList<T[]>;
  /** "banners": the loading line says "Loading the banners…". */
  what: string;
  idPrefix: string;
  groups: readonly { value: G; label: string; note?: string }[];
  groupOf: (item: T) => G;
  empty: string;
  children: (items: T[], group: { value: G; label: string }) => ReactNode;
}) {
  return (
    <>
      <Outcome notice={list.notice} error={list.error} />
      {list.data === null && !list.error && <p className="text-muted">Loading the {what}…</p>}
      {list.data &&
        groups.map((group) => {
          const items = list.data!.filter((item) => groupOf(item) === group.value);
          return (
            <section key={group.value} aria-labelledby={`${idPrefix}-${group.value}`}>
              <h2 id={`${idPrefix}-${group.value}`} className="mb-2 font-semibold text-ink">
                {group.label} {group.note && <span className="font-normal text-muted">({group.note})</span>}
              </h2>
              {items.length === 0 ? <p className="text-sm text-muted">{empty}</p> : children(items, group)}
            </section>
          );
        })}
    </>
  );
}

/** An entry's Edit and Delete buttons (and any others before Delete), each naming the entry. */
export function EntryButtons({
  name,
  busy,
  onEdit,
  confirm,
  onDelete,
  children,
}: {
  name: string;
  busy?: boolean;
  onEdit: () => void;
  /** The question asked before deleting. */
  confirm: string;
  onDelete: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      <button type="button" className={buttonClass} onClick={onEdit}>
        Edit <span className="sr-only">{name}</span>
      </button>
      {children}
      <button
        type="button"
        className={buttonClass}
        disabled={busy}
        onClick={() => {
          if (window.confirm(confirm)) onDelete();
        }}
      >
        Delete <span className="sr-only">{name}</span>
      </button>
    </>
  );
}

/** The add-or-change form of a list: its heading names what it does, its buttons add or save. */
export function EntryForm({
  id,
  noun,
  editing,
  title,
  busy,
  formRef,
  onSubmit,
  onCancel,
  children,
}: {
  id: string;
  noun: string;
  editing: boolean;
  /** The heading: "Add a banner", or `Change "..."` while one is edited. */
  title: string;
  busy: boolean;
  formRef: React.Ref<HTMLFormElement>;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
      className={`${formClass} max-w-2xl`}
      aria-labelledby={id}
      ref={formRef}
    >
      <h2 id={id} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {children}
      <FormButtons editing={editing} noun={noun} busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** `items` with the one at `i` moved `by` places (-1 up, 1 down). */
export const moved = <T,>(items: readonly T[], i: number, by: number): T[] => {
  const next = [...items];
  const [item] = next.splice(i, 1);
  next.splice(i + by, 0, item!);
  return next;
};
