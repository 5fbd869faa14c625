import { type FormEvent, useRef, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { contentApi, type Link, type LinkInput } from './content-api.ts';
import {
  buttonClass,
  Field,
  FormButtons,
  formClass,
  OrderAndShown,
  Outcome,
  selectClass,
  useEditableList,
} from './shared-ui.tsx';

const PLACEMENTS = [
  { value: 'up', label: 'Header (the user menu’s top links)' },
  { value: 'down', label: 'Footer (the row of site links; only top-level links show)' },
] as const;

const EMPTY: LinkInput = {
  placement: 'down',
  parentId: null,
  key: '',
  name: '',
  title: '',
  linkUrl: '',
  sort: 0,
  enabled: true,
};

/** The links of one placement as an indented list, each parent before its children. */
const inTreeOrder = (links: Link[], placement: 'up' | 'down') => {
  const out: { link: Link; depth: number }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const link of links.filter((l) => l.placement === placement && l.parentId === parentId)) {
      out.push({ link, depth });
      if (depth < 8) walk(link.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
};

/** The header and footer links: a tree per placement, with a form to add or change a link. */
export function LinksEditor() {
  const list = useEditableList(contentApi.links, 'links');
  const formRef = useRef<HTMLFormElement>(null);
  const showForm = () =>
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<LinkInput>(EMPTY);
  const set = <K extends keyof LinkInput>(k: K, v: LinkInput[K]) => setForm((f) => ({ ...f, [k]: v }));

  const reset = () => {
    setEditing(null);
    setForm(EMPTY);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await list.save(
      () => (editing === null ? contentApi.addLink(form) : contentApi.changeLink(editing, form)),
      `The link "${form.name}" is ${editing === null ? 'added' : 'saved'}.`,
    );
    if (saved) reset();
  };
  const parents = (list.data ? inTreeOrder(list.data, form.placement) : []).filter(
    ({ link }) => link.id !== editing,
  );

  return (
    <div className="flex flex-col gap-6">
      <Outcome notice={list.notice} error={list.error} />
      {list.data === null && !list.error && <p className="text-muted">Loading the links…</p>}
      {list.data &&
        PLACEMENTS.map((p) => {
          const rows = inTreeOrder(list.data!, p.value);
          return (
            <section key={p.value} aria-labelledby={`links-${p.value}`}>
              <h2 id={`links-${p.value}`} className="mb-2 font-semibold text-ink">
                {p.label}
              </h2>
              {rows.length === 0 ? (
                <p className="text-sm text-muted">No links here yet.</p>
              ) : (
                <ul className="flex max-w-3xl flex-col">
                  {rows.map(({ link, depth }) => (
                    <li
                      key={link.id}
                      className="flex items-center justify-between gap-3 border-b border-line py-1.5 text-sm"
                      style={{ paddingLeft: depth * 24 }}
                      data-link={link.key}
                    >
                      <span>
                        <span className="font-medium text-ink">{link.name}</span>
                        <span className="ml-2 text-muted">{link.linkUrl || '(a heading)'}</span>
                        {!link.enabled && <span className="ml-2 text-muted">(hidden)</span>}
                      </span>
                      <span className="flex gap-2">
                        <button
                          type="button"
                          className={buttonClass}
                          onClick={() => {
                            const { id, ...input } = link;
                            setEditing(id);
                            setForm(input);
                            showForm();
                          }}
                        >
                          Edit <span className="sr-only">{link.name}</span>
                        </button>
                        <button
                          type="button"
                          className={buttonClass}
                          onClick={() => {
                            if (window.confirm(`Delete "${link.name}" and every link under it?`))
                              void list.save(
                                () => contentApi.deleteLink(link.id),
                                `"${link.name}" is deleted.`,
                              );
                          }}
                        >
                          Delete <span className="sr-only">{link.name}</span>
                        </button>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      <form
        onSubmit={submit}
        className={`${formClass} max-w-2xl`}
        aria-labelledby="link-form-title"
        ref={formRef}
      >
        <h2 id="link-form-title" className="text-lg font-semibold text-ink">
          {editing === null ? 'Add a link' : `Change "${form.name}"`}
        </h2>
        <Field label="Placement">
          <select
            className={selectClass}
            value={form.placement}
            onChange={(e) =>
              setForm((f) => ({ ...f, placement: e.target.value as 'up' | 'down', parentId: null }))
            }
          >
            {PLACEMENTS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Under">
          <select
            className={selectClass}
            value={form.parentId ?? ''}
            onChange={(e) => set('parentId', e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Nothing (top level)</option>
            {parents.map(({ link, depth }) => (
              <option key={link.id} value={link.id}>
                {`${'— '.repeat(depth)}${link.name}`}
              </option>
            ))}
          </select>
        </Field>
        <TextField
          label="Name"
          value={form.name}
          onChange={(e) => set('name', e.target.value)}
          maxLength={40}
          required
        />
        <TextField
          label="Key"
          value={form.key}
          onChange={(e) => set('key', e.target.value)}
          hint="1 to 40 lower-case letters, digits or dashes; unique."
          required
        />
        <TextField
          label="Link"
          optional
          value={form.linkUrl}
          onChange={(e) => set('linkUrl', e.target.value)}
          hint="A page of the shop (starting with /) or an https:// address; empty for a column heading."
        />
        <TextField
          label="Tooltip"
          optional
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          maxLength={100}
        />
        <OrderAndShown
          sort={form.sort}
          enabled={form.enabled}
          onChange={(c) => setForm((f) => ({ ...f, ...c }))}
        />
        <FormButtons editing={editing !== null} noun="link" busy={list.busy} onCancel={reset} />
      </form>
    </div>
  );
}
