/** The payment pages (spec section 2) and where they link to. */
export const PAY_PATH = '/pages/order/pay/index';
export const PAY_NOTICE_PATH = '/pages/order/pay/notice';
export const ORDER_LIST_PATH = '/pages/order/index';
export const ORDER_DETAIL_PATH = '/pages/order/detail';

export const payUrl = (orderId: number) => `${PAY_PATH}?orderId=${orderId}`;
export const payNoticeUrl = (orderId: number) => `${PAY_NOTICE_PATH}?orderId=${orderId}`;
/** The order detail page takes the order's id as `id`. */
export const orderDetailUrl = (orderId: number) => `${ORDER_DETAIL_PATH}?id=${orderId}`;

/** The `orderId` of a payment page's URL: a positive integer, else null (an unknown order). */
export const orderIdParam = (params: URLSearchParams): number | null => {
  const raw = params.get('orderId') ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
};
