import { eq } from 'drizzle-orm';
import {
  advertSvg,
  type BannerArt,
  type DemoPicture,
  type PromoArt,
  promoSvg,
  slideSvg,
  topBannerSvg,
  writeDemoPictures,
} from '../../seed/pictures.ts';
import type { SeedSet } from '../../seed/run-seeds.ts';
import { banner, introduce, introduceGroup, mallSite, siteLink } from './tables.ts';

/** `{{page:key}}` in content and link URLs becomes `/pages/home/html?id=<id of that page>`. */
const page = (key: string) => `{{page:${key}}}`;
const search = (keyword: string) => `/pages/search/index?keyword=${encodeURIComponent(keyword)}`;

interface PageSeed {
  key: string;
  title: string;
  summary: string;
  icon: string;
  updatedAt: string;
  content: string;
}

interface GroupSeed {
  placement: 'app' | 'main';
  name: string;
  pages: PageSeed[];
}

const html = (parts: TemplateStringsArray, ...values: string[]) =>
  String.raw({ raw: parts }, ...values)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');

/** Shop-introduction pages: the footer service highlights and the grouped help pages. */
export const introduceSeed: GroupSeed[] = [
  {
    placement: 'app',
    name: 'Service highlights',
    pages: [
      {
        key: 'nz-delivery',
        title: 'NZ-wide delivery',
        summary: 'Free standard delivery on orders of $99 or more',
        icon: 'truck',
        updatedAt: '2025-07-01T09:00:00.000Z',
        content: html`
          <h2>Delivered to your door, anywhere in New Zealand</h2>
          <p>We ship from our Auckland and Christchurch warehouses with NZ Post and our courier partners, so most orders arrive in <strong>1-3 working days</strong>.</p>
          <ul>
          <li><strong>Free standard delivery</strong> on retail orders of $99 or more (after discounts) to urban addresses.</li>
          <li>Standard courier is $8.90 per order below $99; rural delivery adds $5.50.</li>
          <li>Every parcel is tracked: you get the tracking number by e-mail as soon as it leaves us.</li>
          </ul>
          <p>See <a href="${page('shipping-rates')}">shipping rates</a> and <a href="${page('delivery-areas')}">delivery areas</a> for the details.</p>
        `,
      },
      {
        key: 'secure-payment',
        title: 'Secure payment',
        summary: 'Visa, Mastercard, Apple Pay and bank transfer',
        icon: 'shield',
        updatedAt: '2025-07-01T09:00:00.000Z',
        content: html`
          <h2>Pay the way you like, safely</h2>
          <p>Card payments are handled by a PCI DSS certified payment gateway over an encrypted connection. We never see or store your full card number.</p>
          <ul>
          <li>Visa and Mastercard, credit or debit</li>
          <li>Apple Pay and Google Pay</li>
          <li>Bank transfer from any New Zealand bank</li>
          <li>Kauri cash cards, and trade accounts for approved wholesale customers</li>
          </ul>
          <p>All prices are in New Zealand dollars and <strong>include GST</strong>. More on <a href="${page('payment-methods')}">payment methods</a>.</p>
        `,
      },
      {
        key: 'easy-returns',
        title: '14-day returns',
        summary: 'Changed your mind? Return it within 14 days',
        icon: 'return',
        updatedAt: '2025-07-01T09:00:00.000Z',
        content: html`
          <h2>Easy returns</h2>
          <p>If you change your mind, send the item back <strong>unused and in its original packaging within 14 days</strong> of delivery and we will refund you.</p>
          <p>Faulty goods are always covered by the Consumer Guarantees Act, whatever the date: we will put it right with a repair, replacement or refund.</p>
          <p>Read the full <a href="${page('returns')}">returns &amp; refunds policy</a>.</p>
        `,
      },
      {
        key: 'local-support',
        title: 'Local support',
        summary: 'A real team in Auckland, 8:00-20:00 every day',
        icon: 'headset',
        updatedAt: '2025-07-01T09:00:00.000Z',
        content: html`
          <h2>Talk to a real person</h2>
          <p>Our customer care team works from our East Tāmaki warehouse in Auckland, so the person you talk to can walk over and check your parcel.</p>
          <ul>
          <li>Live chat and phone <strong>0800 555 014</strong>: 8:00-20:00, 7 days</li>
          <li>E-mail <a href="mailto:help@kaurimall.co.nz">help@kaurimall.co.nz</a>: we reply within one working day</li>
          </ul>
          <p>All the ways to reach us are on the <a href="${page('contact')}">contact us</a> page.</p>
        `,
      },
    ],
  },
  {
    placement: 'main',
    name: 'Shopping guide',
    pages: [
      {
        key: 'how-to-order',
        title: 'How to order',
        summary: 'From search to doorstep in five steps',
        icon: 'store',
        updatedAt: '2025-06-12T21:30:00.000Z',
        content: html`
          <h2>How to order</h2>
          <ul>
          <li><strong>Find it.</strong> Search by keyword, browse the categories in the menu, or pick a supplier.</li>
          <li><strong>Add it to your cart.</strong> Choose the option and quantity. Some goods have a purchase limit per order.</li>
          <li><strong>Check out.</strong> Sign in or register, then choose a delivery address and delivery method.</li>
          <li><strong>Pay.</strong> Pay by card, Apple Pay, Google Pay, bank transfer or cash card. You get an order confirmation and a GST tax invoice by e-mail.</li>
          <li><strong>Track it.</strong> Follow your order under <a href="/pages/order/index">My Order</a>.</li>
          </ul>
          <h2>Good to know</h2>
          <p>Products in Local SPY, our own range, can only be purchased on their own: they cannot be mixed with products from other suppliers in one order.</p>
          <p>Wholesale customers can also <a href="/pages/order/upload">import an order from a spreadsheet</a>.</p>
        `,
      },
      {
        key: 'payment-methods',
        title: 'Payment methods',
        summary: 'Cards, Apple Pay, Google Pay, bank transfer and cash cards',
        icon: 'shield',
        updatedAt: '2025-06-12T21:30:00.000Z',
        content: html`
          <h2>Payment methods</h2>
          <ul>
          <li><strong>Visa and Mastercard</strong> (credit and debit): paid straight away.</li>
          <li><strong>Apple Pay and Google Pay</strong> on supported phones and browsers.</li>
          <li><strong>Bank transfer</strong> from any New Zealand bank. Use your order number as the reference; we hold the goods for 3 working days and dispatch once the payment arrives.</li>
          <li><strong>Kauri cash cards</strong>: use the balance on its own or together with another method.</li>
          <li><strong>Trade account</strong> for approved wholesale customers: invoices are due on the 20th of the month after purchase.</li>
          </ul>
          <h2>Prices and GST</h2>
          <p>Prices are in New Zealand dollars and include 15% GST. Every order comes with a GST tax invoice, which you can also download from the order detail.</p>
          <p>Card payments go through a PCI DSS certified gateway. We never store your card number.</p>
        `,
      },
      {
        key: 'club-membership',
        title: 'Club membership',
        summary: 'Member prices and points with Kauri Club',
        icon: 'tag',
        updatedAt: '2025-06-20T02:00:00.000Z',
        content: html`
          <h2>Kauri Club</h2>
          <p>Kauri Club is our membership for regular shoppers. Members get:</p>
          <ul>
          <li><strong>Member prices</strong> on thousands of products, shown next to the normal price.</li>
          <li><strong>Points on every order</strong>: 1 point for every dollar spent, redeemed at checkout.</li>
          <li>Early access to sales and member-only promotions.</li>
          </ul>
          <p>There are three levels: Silver, Gold and Platinum. Membership lasts 12 months and is paid like an order. See the prices and join on the <a href="/pages/user/vip/index">Club membership</a> page.</p>
        `,
      },
    ],
  },
  {
    placement: 'main',
    name: 'Delivery',
    pages: [
      {
        key: 'shipping-rates',
        title: 'Shipping rates',
        summary: 'Free over $99, otherwise from $8.90',
        icon: 'truck',
        updatedAt: '2025-07-01T09:00:00.000Z',
        content: html`
          <h2>Shipping rates (retail)</h2>
          <ul>
          <li><strong>Standard courier</strong>, urban addresses: $8.90 per order, <strong>free on orders of $99 or more</strong> after discounts.</li>
          <li><strong>Rural delivery</strong>: $5.50 on top of the standard rate (also on free-delivery orders).</li>
          <li><strong>Overnight courier</strong>, North Island urban addresses: $14.90. Order by 1 pm on a working day.</li>
          <li><strong>Click &amp; collect</strong>: free.</li>
          </ul>
          <p>Bulky items such as furniture show their own delivery charge on the product page.</p>
          <h2>Wholesale</h2>
          <p>Delivery is included on wholesale orders that meet the minimum order: $600 for the North Island and $2000 for the South Island. See the <a href="/pages/terms/wholesale">wholesale terms</a>.</p>
          <p>All rates include GST.</p>
        `,
      },
      {
        key: 'delivery-areas',
        title: 'Delivery areas',
        summary: 'Everywhere in New Zealand, with typical times',
        icon: 'truck',
        updatedAt: '2025-07-01T09:00:00.000Z',
        content: html`
          <h2>Where we deliver</h2>
          <p>We deliver to every address in New Zealand. North Island orders leave our Auckland warehouse; South Island orders leave our Christchurch warehouse. Orders paid before 1 pm on a working day are dispatched the same day.</p>
          <ul>
          <li>Auckland: 1 working day</li>
          <li>Rest of the North Island: 1-2 working days</li>
          <li>South Island: 1-3 working days</li>
          <li>Rural addresses: allow 1-2 extra working days</li>
          <li>Waiheke Island, Great Barrier Island, Stewart Island and the Chatham Islands: we contact you with a quote before dispatch</li>
          </ul>
          <p>We do not ship overseas. Track your parcel with the link in your dispatch e-mail or on the <a href="https://www.nzpost.co.nz/tools/tracking">NZ Post tracking page</a>.</p>
        `,
      },
      {
        key: 'click-and-collect',
        title: 'Click & collect',
        summary: 'Pick up retail orders free from our showroom or stores',
        icon: 'store',
        updatedAt: '2025-07-01T09:00:00.000Z',
        content: html`
          <h2>Click &amp; collect</h2>
          <p>Choose click &amp; collect at checkout and pick your order up for free from:</p>
          <ul>
          <li>Auckland showroom, 18 Kauri Road, East Tāmaki: 9:00-17:00 daily</li>
          <li>Wellington store, 120 Lambton Quay</li>
          <li>Tauranga store, 55 Cameron Road</li>
          <li>Dunedin store, 200 George Street</li>
          </ul>
          <p>We e-mail you when the order is ready, usually within 2 hours during opening hours. Bring your order number and photo ID. We hold orders for 7 days.</p>
          <p><strong>Click &amp; collect is for retail orders only.</strong> Wholesale orders have no pickup: they are always delivered.</p>
        `,
      },
    ],
  },
  {
    placement: 'main',
    name: 'After-sales',
    pages: [
      {
        key: 'returns',
        title: 'Returns & refunds',
        summary: '14-day change of mind and your Consumer Guarantees Act rights',
        icon: 'return',
        updatedAt: '2025-05-28T23:00:00.000Z',
        content: html`
          <h2>Change of mind</h2>
          <p>You can return most items within <strong>14 days of delivery</strong> if they are unused, in their original packaging and with proof of purchase. Return postage for change-of-mind returns is paid by you.</p>
          <p>We cannot take back for change of mind: perishable food, opened cosmetics and skincare, underwear and swimwear, pierced earrings, personalised items and gift cards.</p>
          <h2>Faulty or not as described</h2>
          <p>Under the <strong>Consumer Guarantees Act 1993</strong> goods must be of acceptable quality, fit for purpose and match their description. If something is wrong, contact us: we pay the return postage and will repair, replace or refund. If the fault is serious, you choose between a refund and a replacement.</p>
          <h2>How refunds are paid</h2>
          <ul>
          <li>Refunds are made within 5 working days of us receiving the item.</li>
          <li>Cash-back goes back to the original payment account.</li>
          <li>Delivery charges are refunded when the item was faulty.</li>
          </ul>
          <p>To start a return, open the order under <a href="/pages/order/index">My Order</a> or <a href="${page('contact')}">contact us</a>. Learn more about your rights at <a href="https://www.consumerprotection.govt.nz/">Consumer Protection</a>.</p>
        `,
      },
      {
        key: 'warranty',
        title: 'Warranty',
        summary: 'Manufacturer warranties plus your rights under NZ law',
        icon: 'shield',
        updatedAt: '2025-05-28T23:00:00.000Z',
        content: html`
          <h2>Warranty</h2>
          <p>Many products, especially electronics and appliances, come with a manufacturer's warranty of 12 or 24 months. The warranty period is shown on the product page and on your tax invoice.</p>
          <p>A warranty is on top of your rights under the Consumer Guarantees Act, not instead of them. Those rights last for a reasonable time for the kind of product, which can be longer than the warranty.</p>
          <h2>Making a claim</h2>
          <ul>
          <li>Contact us with your order number, a description of the fault and a photo or short video.</li>
          <li>We may ask an authorised New Zealand service agent to assess the item.</li>
          <li>For a valid claim we cover the freight both ways.</li>
          </ul>
          <p>Please back up your data before sending a device in for repair.</p>
        `,
      },
      {
        key: 'contact',
        title: 'Contact us',
        summary: 'Chat, phone or e-mail, 7 days',
        icon: 'headset',
        updatedAt: '2025-07-01T09:00:00.000Z',
        content: html`
          <h2>Contact us</h2>
          <ul>
          <li><strong>Live chat</strong>: use Online service at the bottom of any page, 8:00-20:00 daily.</li>
          <li><strong>Phone</strong>: 0800 555 014, 8:00-20:00 daily.</li>
          <li><strong>E-mail</strong>: <a href="mailto:help@kaurimall.co.nz">help@kaurimall.co.nz</a>. We reply within one working day.</li>
          <li><strong>Wholesale and trade accounts</strong>: <a href="mailto:trade@kaurimall.co.nz">trade@kaurimall.co.nz</a>.</li>
          </ul>
          <h2>Visit us</h2>
          <p>Kauri Mall showroom, 18 Kauri Road, East Tāmaki, Auckland 2013. Open 9:00-17:00 daily.</p>
          <p>Please have your order number ready so we can help you quickly.</p>
        `,
      },
    ],
  },
  {
    placement: 'main',
    name: 'About us',
    pages: [
      {
        key: 'our-story',
        title: 'Our story',
        summary: 'A New Zealand mall for households and businesses',
        icon: 'store',
        updatedAt: '2025-03-03T20:00:00.000Z',
        content: html`
          <h2>Our story</h2>
          <p>Kauri Mall started in a small warehouse in East Tāmaki with a simple idea: put the best of New Zealand's independent suppliers under one roof, and sell to households and businesses alike.</p>
          <p>We named it after the kauri, the giant of our northern forests, which grows slowly and lasts for centuries. That is how we like to build relationships with our suppliers and customers.</p>
          <ul>
          <li>Goods from independent New Zealand suppliers, from Kiwi Fresh Foods to Tasman Tech</li>
          <li><strong>Local SPY</strong>, our own range, packed in Auckland</li>
          <li>Retail shopping for everyone and wholesale prices for registered businesses</li>
          </ul>
          <p>Thank you for shopping local.</p>
        `,
      },
      {
        key: 'showroom',
        title: 'Showroom',
        summary: 'East Tāmaki, Auckland: open 9:00-17:00 daily',
        icon: 'store',
        updatedAt: '2025-03-03T20:00:00.000Z',
        content: html`
          <h2>Visit our showroom</h2>
          <p>See and try products before you buy at our showroom, 18 Kauri Road, East Tāmaki, Auckland. Free parking on site.</p>
          <p><strong>Open 9:00-17:00 daily.</strong> Closed on Christmas Day, Good Friday and Easter Sunday; open from 13:00 on Anzac Day.</p>
          <ul>
          <li>Retail customers can collect click &amp; collect orders here.</li>
          <li>Wholesale customers can view samples and talk to our trade team. There is no pickup of wholesale orders: they are always delivered.</li>
          </ul>
        `,
      },
      {
        key: 'careers',
        title: 'Careers',
        summary: 'Join our team in Auckland, Christchurch and our stores',
        icon: 'headset',
        updatedAt: '2025-03-03T20:00:00.000Z',
        content: html`
          <h2>Work with us</h2>
          <p>We are a friendly team across our Auckland and Christchurch warehouses and our stores in Wellington, Tauranga, Dunedin and Hamilton.</p>
          <p>We often look for:</p>
          <ul>
          <li>Warehouse team members (forklift licence a plus)</li>
          <li>Customer care advisers</li>
          <li>Buyers and category assistants</li>
          </ul>
          <p>Send your CV and a short cover letter to <a href="mailto:careers@kaurimall.co.nz">careers@kaurimall.co.nz</a>. You must have the right to work in New Zealand.</p>
        `,
      },
    ],
  },
  {
    placement: 'main',
    name: 'Policies',
    pages: [
      {
        key: 'privacy',
        title: 'Privacy & cookies',
        summary: 'What we collect, why, and your rights',
        icon: 'shield',
        updatedAt: '2025-04-01T00:00:00.000Z',
        content: html`
          <h2>What we collect</h2>
          <p>Your name, contact details, delivery addresses and order history. For wholesale accounts, your company details and NZBN. A driver licence number only if you choose to give it to verify your identity.</p>
          <h2>Why</h2>
          <p>To process and deliver your orders, run your account and membership, prevent fraud and, if you agree, send you offers.</p>
          <h2>Who sees it</h2>
          <p>Our team and the companies that help us deliver your order, such as couriers, NZ Post and our payment gateway. We never sell your information.</p>
          <h2>Cookies</h2>
          <p>We use only the cookies and browser storage needed to keep you signed in and remember your cart. We do not use advertising cookies.</p>
          <h2>Your rights</h2>
          <p>Under the Privacy Act 2020 you can ask to see and correct your information: e-mail <a href="mailto:privacy@kaurimall.co.nz">privacy@kaurimall.co.nz</a>. If you are not happy with our answer, you can contact the <a href="https://www.privacy.org.nz/">Office of the Privacy Commissioner</a>.</p>
        `,
      },
    ],
  },
];

