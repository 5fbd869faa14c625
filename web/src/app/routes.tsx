import { Navigate, type RouteObject } from 'react-router';
import { prefetchHomeBanners } from '../api/use-content.ts';
import { BootLoading } from '../components/BootLoading.tsx';
import { prefetchGoodsSearch } from '../features/catalogue/use-catalogue.ts';
import {
  ADMIN_PATH,
  AGREEMENT_PATH,
  CART_ADD_SUCCESS_PATH,
  CART_PATH,
  CASH_TICKET_PATH,
  CATEGORY_SEARCH_PATH,
  CHECKOUT_PATH,
  CHOOSE_LOCATION_PATH,
  COMMENT_DETAIL_PATH,
  COMMENT_LIST_PATH,
  COUPONS_PATH,
  FAVORITES_PATH,
  GOODS_PATH,
  HOME_ALIAS_PATH,
  HOME_PATH,
  LOGIN_PATH,
  OPEN_LOCATION_PATH,
  ORDER_DETAIL_PATH,
  ORDER_LIST_PATH,
  ORDER_UPLOAD_PATH,
  PASSWORD_RETRIEVE_PATH,
  PAY_NOTICE_PATH,
  PAY_PATH,
  POINTS_PATH,
  PROFILE_PATH,
  RECOMMEND_PATH,
  REGISTER_RETAIL_PATH,
  REGISTER_WHOLESALE_PATH,
  SEARCH_PATH,
  SECURITY_PATH,
  SERVICE_PATH,
  SHIPPING_ADDRESS_PATH,
  STANDARD_TERMS_PATH,
  USER_CENTER_PATH,
  VIP_PATH,
  WHOLESALE_TERMS_PATH,
} from '../lib/routes.ts';
import type { RouteHandle } from '../lib/use-document-title.ts';
import { queryClient } from '../state/query-client.ts';
import { lazyPage } from './lazy-page.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorView } from './RouteErrorView.tsx';
import { requireMember } from './require-member.ts';

/** A page at `path` (an absolute path of lib/routes.ts, mounted under the root layout). */
const page = (
  path: string,
  title: string,
  load: () => Promise<{ default: React.ComponentType }>,
): RouteObject => ({
  path: path.slice(1),
  handle: { title } satisfies RouteHandle,
  lazy: lazyPage(load),
});

/** A page only a signed-in member may open: guests go to login and come back (require-member.ts). */
const memberPage = (...args: Parameters<typeof page>): RouteObject => ({
  ...page(...args),
  loader: requireMember,
});

/**
 * Home, whose loader asks for the banners while the page's code loads (a static loader runs
 * beside `lazy`, not after it).
 */
const homeRoute = {
  handle: { title: 'home' } satisfies RouteHandle,
  lazy: lazyPage(() => import('../pages/HomePage.tsx')),
  loader: () => {
    prefetchHomeBanners(queryClient);
    return null;
  },
};

/** A result page (search, category), whose loader asks for its results while the page's code loads. */
const resultsPage = (...args: Parameters<typeof page>): RouteObject => ({
  ...page(...args),
  loader: ({ request }) => {
    prefetchGoodsSearch(queryClient, request.url);
    return null;
  },
});

