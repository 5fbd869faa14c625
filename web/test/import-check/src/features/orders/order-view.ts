// Refused: a feature imports another feature.
import { cartView } from '../cart/cart-view.ts';

export const orderView = () => cartView();
