import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { divide, fromCents, minus, plus, round, times, toCents } from '../src/money.ts';
import { formatAmount, formatCount, formatPrice } from '../src/money-format.ts';

describe('money', () => {
  it('adds without float error', () => {
    expect(plus(0.1, 0.2)).toBe('0.3');
    expect(plus('19.99', '0.01', 5)).toBe('25');
  });
  it('subtracts, multiplies and divides exactly', () => {
    expect(minus(1, 0.9)).toBe('0.1');
    expect(times('19.99', 3)).toBe('59.97');
    expect(divide(10, 4)).toBe('2.5');
    expect(() => divide(1, 0)).toThrow(RangeError);
  });
  it('rounds half up to cents', () => {
    expect(round('2.345')).toBe('2.35');
    expect(round('2.344')).toBe('2.34');
    expect(round(1.005)).toBe('1.01');
    expect(round('-2.345')).toBe('-2.35');
  });
  it('displays two decimals with en-US grouping', () => {
    expect(formatAmount(1234567.5)).toBe('1,234,567.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount('-1234.5')).toBe('-1,234.50');
    expect(formatAmount('-0.001')).toBe('0.00');
    expect(formatPrice(600)).toBe('$600.00');
    expect(formatAmount('12345678901234567.555')).toBe('12,345,678,901,234,567.56');
    expect(formatAmount(1.005)).toBe('1.01');
    expect(formatAmount(plus('0.1', '0.2'))).toBe('0.30');
  });
  it("places the digits as Intl's en-US formatter does (two decimals, half away from zero), for numbers and decimal strings", () => {
    const intl = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      roundingMode: 'halfExpand',
      signDisplay: 'negative',
    });
    const asIntl = (a: number | string) => intl.format(a as unknown as number);
    // A fixed pseudo-random walk (repeatable) over amounts of every size, halves and nines.
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const cases: (number | string)[] = [
      0.005,
      -0.005,
      0.004999,
      9.995,
      99.995,
      999.995,
      999999.995,
      -999.995,
      0.1 + 0.2,
      1e21,
      1.5e-7,
      -1e-7,
      123e-5,
      '1e3',
      '-0',
      '.5',
      '5.',
      '+7.125',
      '000123.455',
      '  42.1 ',
      '1E+2',
      '0.000',
      Number.MAX_SAFE_INTEGER,
      2 ** 70,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      'x',
      '',
    ];
    for (let i = 0; i < 3000; i++) {
      const cents = Math.floor(next() * 10 ** Math.floor(next() * 12));
      const sign = next() < 0.2 ? -1 : 1;
      const extra = Math.floor(next() * 1000);
      cases.push(sign * (cents / 100), `${sign < 0 ? '-' : ''}${cents}.${String(extra).padStart(3, '0')}`);
      cases.push((sign * cents) / 1000, `${cents}.${extra % 10 === 5 ? '995' : '5'}`);
    }
    for (const a of cases) expect([a, formatAmount(a)]).toEqual([a, asIntl(a)]);
  });
  it("groups counts as toLocaleString('en-US') does", () => {
    const counts = [
      0,
      7,
      -7,
      999,
      1000,
      -1000,
      123456,
      1234567,
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
    ];
    for (let n = 1; n < 1e15; n = n * 7 + 3) counts.push(n, -n);
    counts.push(2 ** 60, 1.5, 1234.5678, Number.NaN);
    for (const n of counts) expect([n, formatCount(n)]).toEqual([n, n.toLocaleString('en-US')]);
  });
  it('converts to and from integer cents', () => {
    expect(toCents('19.99')).toBe(1999);
    expect(fromCents(1999)).toBe(19.99);
    expect(() => toCents('1.234')).toThrow(RangeError);
    expect(() => fromCents(19.5)).toThrow(RangeError);
  });
  it('answers from cents exactly the number the decimal amount parses to', () => {
    const exact = (c: number) => Number(new Decimal(c).dividedBy(100).toFixed());
    for (let c = -2000; c <= 1_000_000; c++)
      if (fromCents(c) !== exact(c)) expect(fromCents(c)).toBe(exact(c));
    for (const c of [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 40 + 7, 123456789012345])
      expect(fromCents(c)).toBe(exact(c));
    for (const c of [1999, 10, 1, 7, 29, 999999]) expect(toCents(fromCents(c))).toBe(c);
  });
});