interface LinkSeed {
  key: string;
  name: string;
  title?: string;
  linkUrl: string;
  children?: LinkSeed[];
}

/** Header top links, shown in the signed-in user menu. */
export const upLinkSeed: LinkSeed[] = [
  {
    key: 'account',
    name: 'My account',
    title: 'Your account and profile',
    linkUrl: '/pages/user/index',
    children: [
      { key: 'account-centre', name: 'Personal Center', linkUrl: '/pages/user/index' },
      { key: 'account-profile', name: 'Profile', linkUrl: '/pages/user/profile/index' },
      {
        key: 'account-addresses',
        name: 'Shipping addresses',
        linkUrl: '/pages/user/profile/shipping-address',
      },
      { key: 'account-security', name: 'Account security', linkUrl: '/pages/user/security/index' },
    ],
  },
  {
    key: 'wallet',
    name: 'My wallet',
    title: 'Points, coupons, cash cards and club membership',
    linkUrl: '/pages/user/point/index',
    children: [
      { key: 'wallet-points', name: 'Points', linkUrl: '/pages/user/point/index' },
      { key: 'wallet-coupons', name: 'Coupons', linkUrl: '/pages/user/coupon/index' },
      { key: 'wallet-cash', name: 'Cash cards', linkUrl: '/pages/user/cash/index' },
      { key: 'wallet-vip', name: 'Club membership', linkUrl: '/pages/user/vip/index' },
    ],
  },
  {
    key: 'favourites',
    name: 'Favourite goods',
    title: 'Goods you saved',
    linkUrl: '/pages/user/favorite/index',
  },
  {
    key: 'order-import',
    name: 'Order import',
    title: 'Upload a spreadsheet to fill your cart',
    linkUrl: '/pages/order/upload',
  },
  {
    key: 'help',
    name: 'Help',
    title: 'Help centre',
    linkUrl: page('how-to-order'),
    children: [
      { key: 'help-order', name: 'How to order', linkUrl: page('how-to-order') },
      { key: 'help-delivery', name: 'Shipping rates', linkUrl: page('shipping-rates') },
      { key: 'help-returns', name: 'Returns & refunds', linkUrl: page('returns') },
      { key: 'help-contact', name: 'Contact us', linkUrl: page('contact') },
    ],
  },
];

