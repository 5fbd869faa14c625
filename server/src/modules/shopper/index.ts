/** The shopper module's face: who is looking (price tier, stock organisation), for every read that prices goods. */
export {
  cachedShopperOf,
  GUEST_TIER,
  type KeyedCache,
  type PriceTier,
  priceTierOf,
  type Shopper,
  shopperKey,
  shopperOf,
  type Visitor,
} from './shopper.ts';
