import { appConfig } from '../../lib/app-config.ts';
import { COMPANY } from '../../lib/company.ts';
import type { TermsSection } from './TermsDocument.tsx';

const brand = appConfig.brand;

/**
 * The standard terms (docs/routes.md): prices, privacy, cookies, discounts and competitions.
 * A coupon cannot be combined with another promotion code; cash-back goes back to the
 * original payment account.
 */
export const STANDARD_TERMS: readonly TermsSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <p>
          These terms apply when you browse or buy from {brand}, operated by {COMPANY.legalName} (NZBN{' '}
          {COMPANY.nzbn}). By placing an order you agree to them. Nothing in these terms limits your rights
          under the Consumer Guarantees Act 1993 or the Fair Trading Act 1986.
        </p>
      </>
    ),
  },
  {
    id: 'prices',
    title: 'Prices',
    body: (
      <>
        <p>
          All prices are in <strong>New Zealand dollars (NZD)</strong> and <strong>include GST</strong> at the
          current rate of 15%. Delivery charges are shown separately at checkout before you pay.
        </p>
        <ul>
          <li>The price you pay is the price shown in your cart when you place the order.</li>
          <li>
            If a price is clearly wrong because of an error, we will tell you before dispatch and you may
            cancel for a full refund.
          </li>
          <li>Club members may see member prices; these apply only while the membership is active.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'discounts',
    title: 'Discounts, coupons and cash-back',
    body: (
      <>
        <p>
          Discount cards, coupons and cash cards are issued with their own conditions and expiry dates, shown
          in your account.
        </p>
        <ul>
          <li>
            <strong>A coupon cannot be combined with another promotion code.</strong> One coupon or promotion
            code applies per order.
          </li>
          <li>
            <strong>Cash-back goes back to the original payment account.</strong> We cannot pay it to a
            different card, account or person.
          </li>
          <li>Coupons and cash cards have no cash value and cannot be exchanged for cash.</li>
          <li>
            If you return goods bought with a discount, the refund is the amount you actually paid for those
            goods.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'competitions',
    title: 'Competitions',
    body: (
      <>
        <p>
          From time to time we run competitions and giveaways. Each one has its own entry rules, published
          with it; these terms apply as well.
        </p>
        <ul>
          <li>
            Entry is free and open to New Zealand residents aged 18 or over unless the rules say otherwise.
          </li>
          <li>
            Winners are drawn at random, contacted by e-mail or phone, and named only with their permission.
          </li>
          <li>Prizes cannot be transferred or exchanged for cash.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <>
        <p>
          We collect and use your personal information in line with the <strong>Privacy Act 2020</strong>. We
          collect only what we need to process your orders, deliver them, run your account and, if you agree,
          send you offers.
        </p>
        <ul>
          <li>We do not sell your personal information.</li>
          <li>
            We share it only with the suppliers, couriers and payment providers who need it to fulfil your
            order.
          </li>
          <li>
            You may ask to see or correct the information we hold about you at any time by writing to{' '}
            {COMPANY.privacyEmail}.
          </li>
          <li>
            If you are unhappy with how we handle your information, you can complain to the Office of the
            Privacy Commissioner.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          Our website stores small pieces of information in your browser to keep you signed in, remember your
          cart and the lists you browsed, and keep the site secure. These are needed for the shop to work.
        </p>
        <p>
          We do not use advertising trackers. You can clear stored data in your browser settings at any time;
          you will then need to sign in again and your guest cart will be emptied.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        {COMPANY.legalName}, {COMPANY.address}. Freephone {COMPANY.phone}, e-mail {COMPANY.email}, or use
        Online service at the foot of every page.
      </p>
    ),
  },
];
