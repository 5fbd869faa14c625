import { type FormEvent, useRef, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import {
  BANNER_POSITIONS,
  type Banner,
  type BannerInput,
  type BannerPosition,
  contentApi,
} from './content-api.ts';
import {
  buttonClass,
  Field,
  FormButtons,
  formClass,
  fromLocalInput,
  OrderAndShown,
  Outcome,
  selectClass,
  toLocalInput,
  useEditableList,
} from './shared-ui.tsx';

const EMPTY: BannerInput = {
  position: 'slide',
  title: '',
  subtitle: '',
  imageUrl: '',
  linkUrl: '',
  sort: 0,
  enabled: true,
  startsAt: null,
  endsAt: null,
};

const when = (b: Banner) => {
  const fmt = (iso: string) =>
    new Date(iso).toLocaleString('en-NZ', { dateStyle: 'medium', timeStyle: 'short' });
  if (b.endsAt && new Date(b.endsAt) <= new Date()) return `Ended ${fmt(b.endsAt)}`;
  if (!b.startsAt && !b.endsAt) return 'Always';
  return `${b.startsAt ? fmt(b.startsAt) : 'Now'} – ${b.endsAt ? fmt(b.endsAt) : 'no end'}`;
};

/** The banners of every position: showing or not, with a form to add or change one. */
export function BannersEditor() {
  const list = useEditableList(contentApi.banners, 'banners');
  const formRef = useRef<HTMLFormElement>(null);
  const showForm = () =>
    requestAnimationFrame(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<BannerInput>(EMPTY);
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof BannerInput>(k: K, v: BannerInput[K]) => setForm((f) => ({ ...f, [k]: v }));

  const edit = (b: Banner) => {
    showForm();
    const { id, ...input } = b;
    setEditing(id);
    setForm(input);
  };
  const reset = () => {
    setEditing(null);
    setForm(EMPTY);
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const ok = await list.save(
      async () => set('imageUrl', await contentApi.uploadPicture(file)),
      'The picture is uploaded.',
    );
    setUploading(false);
    return ok;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const saved = await list.save(
      () => (editing === null ? contentApi.addBanner(form) : contentApi.changeBanner(editing, form)),
      editing === null ? `The banner "${form.title}" is added.` : `The banner "${form.title}" is saved.`,
    );
    if (saved) reset();
  };

  const size = BANNER_POSITIONS.find((p) => p.value === form.position)?.size;
  return (
    <div className="flex flex-col gap-6">
      <Outcome notice={list.notice} error={list.error} />
      {list.data === null && !list.error && <p className="text-muted">Loading the banners…</p>}
      {BANNER_POSITIONS.map((pos) => {
        const banners = list.data?.filter((b) => b.position === pos.value) ?? [];
        if (list.data === null) return null;
        return (
          <section key={pos.value} aria-labelledby={`banners-${pos.value}`}>
            <h2 id={`banners-${pos.value}`} className="mb-2 font-semibold text-ink">
              {pos.label} <span className="font-normal text-muted">({pos.size})</span>
            </h2>
            {banners.length === 0 ? (
              <p className="text-sm text-muted">No banners here yet.</p>
            ) : (
              <table className="w-full table-fixed border-collapse text-left text-sm">
                <caption className="sr-only">{pos.label}</caption>
                <thead>
                  <tr className="border-b border-line text-muted">
                    <th scope="col" className="w-28 py-2">
                      Picture
                    </th>
                    <th scope="col">Title</th>
                    <th scope="col" className="w-56">
                      Shows
                    </th>
                    <th scope="col" className="w-16">
                      Order
                    </th>
                    <th scope="col" className="w-16">
                      Status
                    </th>
                    <th scope="col" className="w-56">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {banners.map((b) => (
                    <tr key={b.id} className="border-b border-line" data-banner={b.title}>
                      <td className="py-2">
                        <img src={b.imageUrl} alt="" className="h-10 w-24 rounded object-cover" />
                      </td>
                      <th scope="row" className="font-medium text-ink">
                        {b.title}
                        {b.subtitle && <span className="block font-normal text-muted">{b.subtitle}</span>}
                      </th>
                      <td>{when(b)}</td>
                      <td>{b.sort}</td>
                      <td>{b.enabled ? 'On' : 'Off'}</td>
                      <td className="flex justify-end gap-2 py-2">
                        <button type="button" className={buttonClass} onClick={() => edit(b)}>
                          Edit <span className="sr-only">{b.title}</span>
                        </button>
                        <button
                          type="button"
                          className={buttonClass}
                          disabled={list.busy}
                          onClick={() =>
                            void list.save(
                              () => contentApi.changeBanner(b.id, { enabled: !b.enabled }),
                              `"${b.title}" is ${b.enabled ? 'hidden' : 'shown'}.`,
                            )
                          }
                        >
                          {b.enabled ? 'Hide' : 'Show'} <span className="sr-only">{b.title}</span>
                        </button>
                        <button
                          type="button"
                          className={buttonClass}
                          disabled={list.busy}
                          onClick={() => {
                            if (window.confirm(`Delete the banner "${b.title}"?`))
                              void list.save(() => contentApi.deleteBanner(b.id), `"${b.title}" is deleted.`);
                          }}
                        >
                          Delete <span className="sr-only">{b.title}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}

      <form
        onSubmit={submit}
        className={`${formClass} max-w-2xl`}
        aria-labelledby="banner-form-title"
        ref={formRef}
      >
        <h2 id="banner-form-title" className="text-lg font-semibold text-ink">
          {editing === null ? 'Add a banner' : `Change "${form.title}"`}
        </h2>
        <Field label="Position">
          <select
            className={selectClass}
            value={form.position}
            onChange={(e) => set('position', e.target.value as BannerPosition)}
          >
            {BANNER_POSITIONS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
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
          label="Subtitle"
          optional
          value={form.subtitle}
          onChange={(e) => set('subtitle', e.target.value)}
          maxLength={200}
        />
        <div className="flex items-end gap-3">
          <TextField
            className="flex-1"
            label="Picture address"
            value={form.imageUrl}
            onChange={(e) => set('imageUrl', e.target.value)}
            hint={`An uploaded picture or an https:// address. Best at ${size}.`}
            required
          />
          <label className={`${buttonClass} mb-6 inline-flex cursor-pointer items-center`}>
            {uploading ? 'Uploading…' : 'Upload a picture'}
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              className="sr-only"
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </label>
        </div>
        {form.imageUrl && (
          <img
            src={form.imageUrl}
            alt="Preview of the banner"
            className="max-h-32 rounded border border-line object-contain"
          />
        )}
        <TextField
          label="Link"
          optional
          value={form.linkUrl}
          onChange={(e) => set('linkUrl', e.target.value)}
          hint="A page of the shop (starting with /) or an https:// address."
        />
        <div className="grid grid-cols-3 gap-3">
          <TextField
            label="Shows from"
            optional
            type="datetime-local"
            value={toLocalInput(form.startsAt)}
            onChange={(e) => set('startsAt', fromLocalInput(e.target.value))}
          />
          <TextField
            label="Shows until"
            optional
            type="datetime-local"
            value={toLocalInput(form.endsAt)}
            onChange={(e) => set('endsAt', fromLocalInput(e.target.value))}
          />
        </div>
        <OrderAndShown
          sort={form.sort}
          enabled={form.enabled}
          onChange={(c) => setForm((f) => ({ ...f, ...c }))}
        />
        <FormButtons editing={editing !== null} noun="banner" busy={list.busy} onCancel={reset} />
      </form>
    </div>
  );
}
