import { MINIMUM_ORDER, SHOWROOM_HOURS } from '@mall/shared/constants';
import { formatPrice } from '@mall/shared/money-format';

/** The wholesale facts, shown as tiles above the wholesale terms (the same figures the checkout applies). */
export const WHOLESALE_FACTS = [
  { label: 'Showroom hours', value: `${SHOWROOM_HOURS} daily` },
  { label: 'Pickup', value: 'No pickup: every order is delivered' },
  { label: 'Minimum order, North Island', value: formatPrice(MINIMUM_ORDER.north) },
  { label: 'Minimum order, South Island', value: formatPrice(MINIMUM_ORDER.south) },
] as const;
