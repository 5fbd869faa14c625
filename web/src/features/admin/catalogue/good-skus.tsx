import { FieldError, TextField } from '../../../components/FormField.tsx';
import { type Draft, type Errors, emptySku, errorUnder, optionNamesOf, type SkuDraft } from './good-draft.ts';
import { buttonClass } from './styles.ts';

/** The SKUs: the option names they differ by, a row per SKU, Add a SKU. */
export function SkusFieldset({
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