/** Footer site links: groups of links. */
export const downLinkSeed: LinkSeed[] = [
  {
    key: 'about',
    name: 'About Kauri Mall',
    linkUrl: page('our-story'),
    children: [
      { key: 'about-story', name: 'Our story', linkUrl: page('our-story') },
      { key: 'about-showroom', name: 'Showroom', title: 'Open 9:00-17:00 daily', linkUrl: page('showroom') },
      { key: 'about-careers', name: 'Careers', linkUrl: page('careers') },
      { key: 'about-recommend', name: 'Recommended for you', linkUrl: '/pages/recommend/index' },
    ],
  },
  {
    key: 'care',
    name: 'Customer care',
    linkUrl: page('contact'),
    children: [
      { key: 'care-order', name: 'How to order', linkUrl: page('how-to-order') },
      { key: 'care-shipping', name: 'Shipping rates', linkUrl: page('shipping-rates') },
      { key: 'care-returns', name: 'Returns & refunds', linkUrl: page('returns') },
      { key: 'care-contact', name: 'Contact us', linkUrl: page('contact') },
      {
        key: 'care-tracking',
        name: 'Track a parcel',
        title: 'NZ Post parcel tracking (opens a new tab)',
        linkUrl: 'https://www.nzpost.co.nz/tools/tracking',
      },
    ],
  },
  {
    key: 'trade',
    name: 'Trade',
    linkUrl: '/pages/terms/wholesale',
    children: [
      { key: 'trade-register', name: 'Open a wholesale account', linkUrl: '/pages/user/register/windex' },
      { key: 'trade-terms', name: 'Wholesale terms', linkUrl: '/pages/terms/wholesale' },
      { key: 'trade-import', name: 'Order import', linkUrl: '/pages/order/upload' },
      { key: 'trade-all', name: 'All goods', linkUrl: '/pages/search/index?keyword=all' },
    ],
  },
  {
    key: 'legal',
    name: 'Policies',
    linkUrl: '/pages/terms/standard',
    children: [
      { key: 'legal-terms', name: 'Terms & conditions', linkUrl: '/pages/terms/standard' },
      { key: 'legal-privacy', name: 'Privacy & cookies', linkUrl: page('privacy') },
      {
        key: 'legal-cga',
        name: 'Your consumer rights',
        title: 'Consumer Protection, a New Zealand Government site (opens a new tab)',
        linkUrl: 'https://www.consumerprotection.govt.nz/',
      },
    ],
  },
];

