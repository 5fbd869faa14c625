import type { ReactNode } from 'react';
import { TextField } from '../../../components/FormField.tsx';

export const selectClass = 'h-10 rounded-lg border border-gray-300 bg-white px-2 text-[15px] text-ink';
export const buttonClass =
  'h-9 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-ink hover:bg-gray-50 disabled:opacity-50';
export const primaryClass =
  'h-10 rounded-lg bg-brand px-4 font-medium text-white hover:bg-brand-dark disabled:opacity-60';
export const formClass = 'flex flex-col gap-4 rounded-xl border border-line bg-white p-6';

/** The outcome of the last change, read out by screen readers. */
export function Outcome({ notice, error }: { notice: string | null; error: string | null }) {
  return (
    <div aria-live="polite" className="min-h-5">
      {notice && (
        <p role="status" className="text-sm text-brand">
          {notice}
        </p>
      )}
      {error && (
        <p role="alert" className="text-sm text-accent">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled native control (select, textarea, checkbox row) in the back office's forms. */
export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child, wrapped by the label
    <label className="flex flex-col gap-1.5 text-sm font-medium text-ink">
      {label}
      {children}
      {hint && <span className="text-xs font-normal text-muted">{hint}</span>}
    </label>
  );
}

/** `datetime-local` value of an ISO time (local clock), and back. */
export const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
export const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

/** Where an entry comes among its siblings, and whether the shop shows it: every content form has both. */
export function OrderAndShown({
  sort,
  enabled,
  onChange,
}: {
  sort: number;
  enabled: boolean;
  onChange: (change: { sort?: number; enabled?: boolean }) => void;
}) {
  return (
    <>
      <TextField
        label="Order"
        type="number"
        value={String(sort)}
        onChange={(e) => onChange({ sort: Number(e.target.value) || 0 })}
        hint="Lower shows first."
      />
      <label className="flex items-center gap-2 text-sm text-ink">
        <input type="checkbox" checked={enabled} onChange={(e) => onChange({ enabled: e.target.checked })} />
        Shown in the shop
      </label>
    </>
  );
}

/** The add-or-save button of a content form, with Cancel while an entry is being changed. */
export function FormButtons({
  editing,
  noun,
  busy,
  onCancel,
  children,
}: {
  editing: boolean;
  noun: string;
  busy: boolean;
  onCancel: () => void;
  children?: ReactNode;
}) {
  return (
    <div className="flex gap-3">
      <button type="submit" className={primaryClass} disabled={busy}>
        {editing ? `Save ${noun}` : `Add ${noun}`}
      </button>
      {editing && (
        <button type="button" className={buttonClass} onClick={onCancel}>
          Cancel
        </button>
      )}
      {children}
    </div>
  );
}
