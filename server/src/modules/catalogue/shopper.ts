import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
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

/** The shopper of a request: tier from `priceTierOf`, stock of the `orgId` header's organisation or the NZ stock one. */
export const shopperOf = async (db: Db, request: FastifyRequest): Promise<Shopper> => ({
  tier: priceTierOf(request),
  orgId: await resolveStockOrganisationId(db, request.orgId),
  now: new Date(),
});

/** `shopperOf` with the organisation lookup kept in `cache`. */
export const cachedShopperOf = async (
  db: Db,
  request: FastifyRequest,
  cache: ReadCache,
): Promise<Shopper> => ({
  tier: priceTierOf(request),
  orgId: await cache.get(`org:${request.orgId ?? ''}`, () => resolveStockOrganisationId(db, request.orgId)),
  now: new Date(),
});

/** A cache key part for what changes the answer: price tier and stock organisation. */
export const shopperKey = (s: Shopper) => `${s.tier.kind}:${s.tier.vip ? 1 : 0}:${s.orgId ?? ''}`;