interface BannerBase {
  /** Picture file name (without 'banner-' and '.svg'). */
  name: string;
  linkUrl: string;
  startsAt?: Date;
  endsAt?: Date;
  enabled?: boolean;
}
type BannerSeed =
  | (BannerBase & { position: 'top' | 'slide' | 'advert'; art: BannerArt })
  | (BannerBase & { position: 'promo'; promo: PromoArt });

export const bannerSeed: BannerSeed[] = [
  {
    position: 'top',
    name: 'top-free-delivery',
    linkUrl: '/pages/search/index?keyword=all',
    art: {
      title: 'Free NZ-wide delivery on orders over $99',
      subtitle: 'GST-inclusive prices · 14-day returns · Local support 7 days',
      cta: 'Shop now',
      theme: 'navy',
      motif: 'box',
    },
  },
  {
    position: 'slide',
    name: 'slide-winter-outdoor',
    linkUrl: search('merino'),
    art: {
      eyebrow: 'Winter sale',
      title: 'Layer up for winter',
      subtitle: 'Merino, down and waterproof shells from Southern Alps Outdoor, up to 40% off',
      cta: 'Shop outdoor',
      theme: 'kauri',
      motif: 'mountains',
    },
  },
  {
    position: 'slide',
    name: 'slide-fresh-food',
    linkUrl: search('honey'),
    art: {
      eyebrow: 'Fresh this week',
      title: 'Fresh from Kiwi farms',
      subtitle: "Mānuka honey, feijoas and Hawke's Bay apples from Kiwi Fresh Foods",
      cta: 'Shop groceries',
      theme: 'sand',
      motif: 'leaves',
    },
  },
  {
    position: 'slide',
    name: 'slide-tech',
    linkUrl: search('laptop'),
    art: {
      eyebrow: 'New term',
      title: 'Tech for the new term',
      subtitle: 'Laptops, tablets and headphones from Tasman Tech, with NZ warranty',
      cta: 'Shop tech',
      theme: 'navy',
      motif: 'gadget',
    },
  },
  {
    position: 'slide',
    name: 'slide-home',
    linkUrl: search('wool'),
    art: {
      eyebrow: 'Home comforts',
      title: 'Warm wool, soft linen',
      subtitle: 'Throws, bedding and kitchenware from Aotearoa Home & Living',
      cta: 'Shop home',
      theme: 'ocean',
      motif: 'koru',
    },
  },
  {
    position: 'slide',
    name: 'slide-club',
    linkUrl: '/pages/user/vip/index',
    art: {
      eyebrow: 'Kauri Club',
      title: 'Members save more',
      subtitle: 'Member prices and points on every order. Join in a minute.',
      cta: 'Join the club',
      theme: 'dusk',
      motif: 'gift',
    },
  },
  {
    // Ended years ago: kept to show that expired banners are not served.
    position: 'slide',
    name: 'slide-black-friday-2020',
    linkUrl: search('black friday'),
    startsAt: new Date('2020-11-23T11:00:00.000Z'),
    endsAt: new Date('2020-11-30T11:00:00.000Z'),
    art: {
      eyebrow: 'Black Friday',
      title: 'Black Friday deals',
      subtitle: 'Our biggest sale of 2020, this week only',
      cta: 'Shop deals',
      theme: 'pohutukawa',
      motif: 'sun',
    },
  },
  {
    position: 'advert',
    name: 'advert-wholesale',
    linkUrl: '/pages/user/register/windex',
    art: {
      eyebrow: 'For business',
      title: 'Wholesale made easy',
      subtitle: 'Trade prices for NZ businesses. Register with your NZBN.',
      cta: 'Apply now',
      theme: 'kauri',
      motif: 'box',
    },
  },
  {
    position: 'advert',
    name: 'advert-beauty',
    linkUrl: search('skincare'),
    art: {
      title: 'Natural skincare',
      subtitle: 'Made in Aotearoa by Pacific Beauty Co.',
      cta: 'Shop beauty',
      theme: 'dusk',
      motif: 'bottles',
    },
  },
  {
    position: 'advert',
    name: 'advert-kids',
    linkUrl: search('toys'),
    art: {
      title: 'Gifts they will love',
      subtitle: 'Kōwhai Kids toys and puzzles from $14.90',
      cta: 'Shop kids',
      theme: 'pohutukawa',
      motif: 'gift',
    },
  },
  {
    position: 'advert',
    name: 'advert-beach',
    linkUrl: search('beach'),
    art: {
      title: 'Beach and bach',
      subtitle: 'Chilly bins, towels and sunscreen for long summer days',
      cta: 'Shop summer',
      theme: 'ocean',
      motif: 'waves',
    },
  },
  {
    position: 'promo',
    name: 'promo-honey',
    linkUrl: search('honey'),
    promo: {
      offer: '20% off',
      title: 'Mānuka honey',
      subtitle: 'Kiwi Fresh Foods, UMF 10+ and 15+',
      theme: 'sand',
      motif: 'sun',
    },
  },
  {
    position: 'promo',
    name: 'promo-merino',
    linkUrl: search('merino'),
    promo: {
      offer: 'From $39.90',
      title: 'Merino base layers',
      subtitle: 'Southern Alps Outdoor',
      theme: 'kauri',
      motif: 'mountains',
    },
  },
  {
    position: 'promo',
    name: 'promo-throws',
    linkUrl: search('throw'),
    promo: {
      offer: '2 for $60',
      title: 'Wool throws & cushions',
      subtitle: 'Aotearoa Home & Living',
      theme: 'ocean',
      motif: 'koru',
    },
  },
  {
    position: 'promo',
    name: 'promo-headphones',
    linkUrl: search('headphones'),
    promo: {
      offer: 'Save $50',
      title: 'Noise-cancelling headphones',
      subtitle: 'Tasman Tech, 2-year NZ warranty',
      theme: 'navy',
      motif: 'gadget',
    },
  },
  {
    position: 'promo',
    name: 'promo-local-spy',
    linkUrl: '/pages/search/index?supplier=SPY&keyword=all',
    promo: {
      offer: '15% off',
      title: 'Local SPY pantry',
      subtitle: 'Our own range, packed in Auckland',
      theme: 'pohutukawa',
      motif: 'box',
    },
  },
  {
    position: 'promo',
    name: 'promo-skincare',
    linkUrl: search('skincare'),
    promo: {
      offer: 'From $9.90',
      title: 'Travel-size skincare',
      subtitle: 'Pacific Beauty Co.',
      theme: 'dusk',
      motif: 'bottles',
    },
  },
];

