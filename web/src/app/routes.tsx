import { Navigate, type RouteObject } from 'react-router';
import { BootLoading } from '../components/BootLoading.tsx';
import type { RouteHandle } from '../lib/use-document-title.ts';
import { lazyPage } from './lazy-page.ts';
import { RootLayout } from './RootLayout.tsx';
import { RouteErrorView } from './RouteErrorView.tsx';
import { requireMember } from './require-member.ts';

const page = (
  path: string,
  title: string,
  load: () => Promise<{ default: React.ComponentType }>,
): RouteObject => ({
  path,
  handle: { title } satisfies RouteHandle,
  lazy: lazyPage(load),
});

/** A page only a signed-in member may open: guests go to login and come back (require-member.ts). */
const memberPage = (...args: Parameters<typeof page>): RouteObject => ({
  ...page(...args),
  loader: requireMember,
});

/** Every route of spec section 2 (history mode, base /). */
export const pageRoutes: RouteObject[] = [
  { index: true, handle: { title: 'home' }, lazy: lazyPage(() => import('../pages/HomePage.tsx')) },
  page('pages/index', 'home', () => import('../pages/HomePage.tsx')),
  page('pages/home/html', 'Service', () => import('../pages/ServicePage.tsx')),
  page('pages/search/index', 'Search', () => import('../pages/SearchPage.tsx')),
  page('pages/search/category', 'Category', () => import('../pages/CategorySearchPage.tsx')),
  page('pages/goods/index', 'Goods', () => import('../pages/GoodsPage.tsx')),
  page('pages/cart/index', 'Shop Cart', () => import('../pages/CartPage.tsx')),
  page('pages/cart/add-success', 'Added to Cart', () => import('../pages/CartAddSuccessPage.tsx')),
  page('pages/user/login/index', 'Login', () => import('../pages/LoginPage.tsx')),
  page('pages/user/register/index', 'Register', () => import('../pages/RegisterRetailPage.tsx')),
  page(
    'pages/user/register/windex',
    'Wholesale Register',
    () => import('../pages/RegisterWholesalePage.tsx'),
  ),
  page('pages/user/register/agreement', 'Agreement', () => import('../pages/AgreementPage.tsx')),
  page(
    'pages/user/password/retrieve',
    'Retrieve Password',
    () => import('../pages/PasswordRetrievePage.tsx'),
  ),
  memberPage('pages/user/index', 'Personal Center', () => import('../pages/UserCenterPage.tsx')),
  memberPage('pages/user/point/index', 'Points', () => import('../pages/PointsPage.tsx')),
  memberPage('pages/user/cash/index', 'Cash Ticket', () => import('../pages/CashTicketPage.tsx')),
  memberPage('pages/user/favorite/index', 'Favorite Goods', () => import('../pages/FavoritesPage.tsx')),
  memberPage('pages/user/coupon/index', 'Coupons', () => import('../pages/CouponsPage.tsx')),
  memberPage(
    'pages/user/profile/shipping-address',
    'Shipping Address',
    () => import('../pages/ShippingAddressPage.tsx'),
  ),
  memberPage('pages/user/profile/index', 'Profile', () => import('../pages/ProfilePage.tsx')),
  memberPage('pages/user/security/index', 'Account Security', () => import('../pages/SecurityPage.tsx')),
  memberPage('pages/user/vip/index', 'Club Membership', () => import('../pages/VipPage.tsx')),
  memberPage('pages/order/index', 'My Order', () => import('../pages/OrderListPage.tsx')),
  memberPage('pages/order/upload', 'Order Import', () => import('../pages/OrderUploadPage.tsx')),
  memberPage('pages/order/detail', 'Order Detail', () => import('../pages/OrderDetailPage.tsx')),
  memberPage('pages/order/comment/index', 'Order Comments', () => import('../pages/OrderCommentsPage.tsx')),
  memberPage(
    'pages/order/comment/detail',
    'Comment Detail',
    () => import('../pages/OrderCommentDetailPage.tsx'),
  ),
  memberPage('pages/order/checkout', 'Checkout', () => import('../pages/CheckoutPage.tsx')),
  memberPage('pages/order/pay/index', 'Payment', () => import('../pages/PayPage.tsx')),
  memberPage('pages/order/pay/notice', 'Payment Notice', () => import('../pages/PayNoticePage.tsx')),
  page('pages/recommend/index', 'Recommendations', () => import('../pages/RecommendPage.tsx')),
  page('pages/terms/standard', 'Terms and Conditions', () => import('../pages/StandardTermsPage.tsx')),
  page('pages/terms/wholesale', 'Wholesale Terms', () => import('../pages/WholesaleTermsPage.tsx')),
  page('choose-location', 'Choose Location', () => import('../pages/ChooseLocationPage.tsx')),
  page('open-location', 'Our Location', () => import('../pages/OpenLocationPage.tsx')),
  // Spec section 8: an unknown page redirects to the home page.
  { path: '*', element: <Navigate to="/" replace /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorView />,
    hydrateFallbackElement: <BootLoading />,
    children: [{ errorElement: <RouteErrorView inLayout />, children: pageRoutes }],
  },
];
