import { CHAT_TEXT_MAX } from '@mall/shared/chat-rules';
import type { ChatCanned } from '@mall/shared/contract/admin/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../admin-api.ts';
import { chatApi, chatKeys } from './chat-api.ts';
import { buttonClass } from './desk-parts.tsx';

/** The canned replies: listed, added and deleted; each change reads the list again. */
export function CannedReplies({ canned }: { canned: readonly ChatCanned[] }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const changed = () => queryClient.invalidateQueries({ queryKey: chatKeys.canned });
  const add = useMutation({
    mutationFn: chatApi.addCanned,
    onSuccess: () => {
      setTitle('');
      setText('');
      return changed();
    },
  });
  const remove = useMutation({ mutationFn: chatApi.deleteCanned, onSuccess: changed });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    remove.reset();
    add.mutate({ title, text });
  };
  const error = add.isError
    ? messageOf(add.error, 'The canned reply could not be added.')
    : remove.isError
      ? messageOf(remove.error, 'The canned reply could not be deleted.')
      : null;
  return (
    <section aria-label="Canned replies" className="rounded-lg border border-line bg-white p-4">
      <h2 className="mb-2 font-semibold">Canned replies</h2>
      <ul className="mb-3 flex flex-col gap-1 text-sm">
        {canned.map((c) => (
          <li key={c.id} className="flex items-center gap-2">
            <span className="font-medium">{c.title}</span>
            <span className="flex-1 truncate text-muted">{c.text}</span>
            <button
              type="button"
              className={buttonClass}
              onClick={() => {
                add.reset();
                remove.mutate(c.id);
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="flex items-end gap-2">
        <label className="flex flex-col text-sm">
          Title
          <input
            value={title}
            maxLength={60}
            onChange={(e) => setTitle(e.target.value)}
            className="h-9 rounded-lg border border-gray-300 px-2"
          />
        </label>
        <label className="flex flex-1 flex-col text-sm">
          Text
          <input
            value={text}
            maxLength={CHAT_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            className="h-9 rounded-lg border border-gray-300 px-2"
          />
        </label>
        <button type="submit" className={buttonClass} disabled={!title.trim() || !text.trim()}>
          Add
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-accent">
          {error}
        </p>
      )}
    </section>
  );
}
