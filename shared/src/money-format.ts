/**
 * docs/limits.md, money: amounts display with two decimals and en-US grouping. Kept apart from the
 * arithmetic in money.ts so that pages which only show prices do not download decimal.js.
 * Intl formats the exact decimal value of its input (strings included) and rounds half away
 * from zero, as money.ts's `round` does.
 */
const amountFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  roundingMode: 'halfExpand',
  signDisplay: 'negative',
});

/** "1,234.50". Accepts numbers and the decimal strings money.ts returns. */
export const formatAmount = (a: number | string): string => amountFormat.format(a as unknown as number);

/** "$1,234.50". */
export const formatPrice = (a: number | string): string => `$${formatAmount(a)}`;
