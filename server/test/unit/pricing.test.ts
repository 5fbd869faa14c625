import { describe, expect, it } from 'vitest';
import { shownPrice, tierPrice } from '../../src/modules/catalogue/pricing.ts';
import { GUEST_TIER, type PriceTier } from '../../src/modules/shopper/index.ts';

const prices = { retailCents: 1000, wholesaleCents: 750, clubCents: 920 };
const start = new Date('2025-03-01T00:00:00.000Z');
const end = new Date('2025-03-08T00:00:00.000Z');
const before = new Date(start.getTime() - 1);
const justBeforeEnd = new Date(end.getTime() - 1);
const promo = (priceCents: number) => [{ priceCents, startsAt: start, endsAt: end }];

const tiers: Record<string, PriceTier> = {
  guest: GUEST_TIER,
  retail: { kind: 'retail', vip: false },
  vip: { kind: 'retail', vip: true },
  wholesale: { kind: 'wholesale', vip: false },
  wholesaleVip: { kind: 'wholesale', vip: true },
};

describe('pricing rule (unit)', () => {
  it('pays retail as a guest or retail member, club as a VIP retail member, wholesale as a wholesale member', () => {
    expect(tierPrice(tiers.guest!)).toBe('retail');
    expect(tierPrice(tiers.retail!)).toBe('retail');
    expect(tierPrice(tiers.vip!)).toBe('club');
    expect(tierPrice(tiers.wholesale!)).toBe('wholesale');
    // Club prices are for retail members: a VIP flag does not change a wholesale member's price.
    expect(tierPrice(tiers.wholesaleVip!)).toBe('wholesale');
  });

  it('shows each tier its price with the retail price as original when lower, no promotion', () => {
    expect(shownPrice(tiers.guest!, prices, [], start)).toEqual({
      priceCents: 1000,
      originalCents: null,
      onPromotion: false,
      promotionEndsAt: null,
    });
    expect(shownPrice(tiers.retail!, prices, [], start).priceCents).toBe(1000);
    expect(shownPrice(tiers.vip!, prices, [], start)).toEqual({
      priceCents: 920,
      originalCents: 1000,
      onPromotion: false,
      promotionEndsAt: null,
    });
    expect(shownPrice(tiers.wholesale!, prices, [], start)).toMatchObject({
      priceCents: 750,
      originalCents: 1000,
    });
  });

  it('lets a running promotion win when lower, from its start (included) to its end (excluded)', () => {
    const p = promo(850);
    expect(shownPrice(tiers.guest!, prices, p, before)).toMatchObject({
      priceCents: 1000,
      onPromotion: false,
    });
    expect(shownPrice(tiers.guest!, prices, p, start)).toEqual({
      priceCents: 850,
      originalCents: 1000,
      onPromotion: true,
      promotionEndsAt: end,
    });
    expect(shownPrice(tiers.guest!, prices, p, justBeforeEnd)).toMatchObject({
      priceCents: 850,
      onPromotion: true,
    });
    expect(shownPrice(tiers.guest!, prices, p, end)).toMatchObject({
      priceCents: 1000,
      originalCents: null,
      onPromotion: false,
    });
    expect(shownPrice(tiers.retail!, prices, p, start)).toMatchObject({ priceCents: 850, onPromotion: true });
    expect(shownPrice(tiers.vip!, prices, p, start)).toMatchObject({ priceCents: 850, onPromotion: true });
  });

  it('keeps the member price when the promotion is not lower, and takes the lowest of several', () => {
    const p = promo(850);
    expect(shownPrice(tiers.wholesale!, prices, p, start)).toEqual({
      priceCents: 750,
      originalCents: 1000,
      onPromotion: false,
      promotionEndsAt: null,
    });
    // Equal is not lower.
    expect(shownPrice(tiers.vip!, prices, promo(920), start)).toMatchObject({
      priceCents: 920,
      onPromotion: false,
    });
    const two = [...promo(900), { priceCents: 700, startsAt: start, endsAt: justBeforeEnd }];
    expect(shownPrice(tiers.wholesale!, prices, two, start)).toMatchObject({
      priceCents: 700,
      onPromotion: true,
      promotionEndsAt: justBeforeEnd,
    });
    // A promotion that has not started or has ended is ignored.
    const later = [{ priceCents: 100, startsAt: end, endsAt: new Date(end.getTime() + 86_400_000) }];
    expect(shownPrice(tiers.guest!, prices, later, start).priceCents).toBe(1000);
  });
});
