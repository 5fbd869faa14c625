import { COMPANY } from './company.ts';
import { MINIMUM_ORDER, SHOWROOM_HOURS } from './constants.ts';
import { formatPrice } from './money-format.ts';

/**
 * The terms a shopper agrees to (docs/back-office-content.md: the agreement): the standard terms
 * in store mode and the wholesale terms in supplier mode. Each is a list of sections of HTML.
 * What follows is the shop's own text, used until an operator saves another in the back office.
 */

export const TERMS_KEYS = ['standard', 'wholesale'] as const;
export type TermsKey = (typeof TERMS_KEYS)[number];

export interface TermsSection {
  /** The anchor of the section (`#prices`): lower-case letters, digits and dashes. */
  id: string;
  title: string;
  /** Cleaned HTML: paragraphs, lists, emphasis and links. */
  html: string;
}

const standard = (brand: string): TermsSection[] => [
  {
    id: 'about',
    title: 'About these terms',
    html: `<p>These terms apply when you browse or buy from ${brand}, operated by ${COMPANY.legalName} (NZBN ${COMPANY.nzbn}). By placing an order you agree to them. Nothing in these terms limits your rights under the Consumer Guarantees Act 1993 or the Fair Trading Act 1986.</p>`,
  },
  {
    id: 'prices',
    title: 'Prices',
    html: `<p>All prices are in <strong>New Zealand dollars (NZD)</strong> and <strong>include GST</strong> at the current rate of 15%. Delivery charges are shown separately at checkout before you pay.</p>
<ul>
<li>The price you pay is the price shown in your cart when you place the order.</li>
<li>If a price is clearly wrong because of an error, we will tell you before dispatch and you may cancel for a full refund.</li>
<li>Club members may see member prices; these apply only while the membership is active.</li>
</ul>`,
  },
  {
    id: 'discounts',
    title: 'Discounts, coupons and cash-back',
    html: `<p>Discount cards, coupons and cash cards are issued with their own conditions and expiry dates, shown in your account.</p>
<ul>
<li><strong>A coupon cannot be combined with another promotion code.</strong> One coupon or promotion code applies per order.</li>
<li><strong>Cash-back goes back to the original payment account.</strong> We cannot pay it to a different card, account or person.</li>
<li>Coupons and cash cards have no cash value and cannot be exchanged for cash.</li>
<li>If you return goods bought with a discount, the refund is the amount you actually paid for those goods.</li>
</ul>`,
  },
  {
    id: 'competitions',
    title: 'Competitions',
    html: `<p>From time to time we run competitions and giveaways. Each one has its own entry rules, published with it; these terms apply as well.</p>
<ul>
<li>Entry is free and open to New Zealand residents aged 18 or over unless the rules say otherwise.</li>
<li>Winners are drawn at random, contacted by e-mail or phone, and named only with their permission.</li>
<li>Prizes cannot be transferred or exchanged for cash.</li>
</ul>`,
  },
  {
    id: 'privacy',
    title: 'Privacy',
    html: `<p>We collect and use your personal information in line with the <strong>Privacy Act 2020</strong>. We collect only what we need to process your orders, deliver them, run your account and, if you agree, send you offers.</p>
<ul>
<li>We do not sell your personal information.</li>
<li>We share it only with the suppliers, couriers and payment providers who need it to fulfil your order.</li>
<li>You may ask to see or correct the information we hold about you at any time by writing to ${COMPANY.privacyEmail}.</li>
<li>If you are unhappy with how we handle your information, you can complain to the Office of the Privacy Commissioner.</li>
</ul>`,
  },
  {
    id: 'cookies',
    title: 'Cookies',
    html: `<p>Our website stores small pieces of information in your browser to keep you signed in, remember your cart and the lists you browsed, and keep the site secure. These are needed for the shop to work.</p>
<p>We do not use advertising trackers. You can clear stored data in your browser settings at any time; you will then need to sign in again and your guest cart will be emptied.</p>`,
  },
  {
    id: 'contact',
    title: 'Contact us',
    html: `<p>${COMPANY.legalName}, ${COMPANY.address}. Freephone ${COMPANY.phone}, e-mail ${COMPANY.email}, or use Online service at the foot of every page.</p>`,
  },
];

const wholesale = (brand: string): TermsSection[] => [
  {
    id: 'accounts',
    title: 'Wholesale accounts',
    html: `<p>Wholesale buying on ${brand} is for registered New Zealand businesses. Open a wholesale account with your company name, company number and NZBN; we may ask for proof before your first order is released. These terms apply with our standard terms and conditions; where they differ, these terms apply to wholesale orders.</p>`,
  },
  {
    id: 'showroom',
    title: 'Showroom and pickup',
    html: `<p>Our showroom is open <strong>${SHOWROOM_HOURS} daily</strong>. Come and see the range, meet our team and plan your order.</p>
<p><strong>There is no pickup.</strong> The showroom displays samples only; every wholesale order is packed at our warehouse and delivered to your business address.</p>`,
  },
  {
    id: 'minimum-order',
    title: 'Minimum order',
    html: `<p>The minimum order value depends on where it is delivered:</p>
<ul>
<li><strong>North Island: ${formatPrice(MINIMUM_ORDER.north)}</strong> per order</li>
<li><strong>South Island: ${formatPrice(MINIMUM_ORDER.south)}</strong> per order</li>
</ul>
<p>Minimum order values are in NZD and include GST.</p>`,
  },
  {
    id: 'prices',
    title: 'Prices, GST and invoices',
    html: `<ul>
<li>Wholesale prices are in New Zealand dollars and include GST; a tax invoice is issued for every order.</li>
<li>Prices may change without notice; the price that applies is the one shown when the order is placed.</li>
<li>Goods sold in cases or packs are ordered in those multiples.</li>
</ul>`,
  },
  {
    id: 'delivery',
    title: 'Delivery',
    html: `<p>We deliver to business addresses throughout New Zealand. Rural and offshore-island addresses may take longer. Please check each delivery when it arrives and tell us about any damage or shortage within 2 working days.</p>`,
  },
  {
    id: 'returns',
    title: 'Returns',
    html: `<p>Because you buy for business purposes, the Consumer Guarantees Act 1993 does not apply to wholesale orders. Faulty goods reported within 7 days of delivery are replaced or refunded; other returns are by agreement and may carry a restocking fee.</p>`,
  },
  {
    id: 'contact',
    title: 'Contact us',
    html: `<p>${COMPANY.legalName}, ${COMPANY.address}. Freephone ${COMPANY.phone}, trade enquiries ${COMPANY.tradeEmail}.</p>`,
  },
];

/** The shop's own terms of `key`, with the shop's brand. */
export const defaultTerms = (key: TermsKey, brand: string): TermsSection[] =>
  key === 'standard' ? standard(brand) : wholesale(brand);
