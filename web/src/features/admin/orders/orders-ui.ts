import { fromCents } from '@mall/shared/money';
import { formatPrice } from '@mall/shared/money-format';

/** What the orders pages share: how they write money and times, and their buttons. */
export const money = (cents: number) => formatPrice(fromCents(cents));
export const dollars = (n: number) => `$${n.toFixed(2)}`;
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-NZ') : '—');
export const buttonClass =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-ink hover:bg-gray-50 disabled:opacity-50';
export const primaryClass =
  'h-10 rounded-lg bg-brand px-4 text-sm font-medium text-white hover:bg-brand/90 disabled:opacity-50';
