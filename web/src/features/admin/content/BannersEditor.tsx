import { useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import {
  BANNER_POSITIONS,
  type Banner,
  type BannerFields,
  type BannerPosition,
  contentApi,
  contentKeys,
} from './content-api.ts';
import { EntryButtons, EntryForm, GroupedList, useContentList, useEntryForm } from './list-editor.tsx';
import {
  buttonClass,
  Field,
  fromLocalInput,
  OrderAndShown,
  selectClass,
  toLocalInput,
} from './shared-ui.tsx';

const EMPTY: BannerFields = {
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

const POSITIONS = BANNER_POSITIONS.map((p) => ({ value: p.value, label: p.label, note: p.size }));

/** The banners of every position: showing or not, with a form to add or change one. */
export function BannersEditor() {
  const list = useContentList(contentKeys.banners, contentApi.banners, 'banners');
  const entry = useEntryForm(EMPTY);
  const [uploading, setUploading] = useState(false);
  const edit = ({ id, ...fields }: Banner) => entry.edit(id, fields);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    await list.save(
      async () => entry.set('imageUrl', await contentApi.uploadPicture(file)),
      'The picture is uploaded.',
    );
    setUploading(false);
  };

  const { form } = entry;
  const size = BANNER_POSITIONS.find((p) => p.value === form.position)?.size;
  return (
    <div className="flex flex-col gap-6">
      <GroupedList
        list={list}
        what="banners"
        idPrefix="banners"
        groups={POSITIONS}
        groupOf={(b) => b.position}
        empty="No banners here yet."
      >
        {(banners, group) => (
          <table className="w-full table-fixed border-collapse text-left text-sm">
            <caption className="sr-only">{group.label}</caption>
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
                    <EntryButtons
                      name={b.title}
                      busy={list.busy}
                      onEdit={() => edit(b)}
                      confirm={`Delete the banner "${b.title}"?`}
                      onDelete={() =>
                        void list.save(() => contentApi.deleteBanner(b.id), `"${b.title}" is deleted.`)
                      }
                    >
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
                    </EntryButtons>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </GroupedList>

      <EntryForm
        id="banner-form-title"
        noun="banner"
        editing={entry.editing !== null}
        title={entry.editing === null ? 'Add a banner' : `Change "${form.title}"`}
        busy={list.busy}
        formRef={entry.ref}
        onCancel={entry.reset}
        onSubmit={() =>
          void entry.submit(
            list,
            { add: () => contentApi.addBanner(form), change: (id) => contentApi.changeBanner(id, form) },
            entry.editing === null
              ? `The banner "${form.title}" is added.`
              : `The banner "${form.title}" is saved.`,
          )
        }
      >
        <Field label="Position">
          <select
            className={selectClass}
            value={form.position}
            onChange={(e) => entry.set('position', e.target.value as BannerPosition)}
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
          onChange={(e) => entry.set('title', e.target.value)}
          maxLength={100}
          required
        />
        <TextField
          label="Subtitle"
          optional
          value={form.subtitle}
          onChange={(e) => entry.set('subtitle', e.target.value)}
          maxLength={200}
        />
        <div className="flex items-end gap-3">
          <TextField
            className="flex-1"
            label="Picture address"
            value={form.imageUrl}
            onChange={(e) => entry.set('imageUrl', e.target.value)}
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
          onChange={(e) => entry.set('linkUrl', e.target.value)}
          hint="A page of the shop (starting with /) or an https:// address."
        />
        <div className="grid grid-cols-3 gap-3">
          <TextField
            label="Shows from"
            optional
            type="datetime-local"
            value={toLocalInput(form.startsAt)}
            onChange={(e) => entry.set('startsAt', fromLocalInput(e.target.value))}
          />
          <TextField
            label="Shows until"
            optional
            type="datetime-local"
            value={toLocalInput(form.endsAt)}
            onChange={(e) => entry.set('endsAt', fromLocalInput(e.target.value))}
          />
        </div>
        <OrderAndShown
          sort={form.sort}
          enabled={form.enabled}
          onChange={(c) => entry.setForm((f) => ({ ...f, ...c }))}
        />
      </EntryForm>
    </div>
  );
}
