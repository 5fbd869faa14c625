/**
 * docs/limits.md, money: amounts display with two decimals and en-US grouping. Kept apart from the
 * arithmetic in money.ts so that pages which only show prices do not download decimal.js.
 *
 * The digits are placed here, from the amount's decimal text, rather than by Intl.NumberFormat:
 * a browser tab's first Intl formatter loads ICU's locale data, 40-110 ms of main thread on this
 * project's machines (docs/benchmarks.md), which fell inside the first screen of every page that
 * shows a price. The rule is Intl's, and shared/test/money.test.ts holds the two to the same
 * answers: a number is read as its shortest decimal text (1.005 is "1.005"), rounded half away
 * from zero to two decimals; a negative amount that rounds to zero shows no sign. Input that is
 * not a plain decimal (NaN, Infinity, words) goes to Intl as before.
 */
let intlFormat: Intl.NumberFormat | undefined;
const byIntl = (a: number | string) => {
  intlFormat ??= new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    roundingMode: 'halfExpand',
    signDisplay: 'negative',
  });
  return intlFormat.format(a as unknown as number);
};

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;
const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/** `digits` (decimal digits only) plus one in its last place: "0999" -> "1000", "99" -> "100". */
const plusOne = (digits: string): string => {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - i - 1);
};

/** "1,234.50". Accepts numbers and the decimal strings money.ts returns. */
export const formatAmount = (a: number | string): string => {
  const text = typeof a === 'number' ? String(a) : a.trim();
  const m = DECIMAL.exec(text);
  const whole = m?.[2] ?? '';
  const fraction = m?.[3] ?? '';
  const exponent = Number(m?.[4] ?? 0);
  if (!m || whole + fraction === '' || Math.abs(exponent) > 400) return byIntl(a);
  // The digits with the point moved by the exponent, padded so both sides exist.
  let digits = whole + fraction;
  let point = whole.length + exponent;
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point + 3, '0');
  // Kept: the integer digits and two decimals; the third decimal rounds them half away from zero.
  let kept = digits.slice(0, point + 2);
  if (digits.charCodeAt(point + 2) >= 53 /* '5' */) kept = plusOne(kept);
  const integer = kept.slice(0, -2).replace(/^0+(?=\d)/, '');
  const shown = `${integer.replace(GROUPS, ',')}.${kept.slice(-2)}`;
  return m[1] === '-' && /[1-9]/.test(kept) ? `-${shown}` : shown;
};

/** "$1,234.50". */
export const formatPrice = (a: number | string): string => `$${formatAmount(a)}`;

/**
 * "12,345": a count (goods, sales, stock) with en-US grouping, as `toLocaleString('en-US')` shows
 * it, without Intl's first-use cost (see above); a number that is not a safe integer goes to Intl.
 */
export const formatCount = (n: number): string =>
  Number.isSafeInteger(n) ? String(n).replace(GROUPS, ',') : n.toLocaleString('en-US');
