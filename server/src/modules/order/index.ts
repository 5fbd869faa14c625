/** The order module's face: what other modules and the app use of it. */

export { shipOrderAs } from './admin.ts';
export {
  type AdminOrderFilter,
  adminOrderBatches,
  adminOrderDetail,
  adminOrderPage,
  COUNT_CAP,
  type CountedTab,
  countCaps,
  ORDER_TAB_NAMES,
  orderStateOf,
  orderTabCounts,
} from './admin-orders.ts';
export { adminOrdersRoutes } from './admin-routes.ts';
export { completeClubOrder, orderNumbersOf, placeClubOrder, unpaidClubOrders } from './club-order.ts';
export { commentRoutes } from './comment-routes.ts';
export { orderDocumentRoutes } from './document-routes.ts';
export { orderFigures } from './figures.ts';
export { invoiceDate } from './invoice.ts';
export type { OrderLinks, OrderPaymentsReader, PaidHooks, PaidOrder } from './links.ts';
export { orderShippedMail } from './order-mail.ts';
export type { OrderWallet } from './order-wallet.ts';
export { orderRoutes } from './routes.ts';
export {
  addEvent,
  addRefundLines,
  listOrders,
  lockOrder,
  markPaid,
  markRefunded,
  markShipped,
  orderBadgeOf,
  orderNoOf,
  payableOrder,
} from './service.ts';
export { XLSX_TYPE } from './supplier-export.ts';