export const mallSiteSeed = [
  {
    name: 'Kauri Trade Centre',
    url: 'https://trade.kaurimall.co.nz',
    description: 'Bulk buying for New Zealand businesses: trade prices, pallets and account terms.',
  },
  {
    name: 'Kauri Outlet',
    url: 'https://outlet.kaurimall.co.nz',
    description: 'End-of-line and ex-display stock at clearance prices.',
  },
  {
    name: 'Kauri Fresh Market',
    url: 'https://fresh.kaurimall.co.nz',
    description: 'Groceries and chilled food from local growers, delivered in Auckland and Christchurch.',
  },
  {
    name: 'Kauri Gift Cards',
    url: 'https://gifts.kaurimall.co.nz',
    description: 'Gift cards you can spend at every Kauri Mall site and store.',
  },
  {
    name: 'Kauri Travel',
    url: 'https://travel.kaurimall.co.nz',
    description: 'Closed: kept for the record, not listed.',
    enabled: false,
  },
];

const bannerPicture = (b: BannerSeed): DemoPicture => {
  const name = `banner-${b.name}`;
  switch (b.position) {
    case 'top':
      return { name, svg: topBannerSvg(b.art) };
    case 'slide':
      return { name, svg: slideSvg(b.art) };
    case 'advert':
      return { name, svg: advertSvg(b.art) };
    case 'promo':
      return { name, svg: promoSvg(b.promo) };
  }
};

