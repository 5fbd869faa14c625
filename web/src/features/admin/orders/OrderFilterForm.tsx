import type { FormEvent, ReactNode } from 'react';
import type { OrderFilters } from './orders-api.ts';
import { buttonClass, primaryClass } from './orders-ui.ts';

const inputClass =
  'h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-ink focus:border-brand focus:outline-none focus:ring-3 focus:ring-brand/15';
function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = `orders-filter-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** The list's filters as typed; searched when sent. */
export function OrderFilterForm({
  form,
  set,
  suppliers,
  onSubmit,
  onClear,
}: {
  form: OrderFilters;
  set: (k: keyof OrderFilters) => (e: { target: { value: string } }) => void;
  suppliers: readonly { id: number; name: string }[] | undefined;
  onSubmit: (e: FormEvent) => void;
  onClear: () => void;
}) {
  return (
    <form onSubmit={onSubmit} aria-label="Filter orders" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Field label="Order number">
        {(id) => (
          <input
            id={id}
            className={inputClass}
            value={form.orderNo}
            onChange={set('orderNo')}
            placeholder="KM…"
          />
        )}
      </Field>
      <Field label="Member (name, e-mail or phone)">
        {(id) => <input id={id} className={inputClass} value={form.member} onChange={set('member')} />}
      </Field>
      <Field label="Supplier">
        {(id) => (
          <select id={id} className={inputClass} value={form.supplierId} onChange={set('supplierId')}>
            <option value="">Any supplier</option>
            {suppliers?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Placed from">
          {(id) => (
            <input id={id} type="date" className={inputClass} value={form.from} onChange={set('from')} />
          )}
        </Field>
        <Field label="Placed to">
          {(id) => <input id={id} type="date" className={inputClass} value={form.to} onChange={set('to')} />}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Field label="Total from ($)">
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              className={inputClass}
              value={form.minAmount}
              onChange={set('minAmount')}
            />
          )}
        </Field>
        <Field label="Total to ($)">
          {(id) => (
            <input
              id={id}
              inputMode="decimal"
              className={inputClass}
              value={form.maxAmount}
              onChange={set('maxAmount')}
            />
          )}
        </Field>
      </div>
      <div className="flex items-end gap-2">
        <button type="submit" className={primaryClass}>
          Search
        </button>
        <button type="button" className={buttonClass} onClick={onClear}>
          Clear
        </button>
      </div>
    </form>
  );
}
