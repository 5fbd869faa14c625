import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

/** The wallet's settings (docs/wallet.md; README: configuration): defaults, and refusals naming the variable. */
describe('wallet configuration', () => {
  it('defaults to 1 point a dollar, 1 cent a point, a 20% share and completion 14 days after shipping', () => {
    const config = loadConfig({});
    expect(config.points).toEqual({ earnPerDollar: 1, valueCents: 1, maxSharePercent: 20 });
    expect(config.orderAutoCompleteDays).toBe(14);
  });

  it('takes the values it is given', () => {
    const config = loadConfig({
      POINTS_EARN_PER_DOLLAR: '2',
      POINT_VALUE_CENTS: '5',
      POINTS_MAX_SHARE_PERCENT: '50',
      ORDER_AUTO_COMPLETE_DAYS: '7',
    });
    expect(config.points).toEqual({ earnPerDollar: 2, valueCents: 5, maxSharePercent: 50 });
    expect(config.orderAutoCompleteDays).toBe(7);
  });

  it.each([
    ['POINTS_EARN_PER_DOLLAR', '-1'],
    ['POINTS_EARN_PER_DOLLAR', '1.5'],
    ['POINT_VALUE_CENTS', '0'],
    ['POINTS_MAX_SHARE_PERCENT', '101'],
    ['POINTS_MAX_SHARE_PERCENT', 'twenty'],
    ['ORDER_AUTO_COMPLETE_DAYS', '0'],
    ['ORDER_AUTO_COMPLETE_DAYS', '99999999999999999999'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});
