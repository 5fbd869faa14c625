import { type FormEvent, useEffect, useId, useState } from 'react';
import { FieldError, TextField } from '../../../components/FormField.tsx';
import { AdminApiError } from '../admin-api.ts';
import {
  type Choices,
  catalogueApi,
  centsOfDollars,
  dollarsOfCents,
  fieldOfRefusal,
  type Good,
  type GoodInput,
} from './catalogue-api.ts';
import { EditorHeading, PicturesField } from './good-editor-parts.tsx';
import { buttonClass, primaryClass, selectClass } from './styles.ts';

interface PromotionDraft {
  price: string;
  startsAt: string;
  endsAt: string;
}

interface SkuDraft {
  id?: number;
  code: string;
  values: string[];
  retail: string;
  wholesale: string;
  club: string;
  maxCount: string;
  promotions: PromotionDraft[];
}

interface Draft {
  name: string;
  brand: string;
  categoryId: string;
  supplierId: string;
  description: string;
  pictures: string[];
  optionNames: string;
  skus: SkuDraft[];
}

type Errors = Record<string, string>;

const emptySku = (options: number): SkuDraft => ({
  code: '',
  values: Array(options).fill(''),
  retail: '',
  wholesale: '',
  club: '',
  maxCount: '',
  promotions: [],
});

const EMPTY: Draft = {
  name: '',
  brand: '',
  categoryId: '',
  supplierId: '',
  description: '',
  pictures: [],
  optionNames: '',
  skus: [emptySku(0)],
};

/** "YYYY-MM-DDTHH:MM" in the browser's time zone, as a datetime-local input shows it. */
const localInput = (iso: string) => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

const draftOf = (g: Good): Draft => ({
  name: g.name,
  brand: g.brand,
  categoryId: String(g.categoryId),
  supplierId: String(g.supplierId),
  description: g.description,
  pictures: g.pictures,
  optionNames: g.optionNames.join(', '),
  skus: g.skus.map((s) => ({
    id: s.id,
    code: s.code,
    values: g.optionNames.map((n) => s.options[n] ?? ''),
    retail: dollarsOfCents(s.retailCents),
    wholesale: dollarsOfCents(s.wholesaleCents),
    club: dollarsOfCents(s.clubCents),
    maxCount: s.maxCount === null ? '' : String(s.maxCount),
    promotions: s.promotions.map((p) => ({
      price: dollarsOfCents(p.priceCents),
      startsAt: localInput(p.startsAt),
      endsAt: localInput(p.endsAt),
    })),
  })),
});

const optionNamesOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** The input the server takes, or the fields that are wrong (named as the server names them). */
const inputOf = (d: Draft): { input: GoodInput } | { errors: Errors } => {
  const errors: Errors = {};
  const optionNames = optionNamesOf(d.optionNames);
  if (d.name.trim().length < 2) errors.name = 'Give the good a name of at least 2 characters.';
  if (!d.categoryId) errors.categoryId = 'Choose a category.';
  if (!d.supplierId) errors.supplierId = 'Choose a supplier.';
  if (optionNames.length > 3) errors.optionNames = 'At most 3 options.';
  const money = (key: string, text: string, min: number) => {
    const cents = centsOfDollars(text);
    if (cents === null || cents < min) {
      errors[key] =
        min > 0 ? 'Enter a price such as 19.99.' : 'Enter an amount such as 19.99 (0 is allowed).';
      return 0;
    }
    return cents;
  };
  const skus = d.skus.map((s, i) => {
    const retailCents = money(`skus.${i}.retailCents`, s.retail, 1);
    const wholesaleCents = money(`skus.${i}.wholesaleCents`, s.wholesale, 0);
    const clubCents = money(`skus.${i}.clubCents`, s.club, 0);
    if (!errors[`skus.${i}.wholesaleCents`] && wholesaleCents > retailCents)
      errors[`skus.${i}.wholesaleCents`] = 'Must not be more than the retail price.';
    if (!errors[`skus.${i}.clubCents`] && clubCents > retailCents)
      errors[`skus.${i}.clubCents`] = 'Must not be more than the retail price.';
    const options: Record<string, string> = {};
    optionNames.forEach((n, j) => {
      const v = (s.values[j] ?? '').trim();
      if (!v) errors[`skus.${i}.options`] = `Give every option a value (${n}).`;
      options[n] = v;
    });
    let maxCount: number | null = null;
    if (s.maxCount.trim()) {
      maxCount = Number(s.maxCount);
      if (!Number.isInteger(maxCount) || maxCount < 1)
        errors[`skus.${i}.maxCount`] = 'A whole number, 1 or more.';
    }
    const promotions = s.promotions.map((p, k) => {
      const priceCents = money(`skus.${i}.promotions.${k}.priceCents`, p.price, 1);
      const starts = new Date(p.startsAt);
      const ends = new Date(p.endsAt);
      if (Number.isNaN(starts.getTime()) || Number.isNaN(ends.getTime()) || starts >= ends)
        errors[`skus.${i}.promotions.${k}.endsAt`] = 'Give a start and an end after it.';
      return {
        priceCents,
        startsAt: Number.isNaN(starts.getTime()) ? '' : starts.toISOString(),
        endsAt: Number.isNaN(ends.getTime()) ? '' : ends.toISOString(),
      };
    });
    return {
      ...(s.id === undefined ? {} : { id: s.id }),
      ...(s.code.trim() ? { code: s.code.trim().toUpperCase() } : {}),
      options,
      retailCents,
      wholesaleCents,
      clubCents,
      maxCount,
      promotions,
    };
  });
  if (Object.keys(errors).length) return { errors };
  return {
    input: {
      name: d.name.trim(),
      brand: d.brand.trim(),
      categoryId: Number(d.categoryId),
      supplierId: Number(d.supplierId),
      description: d.description,
      pictures: d.pictures,
      optionNames,
      skus,
    },
  };
};

/** The error of `key` or of any field under it (skus.0.promotions.1.endsAt under skus.0.promotions). */
const errorUnder = (errors: Errors, key: string) =>
  errors[key] ?? Object.entries(errors).find(([k]) => k.startsWith(`${key}.`))?.[1];

