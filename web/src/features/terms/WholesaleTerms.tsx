import { MINIMUM_ORDER, SHOWROOM_HOURS } from '@mall/shared/constants';
import { formatPrice } from '@mall/shared/money-format';
import { appConfig } from '../../lib/app-config.ts';
import { COMPANY } from '../../lib/company.ts';
import type { TermsSection } from './TermsDocument.tsx';

const brand = appConfig.brand;

/** The wholesale facts in one place: the key facts panel and the terms text both use them. */
export const WHOLESALE_FACTS = [
  { label: 'Showroom hours', value: `${SHOWROOM_HOURS} daily` },
  { label: 'Pickup', value: 'No pickup: every order is delivered' },
  { label: 'Minimum order, North Island', value: formatPrice(MINIMUM_ORDER.north) },
  { label: 'Minimum order, South Island', value: formatPrice(MINIMUM_ORDER.south) },
] as const;

/**
 * The wholesale terms (docs/routes.md): a showroom open 9:00-17:00 daily, no pickup, minimum
 * order 600 for the North Island and 2000 for the South Island.
 */
export const WHOLESALE_TERMS: readonly TermsSection[] = [
  {
    id: 'accounts',
    title: 'Wholesale accounts',
    body: (
      <p>
        Wholesale buying on {brand} is for registered New Zealand businesses. Open a wholesale account with
        your company name, company number and NZBN; we may ask for proof before your first order is released.
        These terms apply with our standard terms and conditions; where they differ, these terms apply to
        wholesale orders.
      </p>
    ),
  },
  {
    id: 'showroom',
    title: 'Showroom and pickup',
    body: (
      <>
        <p>
          Our showroom is open <strong>{SHOWROOM_HOURS} daily</strong>. Come and see the range, meet our team
          and plan your order.
        </p>
        <p>
          <strong>There is no pickup.</strong> The showroom displays samples only; every wholesale order is
          packed at our warehouse and delivered to your business address.
        </p>
      </>
    ),
  },
  {
    id: 'minimum-order',
    title: 'Minimum order',
    body: (
      <>
        <p>The minimum order value depends on where it is delivered:</p>
        <ul>
          <li>
            <strong>North Island: {formatPrice(MINIMUM_ORDER.north)}</strong> per order
          </li>
          <li>
            <strong>South Island: {formatPrice(MINIMUM_ORDER.south)}</strong> per order
          </li>
        </ul>
        <p>Minimum order values are in NZD and include GST.</p>
      </>
    ),
  },
  {
    id: 'prices',
    title: 'Prices, GST and invoices',
    body: (
      <ul>
        <li>
          Wholesale prices are in New Zealand dollars and include GST; a tax invoice is issued for every
          order.
        </li>
        <li>
          Prices may change without notice; the price that applies is the one shown when the order is placed.
        </li>
        <li>Goods sold in cases or packs are ordered in those multiples.</li>
      </ul>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery',
    body: (
      <p>
        We deliver to business addresses throughout New Zealand. Rural and offshore-island addresses may take
        longer. Please check each delivery when it arrives and tell us about any damage or shortage within 2
        working days.
      </p>
    ),
  },
  {
    id: 'returns',
    title: 'Returns',
    body: (
      <p>
        Because you buy for business purposes, the Consumer Guarantees Act 1993 does not apply to wholesale
        orders. Faulty goods reported within 7 days of delivery are replaced or refunded; other returns are by
        agreement and may carry a restocking fee.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        {COMPANY.legalName}, {COMPANY.address}. Freephone {COMPANY.phone}, trade enquiries{' '}
        {COMPANY.tradeEmail}.
      </p>
    ),
  },
];
