import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { divide, fromCents, minus, plus, round, times, toCents } from '../src/money.ts';
import { formatAmount, formatPrice } from '../src/money-format.ts';

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