/** Content: banners (with their pictures), header and footer links, introduction pages and sister sites. */
export const contentSeed: SeedSet = {
  name: 'content-v1',
  async run({ db, uploadsDir }) {
    // Pages first: links and other pages refer to them by key.
    const pageIds = new Map<string, number>();
    for (const [i, group] of introduceSeed.entries()) {
      const [g] = await db
        .insert(introduceGroup)
        .values({ placement: group.placement, name: group.name, sort: (i + 1) * 10 })
        .returning({ id: introduceGroup.id });
      const rows = await db
        .insert(introduce)
        .values(
          group.pages.map((p, j) => ({
            groupId: g!.id,
            key: p.key,
            title: p.title,
            summary: p.summary,
            icon: p.icon,
            content: p.content,
            updatedAt: new Date(p.updatedAt),
            sort: (j + 1) * 10,
          })),
        )
        .returning({ id: introduce.id, key: introduce.key });
      for (const r of rows) pageIds.set(r.key, r.id);
    }
    const resolve = (text: string) =>
      text.replaceAll(/\{\{page:([a-z0-9-]+)\}\}/g, (_m, key: string) => {
        const id = pageIds.get(key);
        if (id === undefined) throw new Error(`Unknown introduce page '${key}'`);
        return `/pages/home/html?id=${id}`;
      });
    for (const group of introduceSeed) {
      for (const p of group.pages) {
        if (p.content.includes('{{page:')) {
          await db
            .update(introduce)
            .set({ content: resolve(p.content) })
            .where(eq(introduce.id, pageIds.get(p.key)!));
        }
      }
    }

    const insertLinks = async (placement: 'up' | 'down', links: LinkSeed[], parentId: number | null) => {
      for (const [i, link] of links.entries()) {
        const [row] = await db
          .insert(siteLink)
          .values({
            placement,
            parentId,
            key: link.key,
            name: link.name,
            title: link.title ?? link.name,
            linkUrl: resolve(link.linkUrl),
            sort: (i + 1) * 10,
          })
          .returning({ id: siteLink.id });
        if (link.children) await insertLinks(placement, link.children, row!.id);
      }
    };
    await insertLinks('up', upLinkSeed, null);
    await insertLinks('down', downLinkSeed, null);

    const urls = await writeDemoPictures(uploadsDir, bannerSeed.map(bannerPicture));
    const sortIn = new Map<string, number>();
    await db.insert(banner).values(
      bannerSeed.map((b) => {
        const sort = (sortIn.get(b.position) ?? 0) + 10;
        sortIn.set(b.position, sort);
        const text =
          b.position === 'promo'
            ? { title: b.promo.title, subtitle: `${b.promo.offer} · ${b.promo.subtitle}` }
            : { title: b.art.title, subtitle: b.art.subtitle };
        return {
          position: b.position,
          ...text,
          imageUrl: urls[`banner-${b.name}`]!,
          linkUrl: b.linkUrl,
          sort,
          enabled: b.enabled ?? true,
          startsAt: b.startsAt ?? null,
          endsAt: b.endsAt ?? null,
        };
      }),
    );

    await db.insert(mallSite).values(mallSiteSeed.map((s, i) => ({ ...s, sort: (i + 1) * 10 })));
  },
};