/** Every route of docs/routes.md (history mode, base /). */
export const pageRoutes: RouteObject[] = [
  { ...homeRoute, index: true },
  { ...homeRoute, path: HOME_ALIAS_PATH.slice(1) },
  page(SERVICE_PATH, 'Service', () => import('../pages/ServicePage.tsx')),
  resultsPage(SEARCH_PATH, 'Search', () => import('../pages/SearchPage.tsx')),
  resultsPage(CATEGORY_SEARCH_PATH, 'Category', () => import('../pages/CategorySearchPage.tsx')),
  page(GOODS_PATH, 'Goods', () => import('../pages/GoodsPage.tsx')),
  page(CART_PATH, 'Shop Cart', () => import('../pages/CartPage.tsx')),
  page(CART_ADD_SUCCESS_PATH, 'Added to Cart', () => import('../pages/CartAddSuccessPage.tsx')),
  page(LOGIN_PATH, 'Login', () => import('../pages/LoginPage.tsx')),
  page(REGISTER_RETAIL_PATH, 'Register', () => import('../pages/RegisterRetailPage.tsx')),
  page(REGISTER_WHOLESALE_PATH, 'Wholesale Register', () => import('../pages/RegisterWholesalePage.tsx')),
  page(AGREEMENT_PATH, 'Agreement', () => import('../pages/AgreementPage.tsx')),
  page(PASSWORD_RETRIEVE_PATH, 'Retrieve Password', () => import('../pages/PasswordRetrievePage.tsx')),
  memberPage(USER_CENTER_PATH, 'Personal Center', () => import('../pages/UserCenterPage.tsx')),
  memberPage(POINTS_PATH, 'Points', () => import('../pages/PointsPage.tsx')),
  memberPage(CASH_TICKET_PATH, 'Cash Ticket', () => import('../pages/CashTicketPage.tsx')),
  memberPage(FAVORITES_PATH, 'Favorite Goods', () => import('../pages/FavoritesPage.tsx')),
  memberPage(COUPONS_PATH, 'Coupons', () => import('../pages/CouponsPage.tsx')),
  memberPage(SHIPPING_ADDRESS_PATH, 'Shipping Address', () => import('../pages/ShippingAddressPage.tsx')),
  memberPage(PROFILE_PATH, 'Profile', () => import('../pages/ProfilePage.tsx')),
  memberPage(SECURITY_PATH, 'Account Security', () => import('../pages/SecurityPage.tsx')),
  memberPage(VIP_PATH, 'Club Membership', () => import('../pages/VipPage.tsx')),
  memberPage(ORDER_LIST_PATH, 'My Order', () => import('../pages/OrderListPage.tsx')),
  page(ORDER_UPLOAD_PATH, 'Order Import', () => import('../pages/OrderUploadPage.tsx')),
  memberPage(ORDER_DETAIL_PATH, 'Order Detail', () => import('../pages/OrderDetailPage.tsx')),
  memberPage(COMMENT_LIST_PATH, 'Order Comments', () => import('../pages/OrderCommentsPage.tsx')),
  memberPage(COMMENT_DETAIL_PATH, 'Comment Detail', () => import('../pages/OrderCommentDetailPage.tsx')),
  memberPage(CHECKOUT_PATH, 'Checkout', () => import('../pages/CheckoutPage.tsx')),
  memberPage(PAY_PATH, 'Payment', () => import('../pages/PayPage.tsx')),
  memberPage(PAY_NOTICE_PATH, 'Payment Notice', () => import('../pages/PayNoticePage.tsx')),
  page(RECOMMEND_PATH, 'Recommendations', () => import('../pages/RecommendPage.tsx')),
  page(STANDARD_TERMS_PATH, 'Terms and Conditions', () => import('../pages/StandardTermsPage.tsx')),
  page(WHOLESALE_TERMS_PATH, 'Wholesale Terms', () => import('../pages/WholesaleTermsPage.tsx')),
  page(CHOOSE_LOCATION_PATH, 'Choose Location', () => import('../pages/ChooseLocationPage.tsx')),
  page(OPEN_LOCATION_PATH, 'Our Location', () => import('../pages/OpenLocationPage.tsx')),
  // An unknown page redirects to the home page (docs/routes.md).
  { path: '*', element: <Navigate to={HOME_PATH} replace /> },
];

export const routes: RouteObject[] = [
  {
    path: HOME_PATH,
    element: <RootLayout />,
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <BootLoading />,
    children: [{ errorElement: <RouteErrorView inLayout />, children: pageRoutes }],
  },
  // The back office: its own chunk and shell, never downloaded by shoppers (docs/back-office.md).
  {
    path: `${ADMIN_PATH}/*`,
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <BootLoading />,
    lazy: lazyPage(() => import('../pages/AdminPage.tsx')),
  },
];
