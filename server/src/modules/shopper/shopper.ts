import type { Db } from '../../db/client.ts';
import type { RequestMember } from '../../lib/auth.ts';
import { resolveStockOrganisationId } from '../reference/index.ts';

/**
 * Who is looking, the context every catalogue, cart and checkout read is answered for: the price
 * tier they pay (docs/calls.md: catalogue and search) and the organisation whose stock they see.
 */

export interface PriceTier {
  kind: 'guest' | 'retail' | 'wholesale';
  /** A club (VIP) member; only changes the price of retail members. */
  vip: boolean;
}

export const GUEST_TIER: PriceTier = Object.freeze({ kind: 'guest', vip: false });

/**
 * The price tier of a shopper, from the member the auth plugin verified (null: a guest):
 * guests (and requests with tokens that are not valid) pay as guests, wholesale members the
 * wholesale price, retail members retail or, as club (VIP) members, the club price. The VIP flag
 * is read from the member row with the session on every signed-in request, so a change of
 * membership shows on the next request.
 */
export const priceTierOf = (member: RequestMember | null): PriceTier => {
  if (!member) return GUEST_TIER;
  return member.kind === 'wholesale'
    ? { kind: 'wholesale', vip: false }
    : { kind: 'retail', vip: member.vip };
};

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

/** A cache that loads a key once and keeps it (the catalogue's ReadCache). */
export interface KeyedCache {
  get<T>(key: string, loadOnce: () => PromiseLike<T>): Promise<T>;
}

/** `shopperOf` with the organisation lookup kept in `cache`. */
export const cachedShopperOf = async (db: Db, visitor: Visitor, cache: KeyedCache): Promise<Shopper> => ({
  tier: priceTierOf(visitor.member),
  orgId: await cache.get(`org:${visitor.orgId ?? ''}`, () => resolveStockOrganisationId(db, visitor.orgId)),
  now: new Date(),
});

/** A cache key part for what changes the answer: price tier and stock organisation. */
export const shopperKey = (s: Shopper) => `${s.tier.kind}:${s.tier.vip ? 1 : 0}:${s.orgId ?? ''}`;
