import type { Db } from '../../db/client.ts';
import type { RequestMember } from '../../lib/auth.ts';
import { resolveStockOrganisationId } from '../reference/service.ts';
import { type PriceTier, priceTierOf } from './pricing.ts';
import type { ReadCache } from './read-cache.ts';

/** Who is looking, for prices and stock: the price tier, the organisation whose stock they see, and now. */
export interface Shopper {
  tier: PriceTier;
  /** The organisation whose stock is shown; null when none is configured (stock then reads 0). */
  orgId: number | null;
  now: Date;
}

/** Who is asking (a request is one): the signed-in member or a guest, and the organisation whose stock they asked for. */
export interface Visitor {
  member: RequestMember | null;
  /** From the `orgId` header; null when not given. */
  orgId: number | null;
}

/** The visitor's shopper: tier from `priceTierOf`, stock of the asked organisation or the NZ stock one. */
export const shopperOf = async (db: Db, visitor: Visitor): Promise<Shopper> => ({
  tier: priceTierOf(visitor.member),
  orgId: await resolveStockOrganisationId(db, visitor.orgId),
  now: new Date(),
});

/** `shopperOf` with the organisation lookup kept in `cache`. */
export const cachedShopperOf = async (db: Db, visitor: Visitor, cache: ReadCache): Promise<Shopper> => ({
  tier: priceTierOf(visitor.member),
  orgId: await cache.get(`org:${visitor.orgId ?? ''}`, () => resolveStockOrganisationId(db, visitor.orgId)),
  now: new Date(),
});

/** A cache key part for what changes the answer: price tier and stock organisation. */
export const shopperKey = (s: Shopper) => `${s.tier.kind}:${s.tier.vip ? 1 : 0}:${s.orgId ?? ''}`;
