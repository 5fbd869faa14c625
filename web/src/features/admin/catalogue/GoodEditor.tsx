import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { TextField } from '../../../components/FormField.tsx';
import { messageOf } from '../admin-api.ts';
import {
  type AdminGood,
  catalogueApi,
  catalogueKeys,
  fieldErrorsOf,
  type GoodInput,
  type GoodsChoices,
} from './catalogue-api.ts';
import { type Draft, draftOf, EMPTY_DRAFT, type Errors, errorUnder, inputOf } from './good-draft.ts';
import { EditorHeading, PicturesField, SelectField } from './good-editor-parts.tsx';
import { SkusFieldset } from './good-skus.tsx';
import { primaryClass } from './styles.ts';

interface EditorProps {
  id: number | null;
  choices: GoodsChoices;
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** Adds or edits a good: its names, place, pictures, SKUs with prices and promotions; publishes it. */
export function GoodEditor(props: EditorProps) {
  const { id, onClose } = props;
  const good = useQuery({
    queryKey: catalogueKeys.good(id ?? 0),
    queryFn: () => catalogueApi.good(id!),
    enabled: id !== null,
  });
  if (id === null) return <GoodForm {...props} good={null} />;
  if (good.data) return <GoodForm {...props} good={good.data} />;
  if (good.isError)
    return (
      <section aria-labelledby="good-title" className="flex max-w-5xl flex-col gap-5">
        <EditorHeading
          title={`Edit good ${id}`}
          published={null}
          onClose={onClose}
          onTogglePublished={() => {}}
        />
        <p role="alert" className="text-sm text-accent">
          {messageOf(good.error, 'The good could not be loaded.')}
        </p>
      </section>
    );
  return <p className="text-muted">Loading the good…</p>;
}

/**
 * The editor's form, from the good as it was read (none for a new one). It stays when a new good
 * is saved and the editor goes on with its id, so its message is still shown.
 */
function GoodForm({ id, choices, onClose, onSaved, good }: EditorProps & { good: AdminGood | null }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => (good ? draftOf(good) : EMPTY_DRAFT));
  const [published, setPublished] = useState(good?.published ?? false);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const descriptionId = useId();

  /** A saved or published good: its own read is this answer, and the lists and stock read afresh. */
  const changed = (saved: AdminGood) => {
    queryClient.setQueryData(catalogueKeys.good(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.goodsLists });
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.stock });
  };

  const save = useMutation({
    mutationFn: (input: GoodInput) =>
      id === null ? catalogueApi.create(input) : catalogueApi.update(id, input),
    onSuccess: (saved) => {
      changed(saved);
      setDraft(draftOf(saved));
      setMessage({
        text: id === null ? 'The good has been added (not published yet).' : 'The good has been saved.',
        ok: true,
      });
      if (id === null) onSaved(saved.id);
    },
    onError: (err) => {
      setErrors(fieldErrorsOf(err));
      setMessage({ text: messageOf(err, 'The good could not be saved.'), ok: false });
    },
  });

  const publish = useMutation({
    mutationFn: (on: boolean) => catalogueApi.publish(id!, on),
    onMutate: () => setMessage(null),
    onSuccess: (saved) => {
      changed(saved);
      setPublished(saved.published);
      setMessage({
        text: saved.published
          ? 'The good is on sale in the shop.'
          : 'The good is no longer shown in the shop.',
        ok: true,
      });
    },
    onError: (err) => setMessage({ text: messageOf(err, 'That did not work.'), ok: false }),
  });

  const upload = useMutation({
    mutationFn: async (files: File[]) => {
      const urls: string[] = [];
      for (const f of files) urls.push(await catalogueApi.uploadPicture(f));
      return urls;
    },
    onMutate: () => setMessage(null),
    onSuccess: (urls) => setDraft((d) => ({ ...d, pictures: [...d.pictures, ...urls] })),
    onError: (err) =>
      setErrors((e) => ({ ...e, pictures: messageOf(err, 'The picture could not be uploaded.') })),
  });

  const update = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const checked = inputOf(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setMessage({ text: 'Some fields need fixing: see the messages under them.', ok: false });
      return;
    }
    setErrors({});
    save.mutate(checked.input);
  };

  const movePicture = (i: number, by: number) =>
    setDraft((d) => {
      const pictures = [...d.pictures];
      const [p] = pictures.splice(i, 1);
      pictures.splice(i + by, 0, p!);
      return { ...d, pictures };
    });

  const title = id === null ? 'Add a good' : `Edit good ${id}`;
  return (
    <section aria-labelledby="good-title" className="flex max-w-5xl flex-col gap-5">
      <EditorHeading
        title={title}
        published={id === null ? null : published}
        onClose={onClose}
        onTogglePublished={() => publish.mutate(!published)}
      />
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`text-sm ${message.ok ? 'text-green-800' : 'text-accent'}`}
        >
          {message.text}
        </p>
      )}
      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-5 rounded-xl border border-line bg-white p-6"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Name"
            name="name"
            value={draft.name}
            maxLength={200}
            onChange={(e) => update({ name: e.target.value })}
            error={errors.name}
          />
          <TextField
            label="Brand"
            name="brand"
            optional
            value={draft.brand}
            maxLength={80}
            onChange={(e) => update({ brand: e.target.value })}
            error={errors.brand}
          />
          <SelectField
            label="Category"
            value={draft.categoryId}
            onChange={(v) => update({ categoryId: v })}
            error={errors.categoryId}
            options={choices.categories.map((c) => ({ value: String(c.id), label: c.path }))}
          />
          <SelectField
            label="Supplier"
            value={draft.supplierId}
            onChange={(v) => update({ supplierId: v })}
            error={errors.supplierId}
            options={choices.suppliers.map((s) => ({
              value: String(s.id),
              label: s.enabled ? s.name : `${s.name} (disabled)`,
            }))}
          />
        </div>
        <div>
          <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-ink">
            Description{' '}
            <span className="font-normal text-muted">(HTML: paragraphs, lists, links, pictures)</span>
          </label>
          <textarea
            id={descriptionId}
            value={draft.description}
            onChange={(e) => update({ description: e.target.value })}
            rows={5}
            maxLength={50_000}
            className="w-full rounded-lg border border-gray-300 p-3 text-[15px]"
          />
        </div>

        <PicturesField
          pictures={draft.pictures}
          uploading={upload.isPending}
          error={errorUnder(errors, 'pictures')}
          onUpload={(files) => files?.length && upload.mutate(Array.from(files))}
          onMove={movePicture}
          onRemove={(i) => update({ pictures: draft.pictures.filter((_, j) => j !== i) })}
        />

        <SkusFieldset draft={draft} errors={errors} onDraft={setDraft} />
        <div className="flex gap-3">
          <button type="submit" className={primaryClass} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : id === null ? 'Add the good' : 'Save the good'}
          </button>
        </div>
      </form>
    </section>
  );
}
