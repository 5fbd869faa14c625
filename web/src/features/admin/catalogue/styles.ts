/** Class names the catalogue pages share. */
export const selectClass = 'h-10 rounded-lg border border-gray-300 bg-white px-2 text-[15px] text-ink';
export const buttonClass =
  'h-9 rounded-lg border border-gray-300 bg-white px-3 text-sm font-medium text-ink hover:bg-gray-50 disabled:opacity-50';
export const primaryClass =
  'h-10 rounded-lg bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-50';
