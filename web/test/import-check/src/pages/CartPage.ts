// Allowed: a page composes features.
import { cartView } from '../features/cart/cart-view.ts';
import { orderView } from '../features/orders/order-view.ts';

export const cartPage = () => [cartView(), orderView()];