/** Adds or edits a good: its names, place, pictures, SKUs with prices and promotions; publishes it. */
export function GoodEditor({
  id,
  choices,
  onClose,
  onSaved,
}: {
  id: number | null;
  choices: Choices;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [published, setPublished] = useState(false);
  const [loading, setLoading] = useState(id !== null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [uploading, setUploading] = useState(false);
  const descriptionId = useId();

  useEffect(() => {
    if (id === null) {
      setDraft(EMPTY);
      setPublished(false);
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    catalogueApi.good(id).then(
      (g) => {
        if (!live) return;
        setDraft(draftOf(g));
        setPublished(g.published);
        setLoading(false);
      },
      (err: unknown) => {
        if (!live) return;
        setMessage({
          text: err instanceof AdminApiError ? err.message : 'The good could not be loaded.',
          ok: false,
        });
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  const update = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const checked = inputOf(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      setMessage({ text: 'Some fields need fixing: see the messages under them.', ok: false });
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const good =
        id === null ? await catalogueApi.create(checked.input) : await catalogueApi.update(id, checked.input);
      setDraft(draftOf(good));
      setMessage({
        text: id === null ? 'The good has been added (not published yet).' : 'The good has been saved.',
        ok: true,
      });
      if (id === null) onSaved(good.id);
    } catch (err) {
      const text = err instanceof AdminApiError ? err.message : 'The good could not be saved.';
      const field = fieldOfRefusal(text);
      if (field) setErrors({ [field.field]: field.message });
      setMessage({ text, ok: false });
    } finally {
      setSaving(false);
    }
  };

  const togglePublished = async () => {
    if (id === null) return;
    setMessage(null);
    try {
      const good = await catalogueApi.publish(id, !published);
      setPublished(good.published);
      setMessage({
        text: good.published
          ? 'The good is on sale in the shop.'
          : 'The good is no longer shown in the shop.',
        ok: true,
      });
    } catch (err) {
      setMessage({ text: err instanceof AdminApiError ? err.message : 'That did not work.', ok: false });
    }
  };

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    setMessage(null);
    try {
      const urls: string[] = [];
      for (const f of Array.from(files)) urls.push(await catalogueApi.uploadPicture(f));
      setDraft((d) => ({ ...d, pictures: [...d.pictures, ...urls] }));
    } catch (err) {
      setErrors((e) => ({
        ...e,
        pictures: err instanceof AdminApiError ? err.message : 'The picture could not be uploaded.',
      }));
    } finally {
      setUploading(false);
    }
  };

  const movePicture = (i: number, by: number) =>
    setDraft((d) => {
      const pictures = [...d.pictures];
      const [p] = pictures.splice(i, 1);
      pictures.splice(i + by, 0, p!);
      return { ...d, pictures };
    });

  if (loading) return <p className="text-muted">Loading the good…</p>;
  const title = id === null ? 'Add a good' : `Edit good ${id}`;
  return (
    <section aria-labelledby="good-title" className="flex max-w-5xl flex-col gap-5">
      <EditorHeading
        title={title}
        published={id === null ? null : published}
        onClose={onClose}
        onTogglePublished={() => void togglePublished()}
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
        onSubmit={(e) => void save(e)}
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
          uploading={uploading}
          error={errorUnder(errors, 'pictures')}
          onUpload={(files) => void upload(files)}
          onMove={movePicture}
          onRemove={(i) => update({ pictures: draft.pictures.filter((_, j) => j !== i) })}
        />

        <SkusFieldset draft={draft} errors={errors} onDraft={setDraft} />
        <div className="flex gap-3">
          <button type="submit" className={primaryClass} disabled={saving}>
            {saving ? 'Saving…' : id === null ? 'Add the good' : 'Save the good'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The SKUs: the option names they differ by, a row per SKU, Add a SKU. */
function SkusFieldset({
  draft,
  errors,
  onDraft,
}: {
  draft: Draft;
  errors: Errors;
  onDraft: (change: (draft: Draft) => Draft) => void;
}) {
  const optionNames = optionNamesOf(draft.optionNames);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-base font-semibold text-ink">SKUs</legend>
      <TextField
        label="Options"
        name="optionNames"
        optional
        hint="Names of what SKUs differ by, separated by commas, e.g. colour, size. Leave empty for one plain SKU."
        value={draft.optionNames}
        onChange={(e) => {
          const names = optionNamesOf(e.target.value);
          onDraft((d) => ({
            ...d,
            optionNames: e.target.value,
            skus: d.skus.map((s) => ({ ...s, values: names.map((_, j) => s.values[j] ?? '') })),
          }));
        }}
        error={errors.optionNames}
      />
      {draft.skus.map((s, i) => (
        <SkuRow
          // biome-ignore lint/suspicious/noArrayIndexKey: a new SKU has no id; rows are only added at the end or removed unsaved.
          key={i}
          index={i}
          sku={s}
          optionNames={optionNames}
          errors={errors}
          onChange={(change) =>
            onDraft((d) => ({ ...d, skus: d.skus.map((x, j) => (j === i ? { ...x, ...change } : x)) }))
          }
          onRemove={
            s.id === undefined && draft.skus.length > 1
              ? () => onDraft((d) => ({ ...d, skus: d.skus.filter((_, j) => j !== i) }))
              : undefined
          }
        />
      ))}
      {errors.skus && <FieldError id="skus-error">{errors.skus}</FieldError>}
      <button
        type="button"
        className={`${buttonClass} w-fit`}
        onClick={() => onDraft((d) => ({ ...d, skus: [...d.skus, emptySku(optionNames.length)] }))}
      >
        Add a SKU
      </button>
    </fieldset>
  );
}

function SelectField({
  label,
  value,
  onChange,
  error,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | undefined;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        className={`${selectClass} h-11 w-full ${error ? 'border-accent' : ''}`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && <FieldError id={`${id}-message`}>{error}</FieldError>}
    </div>
  );
}

function SkuRow({
  index,
  sku,
  optionNames,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  sku: SkuDraft;
  optionNames: string[];
  errors: Errors;
  onChange: (change: Partial<SkuDraft>) => void;
  onRemove: (() => void) | undefined;
}) {
  const n = index + 1;
  const key = (f: string) => `skus.${index}.${f}`;
  return (
    <fieldset
      aria-label={`SKU ${n}`}
      className="flex flex-col gap-3 rounded-lg border border-line p-4"
      data-sku-row={n}
    >
      <div className="flex items-center justify-between">
        <h3 className="font-medium text-ink">
          SKU {n} {sku.id === undefined ? '(new)' : ''}
        </h3>
        {onRemove && (
          <button type="button" className={buttonClass} onClick={onRemove} aria-label={`Remove SKU ${n}`}>
            Remove
          </button>
        )}
      </div>
      <div className="grid gap-3 md:grid-cols-4">
        {optionNames.map((name, j) => (
          <TextField
            key={name}
            label={`SKU ${n} ${name}`}
            value={sku.values[j] ?? ''}
            maxLength={40}
            onChange={(e) => onChange({ values: sku.values.map((v, k) => (k === j ? e.target.value : v)) })}
            error={j === 0 ? errorUnder(errors, key('options')) : undefined}
          />
        ))}
        <TextField
          label={`SKU ${n} code`}
          optional
          hint="Empty: the next KM- code."
          value={sku.code}
          maxLength={40}
          onChange={(e) => onChange({ code: e.target.value })}
          error={errors[key('code')]}
        />
        <TextField
          label={`SKU ${n} retail price ($)`}
          inputMode="decimal"
          value={sku.retail}
          onChange={(e) => onChange({ retail: e.target.value })}
          error={errors[key('retailCents')]}
        />
        <TextField
          label={`SKU ${n} wholesale price ($)`}
          inputMode="decimal"
          value={sku.wholesale}
          onChange={(e) => onChange({ wholesale: e.target.value })}
          error={errors[key('wholesaleCents')]}
        />
        <TextField
          label={`SKU ${n} club price ($)`}
          inputMode="decimal"
          value={sku.club}
          onChange={(e) => onChange({ club: e.target.value })}
          error={errors[key('clubCents')]}
        />
        <TextField
          label={`SKU ${n} purchase limit`}
          optional
          hint="Most units in one order."
          inputMode="numeric"
          value={sku.maxCount}
          onChange={(e) => onChange({ maxCount: e.target.value })}
          error={errors[key('maxCount')]}
        />
      </div>
      <div className="flex flex-col gap-2">
        {sku.promotions.map((p, k) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: promotions have no id; they are replaced as a list.
            key={k}
            aria-label={`SKU ${n} promotion ${k + 1}`}
            className="grid items-end gap-3 md:grid-cols-4"
          >
            <TextField
              label={`Promotion ${k + 1} price ($)`}
              inputMode="decimal"
              value={p.price}
              onChange={(e) =>
                onChange({
                  promotions: sku.promotions.map((q, m) => (m === k ? { ...q, price: e.target.value } : q)),
                })
              }
              error={
                errors[key(`promotions.${k}.priceCents`)] ?? (k === 0 ? errors[key('promotions')] : undefined)
              }
            />
            <TextField
              label={`Promotion ${k + 1} starts`}
              type="datetime-local"
              value={p.startsAt}
              onChange={(e) =>
                onChange({
                  promotions: sku.promotions.map((q, m) =>
                    m === k ? { ...q, startsAt: e.target.value } : q,
                  ),
                })
              }
            />
            <TextField
              label={`Promotion ${k + 1} ends`}
              type="datetime-local"
              value={p.endsAt}
              onChange={(e) =>
                onChange({
                  promotions: sku.promotions.map((q, m) => (m === k ? { ...q, endsAt: e.target.value } : q)),
                })
              }
              error={errors[key(`promotions.${k}.endsAt`)]}
            />
            <button
              type="button"
              className={`${buttonClass} mb-1 w-fit`}
              onClick={() => onChange({ promotions: sku.promotions.filter((_, m) => m !== k) })}
              aria-label={`Remove SKU ${n} promotion ${k + 1}`}
            >
              Remove promotion
            </button>
          </fieldset>
        ))}
        <button
          type="button"
          className={`${buttonClass} w-fit`}
          onClick={() =>
            onChange({ promotions: [...sku.promotions, { price: '', startsAt: '', endsAt: '' }] })
          }
          aria-label={`Add a promotion to SKU ${n}`}
        >
          Add a promotion
        </button>
      </div>
    </fieldset>
  );
}
