import { Decimal } from 'decimal.js';

/**
 * docs/limits.md, money: precise decimal plus, minus, times, divide and round; amounts display with
 * two decimals and en-US grouping (money-format.ts). Amounts never pass through float arithmetic.
 */
export type Amount = number | string | Decimal;

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export const plus = (...xs: Amount[]): string => xs.reduce<Decimal>((s, x) => s.plus(x), new D(0)).toFixed();
export const minus = (a: Amount, b: Amount): string => new D(a).minus(b).toFixed();
export const times = (a: Amount, b: Amount): string => new D(a).times(b).toFixed();
export const divide = (a: Amount, b: Amount): string => {
  if (new D(b).isZero()) throw new RangeError('Division by zero');
  return new D(a).dividedBy(b).toFixed();
};
/** Half-up rounding to `places` decimals (cents by default). */
export const round = (a: Amount, places = 2): string => new D(a).toDecimalPlaces(places).toFixed(places);

/** Integer cents, for storage. Rejects more than two decimals rather than rounding silently. */
export const toCents = (a: Amount): number => {
  const d = new D(a);
  if (!d.times(100).isInteger()) throw new RangeError(`Amount ${d.toFixed()} has more than two decimals`);
  return d.times(100).toNumber();
};
/**
 * Integer cents as the number of dollars, for JSON. A division, not Decimal: IEEE 754 rounds a
 * quotient correctly, so `cents / 100` is exactly the number the decimal amount parses to (19.99
 * for 1999), and it runs for every price of every cart answer.
 */
export const fromCents = (cents: number): number => {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`${cents} is not a whole number of cents`);
  return cents / 100;
};
