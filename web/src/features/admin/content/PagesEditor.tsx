import { INTRODUCE_ICONS } from '@mall/shared/contract/content';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { contentApi, contentKeys, type PageFields, type PageGroup, type ServicePage } from './content-api.ts';
import { useContentList } from './list-editor.tsx';
import {
  buttonClass,
  Field,
  formClass,
  OrderAndShown,
  Outcome,
  primaryClass,
  selectClass,
} from './shared-ui.tsx';

const ICONS: PageFields['icon'][] = ['', ...INTRODUCE_ICONS];
const GROUP_PLACES = [
  { value: 'main', label: 'Footer help column' },
  { value: 'app', label: 'Service highlights' },
] as const;

const emptyPage = (groupId: number): PageFields => ({
  groupId,
  key: '',
  title: '',
  summary: '',
  icon: '',
  content: '',
  sort: 0,
  enabled: true,
});

/** The service pages (the footer's help pages and the service highlights) and their groups. */
export function PagesEditor() {
  const queryClient = useQueryClient();
  const list = useContentList(contentKeys.pages, contentApi.pages, 'service pages');
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<PageFields | null>(null);
  const [saved, setSaved] = useState<ServicePage | null>(null);
  const [groupName, setGroupName] = useState('');
  const [groupPlace, setGroupPlace] = useState<'main' | 'app'>('main');
  const set = <K extends keyof PageFields>(k: K, v: PageFields[K]) =>
    setForm((f) => (f ? { ...f, [k]: v } : f));

  const open = async (id: number) => {
    await list.save(async () => {
      const page = await queryClient.fetchQuery({
        queryKey: contentKeys.page(id),
        queryFn: () => contentApi.page(id),
      });
      const { id: _id, updatedAt: _at, ...input } = page;
      setEditing(id);
      setForm({ ...input, icon: input.icon as PageFields['icon'] });
      setSaved(page);
    }, '');
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!form) return;
    await list.save(async () => {
      const page =
        editing === null ? await contentApi.addPage(form) : await contentApi.changePage(editing, form);
      setEditing(page.id);
      setSaved(page);
      setForm((f) => (f ? { ...f, content: page.content } : f));
    }, `The page "${form.title}" is saved. Unsafe HTML (scripts, event handlers) is removed.`);
  };
  const addGroup = async (e: FormEvent) => {
    e.preventDefault();
    if (
      await list.save(
        () => contentApi.addGroup({ name: groupName, placement: groupPlace, sort: 0, enabled: true }),
        `The group "${groupName}" is added.`,
      )
    )
      setGroupName('');
  };
  const toggleGroup = (g: PageGroup) =>
    void list.save(
      () => contentApi.changeGroup(g.id, { enabled: !g.enabled }),
      `"${g.name}" is ${g.enabled ? 'hidden' : 'shown'}.`,
    );

  return (
    <div className="flex flex-col gap-6">
      <Outcome notice={list.notice} error={list.error} />
      {list.data === null && !list.error && <p className="text-muted">Loading the service pages…</p>}
      <div className="grid grid-cols-[320px_1fr] items-start gap-6">
        <div className="flex flex-col gap-4">
          {list.data?.map((g) => (
            <section
              key={g.id}
              aria-labelledby={`group-${g.id}`}
              className="rounded-lg border border-line bg-white p-3"
            >
              <div className="mb-2 flex items-center justify-between gap-2">
                <h2 id={`group-${g.id}`} className="font-semibold text-ink">
                  {g.name} {!g.enabled && <span className="font-normal text-muted">(hidden)</span>}
                  <span className="block text-xs font-normal text-muted">
                    {GROUP_PLACES.find((p) => p.value === g.placement)?.label}
                  </span>
                </h2>
                <button type="button" className={buttonClass} onClick={() => toggleGroup(g)}>
                  {g.enabled ? 'Hide' : 'Show'} <span className="sr-only">group {g.name}</span>
                </button>
              </div>
              <ul className="flex flex-col gap-1 text-sm">
                {g.pages.length === 0 && <li className="text-muted">No pages yet.</li>}
                {g.pages.map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      className={`w-full rounded px-2 py-1 text-left hover:bg-gray-50 ${editing === p.id ? 'bg-brand-soft font-semibold' : ''}`}
                      onClick={() => void open(p.id)}
                    >
                      {p.title} {!p.enabled && <span className="text-muted">(hidden)</span>}
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={`${buttonClass} mt-2`}
                onClick={() => {
                  setEditing(null);
                  setSaved(null);
                  setForm(emptyPage(g.id));
                }}
              >
                Add a page to {g.name}
              </button>
            </section>
          ))}
          <form onSubmit={addGroup} className={formClass} aria-labelledby="group-form-title">
            <h2 id="group-form-title" className="font-semibold text-ink">
              Add a group
            </h2>
            <TextField
              label="Group name"
              value={groupName}
              onChange={(e) => setGroupName(e.target.value)}
              maxLength={60}
              required
            />
            <Field label="Shown as">
              <select
                className={selectClass}
                value={groupPlace}
                onChange={(e) => setGroupPlace(e.target.value as 'main' | 'app')}
              >
                {GROUP_PLACES.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </Field>
            <button type="submit" className={primaryClass} disabled={list.busy}>
              Add group
            </button>
          </form>
        </div>

        {form ? (
          <div className="flex flex-col gap-4">
            <form onSubmit={submit} className={formClass} aria-labelledby="page-form-title">
              <h2 id="page-form-title" className="text-lg font-semibold text-ink">
                {editing === null ? 'Add a service page' : `Change "${saved?.title ?? form.title}"`}
              </h2>
              <Field label="Group">
                <select
                  className={selectClass}
                  value={form.groupId}
                  onChange={(e) => set('groupId', Number(e.target.value))}
                >
                  {list.data?.map((g) => (
                    <option key={g.id} value={g.id}>
                      {g.name}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField
                label="Title"
                value={form.title}
                onChange={(e) => set('title', e.target.value)}
                maxLength={100}
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
                label="Summary"
                optional
                value={form.summary}
                onChange={(e) => set('summary', e.target.value)}
                maxLength={300}
              />
              <Field label="Icon" hint="Shown with the service highlights.">
                <select
                  className={selectClass}
                  value={form.icon}
                  onChange={(e) => set('icon', e.target.value as PageFields['icon'])}
                >
                  {ICONS.map((i) => (
                    <option key={i} value={i}>
                      {i || 'None'}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                label="Text (HTML)"
                hint="Headings, paragraphs, lists, emphasis, links and pictures. Anything else is removed when saved."
              >
                <textarea
                  className="min-h-64 rounded-lg border border-gray-300 p-3 font-mono text-sm"
                  value={form.content}
                  onChange={(e) => set('content', e.target.value)}
                  maxLength={100_000}
                />
              </Field>
              <OrderAndShown
                sort={form.sort}
                enabled={form.enabled}
                onChange={(c) => setForm((f) => (f ? { ...f, ...c } : f))}
              />
              <div className="flex gap-3">
                <button type="submit" className={primaryClass} disabled={list.busy}>
                  Save page
                </button>
                {saved && (
                  <a
                    className={`${buttonClass} inline-flex items-center`}
                    href={`/pages/home/html?id=${saved.id}`}
                    target="_blank"
                    rel="noreferrer"
                  >
                    Open in the shop
                  </a>
                )}
              </div>
            </form>
            {saved && (
              <section
                aria-labelledby="page-preview-title"
                className="rounded-xl border border-line bg-white p-6"
              >
                <h2 id="page-preview-title" className="mb-3 text-sm font-semibold text-muted">
                  As saved
                </h2>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server cleaned this HTML when it was saved */}
                <div className="prose-shop" dangerouslySetInnerHTML={{ __html: saved.content }} />
              </section>
            )}
          </div>
        ) : (
          <p className="text-muted">Choose a page to change, or add one to a group.</p>
        )}
      </div>
    </div>
  );
}
